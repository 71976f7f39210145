// Resumable uploads of publishers' media (issue 16; docs/decisions/018). Start declares the file (name, size,
// type): refused at once when the name or the size breaks 001 §5/§9. Parts arrive with Content-Range, each
// exactly where the upload stands (a retry asks GET and continues). Finish streams the staged file, never
// holding it whole: its kind is found by content from its first bytes, not by name; the IPFS CID is computed
// here from 1 MiB chunks; video and 3D get a generated poster, an animated image its first frame (sharp reads
// the file itself); the file is pinned when a pinning service is configured (sent as a file-backed Blob);
// then the staged file is moved (not copied) to the served object and the result recorded.
import { randomBytes } from 'node:crypto';
import type { Db } from '@vitrine/db';
import {
  AppError,
  checkUploadContent,
  checkUploadStart,
  SNIFF_BYTES,
  UPLOAD_KINDS,
  UPLOAD_MESSAGES,
  type UploadPurpose,
} from '@vitrine/domain';
import type { Clock } from '../../lib/clock';
import { requireMemberPublisher } from '../../lib/publisher-access';
import type { AuthContext } from '../auth/auth.service';
import { computeIpfsCid } from './ipfs-cid';
import type { MediaStore } from './media-store';
import type { Pinner } from './pinning';
import { firstFrame, generatedPoster } from './poster';
import type { UploadRow, UploadsRepo } from './uploads.repo';

/** Open uploads untouched this long are removed with their parts by the sweep. */
export const STALE_UPLOAD_MS = 24 * 60 * 60 * 1000;

export interface UploadView {
  uploadId: string;
  status: 'open' | 'finished';
  fileName: string;
  size: number;
  received: number;
  mediaUrl: string | null;
  contentType: string | null;
  assetType: string | null;
  staticThumbnailUrl: string | null;
  ipfsCid: string | null;
  pinnedCid: string | null;
}

const toView = (r: UploadRow): UploadView => ({
  uploadId: r.id,
  status: r.status === 'finished' ? 'finished' : 'open',
  fileName: r.fileName,
  size: r.size,
  received: r.received,
  mediaUrl: r.mediaUrl,
  contentType: r.contentType,
  assetType: r.assetType,
  staticThumbnailUrl: r.staticThumbnailUrl,
  ipfsCid: r.ipfsCid,
  pinnedCid: r.pinnedCid,
});

const invalid = (field: string, message: string, statusCode = 400) =>
  new AppError({ errorType: 'validation-error', message, statusCode, fields: { [field]: message } });
const uploadNotFound = () =>
  new AppError({ errorType: 'not-found', message: 'Upload not found', statusCode: 404 });
const partOutOfPlace = (received: number) =>
  new AppError({
    errorType: 'upload-offset-mismatch',
    message: `${UPLOAD_MESSAGES.chunkFailed} (${received} bytes received)`,
    statusCode: 409,
  });

