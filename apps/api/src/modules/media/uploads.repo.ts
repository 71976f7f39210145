import { type Db, schema } from '@vitrine/db';
import { and, eq, lt, sql } from 'drizzle-orm';

const { uploads } = schema;

export interface UploadRow {
  id: string;
  publisherId: number;
  userId: number;
  fileName: string;
  declaredType: string;
  purpose: string;
  size: number;
  received: number;
  status: string;
  contentType: string | null;
  assetType: string | null;
  mediaUrl: string | null;
  staticThumbnailUrl: string | null;
  ipfsCid: string | null;
  pinnedCid: string | null;
  createdAt: Date;
  updatedAt: Date;
}

const columns = {
  id: uploads.id,
  publisherId: uploads.publisherId,
  userId: uploads.userId,
  fileName: uploads.fileName,
  declaredType: uploads.declaredType,
  purpose: uploads.purpose,
  size: uploads.size,
  received: uploads.received,
  status: uploads.status,
  contentType: uploads.contentType,
  assetType: uploads.assetType,
  mediaUrl: uploads.mediaUrl,
  staticThumbnailUrl: uploads.staticThumbnailUrl,
  ipfsCid: uploads.ipfsCid,
  pinnedCid: uploads.pinnedCid,
  createdAt: uploads.createdAt,
  updatedAt: uploads.updatedAt,
};

export function createUploadsRepo(db: Db) {
  return {
    db,
    async create(row: {
      id: string;
      publisherId: number;
      userId: number;
      fileName: string;
      declaredType: string;
      purpose: string;
      size: number;
      at: Date;
    }): Promise<UploadRow> {
      const [created] = await db
        .insert(uploads)
        .values({ ...row, createdAt: row.at, updatedAt: row.at })
        .returning(columns);
      if (!created) throw new Error('upload not created');
      return created;
    },

    async find(id: string, publisherId: number): Promise<UploadRow | null> {
      const [row] = await db
        .select(columns)
        .from(uploads)
        .where(and(eq(uploads.id, id), eq(uploads.publisherId, publisherId)))
        .limit(1);
      return row ?? null;
    },

    /** Counts a part in: only when it continues exactly where the upload stood (a conditional update). */
    async advance(id: string, from: number, to: number, at: Date): Promise<boolean> {
      const changed = await db
        .update(uploads)
        .set({ received: to, updatedAt: at })
        .where(and(eq(uploads.id, id), eq(uploads.status, 'open'), eq(uploads.received, from)))
        .returning({ id: uploads.id });
      return changed.length === 1;
    },

    /** Records what the bytes were; only the first finish of an open, complete upload wins. */
    async finish(
      id: string,
      result: {
        contentType: string;
        assetType: string;
        mediaUrl: string;
        staticThumbnailUrl: string | null;
        ipfsCid: string;
        pinnedCid: string | null;
      },
      at: Date,
    ): Promise<UploadRow | null> {
      const [row] = await db
        .update(uploads)
        .set({ ...result, status: 'finished', updatedAt: at, finishedAt: at })
        .where(and(eq(uploads.id, id), eq(uploads.status, 'open'), eq(uploads.received, uploads.size)))
        .returning(columns);
      return row ?? null;
    },

    async remove(id: string): Promise<void> {
      await db.delete(uploads).where(eq(uploads.id, id));
    },

    /** Open uploads untouched since `before`: their parts are abandoned. */
    async stale(before: Date, limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: uploads.id })
        .from(uploads)
        .where(and(eq(uploads.status, 'open'), lt(uploads.updatedAt, before)))
        .limit(limit);
      return rows.map((r) => r.id);
    },

    /** Removes a stale upload unless a part arrived meanwhile. */
    async removeIfStale(id: string, before: Date): Promise<boolean> {
      const rows = await db
        .delete(uploads)
        .where(and(eq(uploads.id, id), eq(uploads.status, 'open'), lt(uploads.updatedAt, before)))
        .returning({ id: uploads.id });
      return rows.length === 1;
    },

    /** The media URL of a finished upload of this publisher (storefront pictures come from uploads). */
    async isPublisherMedia(publisherId: number, mediaUrl: string): Promise<boolean> {
      const [row] = await db
        .select({ one: sql<number>`1` })
        .from(uploads)
        .where(
          and(
            eq(uploads.publisherId, publisherId),
            eq(uploads.status, 'finished'),
            eq(uploads.mediaUrl, mediaUrl),
          ),
        )
        .limit(1);
      return row !== undefined;
    },
  };
}
export type UploadsRepo = ReturnType<typeof createUploadsRepo>;