export function createUploadsService(deps: {
  db: Db;
  repo: UploadsRepo;
  media: MediaStore;
  clock: Clock;
  pinner: Pinner | null;
}) {
  const { db, repo, media, clock, pinner } = deps;

  /** Finishes under way in this process, by upload id. */
  const finishing = new Map<string, Promise<UploadView>>();

  /** The finish of an open, complete upload (docs/decisions/018 "Finish streams the staged file"). */
  async function finishStaged(row: UploadRow): Promise<UploadView> {
    /** What another finish recorded, when this one finds the staged file gone or fails beside it. */
    const recorded = async () => {
      const now = await repo.find(row.id, row.publisherId);
      return now?.status === 'finished' ? toView(now) : null;
    };
    const staged = await media.openStaged(row.id);
    if (!staged || staged.size !== row.size) {
      // A finish running beside this one (another process) may have recorded the result and moved the file.
      const done = await recorded();
      if (done) return done;
      throw invalid('upload', UPLOAD_MESSAGES.chunkFailed);
    }
    const check = checkUploadContent(await staged.head(SNIFF_BYTES), {
      fileName: row.fileName,
      declaredType: row.declaredType,
      purpose: row.purpose === 'image' ? 'image' : 'asset',
    });
    if (!check.ok) {
      // A refused file is not kept: its parts and its upload go now.
      await media.removeStaged(row.id);
      await repo.remove(row.id);
      throw invalid('file', check.message, 415);
    }
    const kind = UPLOAD_KINDS[check.kind];
    const base = `uploads/${row.publisherId}/${row.id}`;
    try {
      const ipfsCid = await computeIpfsCid(staged.chunks());
      const poster =
        kind.assetType === 'Video'
          ? await generatedPoster('Video', row.fileName)
          : kind.assetType === 'ThreeDimensional'
            ? await generatedPoster('3D model', row.fileName)
            : kind.assetType === 'Audio'
              ? await generatedPoster('Audio', row.fileName)
              : kind.assetType === 'AnimatedImage'
                ? await firstFrame(staged.sharpInput()).catch(() => null)
                : null;
      const staticThumbnailUrl = poster ? await media.put(`${base}-thumb.png`, poster, 'image/png') : null;
      const pinnedCid = pinner
        ? (
            await pinner.pin({
              blob: await staged.blob(kind.contentType),
              fileName: row.fileName,
              title: row.fileName,
            })
          ).cid
        : null;
      // Last, so that a failure before it (Pinata) leaves the upload open with its file: finishing retries.
      const mediaUrl = await media.promoteStaged(row.id, `${base}.${kind.ext}`, kind.contentType);
      const finished = await repo.finish(
        row.id,
        {
          contentType: kind.contentType,
          assetType: kind.assetType,
          mediaUrl,
          staticThumbnailUrl,
          ipfsCid,
          pinnedCid,
        },
        clock.now(),
      );
      if (finished) return toView(finished);
      // Another finish won the race: answer what it recorded.
      return (await recorded()) ?? toView(row);
    } catch (error) {
      // The file moved away under this finish by one in another process that has recorded its result.
      const done = await recorded();
      if (done) return done;
      throw error;
    }
  }

  async function ownUpload(auth: AuthContext, slug: string, uploadId: string): Promise<UploadRow> {
    const publisher = await requireMemberPublisher(db, slug, auth.userId);
    const row = await repo.find(uploadId, publisher.id);
    if (!row) throw uploadNotFound();
    return row;
  }

  return {
    async start(
      auth: AuthContext,
      slug: string,
      input: { fileName: string; size: number; declaredType: string; purpose: UploadPurpose },
    ): Promise<UploadView> {
      const publisher = await requireMemberPublisher(db, slug, auth.userId);
      const refused = checkUploadStart(input);
      if (refused) throw invalid(refused.field, refused.message, refused.field === 'size' ? 413 : 400);
      const row = await repo.create({
        id: randomBytes(18).toString('base64url'),
        publisherId: publisher.id,
        userId: auth.userId,
        fileName: input.fileName,
        declaredType: input.declaredType,
        purpose: input.purpose,
        size: input.size,
        at: clock.now(),
      });
      return toView(row);
    },

    async status(auth: AuthContext, slug: string, uploadId: string): Promise<UploadView> {
      return toView(await ownUpload(auth, slug, uploadId));
    },

    /** Checks a part's place before its body is read (the route's preValidation has only the headers). */
    async checkPart(
      auth: AuthContext,
      slug: string,
      uploadId: string,
      range: { start: number; end: number; total: number },
    ): Promise<UploadRow> {
      const row = await ownUpload(auth, slug, uploadId);
      if (range.total !== row.size) throw invalid('contentRange', UPLOAD_MESSAGES.chunkFailed);
      if (row.status !== 'open') throw partOutOfPlace(row.received);
      if (range.start !== row.received) throw partOutOfPlace(row.received);
      return row;
    },

    async writePart(
      row: UploadRow,
      range: { start: number; end: number; total: number },
      bytes: Buffer,
    ): Promise<UploadView> {
      if (bytes.length !== range.end - range.start + 1)
        throw invalid('contentRange', UPLOAD_MESSAGES.chunkFailed);
      await media.writeStaged(row.id, range.start, bytes);
      const at = clock.now();
      if (!(await repo.advance(row.id, range.start, range.end + 1, at))) {
        const now = await repo.find(row.id, row.publisherId);
        throw partOutOfPlace(now?.received ?? 0);
      }
      return { ...toView(row), received: range.end + 1 };
    },

    async finish(auth: AuthContext, slug: string, uploadId: string): Promise<UploadView> {
      const row = await ownUpload(auth, slug, uploadId);
      if (row.status === 'finished') return toView(row);
      if (row.received !== row.size) throw invalid('upload', UPLOAD_MESSAGES.incomplete);
      // Finishes of one upload at once (in this process) share one run: the file is read, pinned and
      // moved once, and they all answer its result.
      const running = finishing.get(row.id);
      if (running) return running;
      const run = finishStaged(row).finally(() => finishing.delete(row.id));
      finishing.set(row.id, run);
      return run;
    },

    /** The sweep: open uploads untouched for a day are removed with their staged parts. */
    async sweepStale(): Promise<number> {
      const before = new Date(clock.now().getTime() - STALE_UPLOAD_MS);
      let removed = 0;
      for (const id of await repo.stale(before, 500)) {
        if (await repo.removeIfStale(id, before)) {
          await media.removeStaged(id);
          removed += 1;
        }
      }
      return removed;
    },

    isPublisherMedia: (publisherId: number, mediaUrl: string) => repo.isPublisherMedia(publisherId, mediaUrl),
  };
}
export type UploadsService = ReturnType<typeof createUploadsService>;
