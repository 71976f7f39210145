// MediaStore (ARCHITECTURE §5): files under DATA_DIR/media locally; an S3-compatible store later.
import { createHash } from 'node:crypto';
import { createReadStream, openAsBlob } from 'node:fs';
import { copyFile, mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';
import { Readable } from 'node:stream';

export interface StoredMedia {
  body: Buffer;
  contentType: string;
  etag: string;
}

/** A served object as /api/media sends it: described first, its bytes streamed (all, or one range). */
export interface ServedMedia {
  size: number;
  contentType: string;
  etag: string;
  /** The bytes from `start` to `end` inclusive, or all of them, never held whole. */
  stream(range?: { start: number; end: number }): Readable;
}

/** A staged upload's file, read without holding it whole (docs/decisions/018). */
export interface StagedFile {
  /** Bytes staged. */
  size: number;
  /** The first `length` bytes (all of them when the file is shorter): the content sniff. */
  head(length: number): Promise<Buffer>;
  /** The bytes in order, in chunks of at most `chunkSize` (1 MiB by default). */
  chunks(chunkSize?: number): AsyncIterable<Uint8Array>;
  /** The bytes as a Blob read only as it is sent (on disk: `fs.openAsBlob`), for the pinning request. */
  blob(contentType: string): Promise<Blob>;
  /**
   * What sharp reads the file from: its path where the store keeps files (libvips reads it itself, no
   * Buffer of the whole file in Node), else the bytes the store holds already.
   */
  sharpInput(): string | Buffer;
}

export const STAGED_CHUNK_BYTES = 1024 * 1024;

export interface MediaStore {
  /** Stores an object and returns the public URL it is served at. */
  put(key: string, body: Buffer | string, contentType: string): Promise<string>;
  get(key: string): Promise<StoredMedia | null>;
  /** An object to send (a video of 300 MB included) without reading it into memory; null when none. */
  openServed(key: string): Promise<ServedMedia | null>;
  /**
   * Resumable uploads (docs/decisions/018): the parts of an unfinished upload, staged apart from the
   * served objects (never reachable at /api/media), written at their offset, read as a stream at finish
   * and then promoted (moved, not copied) to the served object, or removed (a refused file, or the sweep
   * of stale uploads).
   */
  writeStaged(uploadId: string, offset: number, bytes: Buffer): Promise<void>;
  /** The staged file, or null when nothing is staged for this upload. */
  openStaged(uploadId: string): Promise<StagedFile | null>;
  /**
   * Makes the staged file the served object `key` without copying it through memory (on disk a rename
   * within DATA_DIR) and answers its public URL. When the staged file is gone but `key` exists (a finish
   * beside this one promoted it), answers the URL too; otherwise throws.
   */
  promoteStaged(uploadId: string, key: string, contentType: string): Promise<string>;
  removeStaged(uploadId: string): Promise<void>;
}

const STAGED_ID = /^[A-Za-z0-9_-]{8,64}$/;
function stagedId(uploadId: string): string {
  if (!STAGED_ID.test(uploadId)) throw new Error(`invalid upload id: ${uploadId}`);
  return uploadId;
}

/** Keys are relative paths of safe segments: letters, digits, '-', '_', '.', no '..'. */
const KEY = /^(?!.*\.\.)[A-Za-z0-9_-][A-Za-z0-9._/-]{0,300}$/;

export function isValidMediaKey(key: string): boolean {
  return KEY.test(key) && !key.includes('//');
}

const TYPES: Record<string, string> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  mp4: 'video/mp4',
  webm: 'video/webm',
  ogg: 'audio/ogg',
  glb: 'model/gltf-binary',
  html: 'text/html',
};

export function contentTypeFor(key: string): string {
  const ext = key.split('.').pop()?.toLowerCase() ?? '';
  return TYPES[ext] ?? 'application/octet-stream';
}

export function mediaUrl(key: string): string {
  return `/api/media/${key}`;
}

export function localMediaStore(dataDir: string): MediaStore {
  const root = normalize(join(dataDir, 'media'));
  const staging = normalize(join(dataDir, 'media-staging'));
  const stagedPath = (uploadId: string) => join(staging, `${stagedId(uploadId)}.part`);
  const pathOf = (key: string) => {
    if (!isValidMediaKey(key)) throw new Error(`invalid media key: ${key}`);
    const full = normalize(join(root, key));
    if (!full.startsWith(root + sep)) throw new Error(`invalid media key: ${key}`);
    return full;
  };
  return {
    async put(key, body, _contentType) {
      const full = pathOf(key);
      await mkdir(dirname(full), { recursive: true });
      await writeFile(full, body);
      return mediaUrl(key);
    },
    async get(key) {
      if (!isValidMediaKey(key)) return null;
      const full = pathOf(key);
      try {
        const info = await stat(full);
        if (!info.isFile()) return null;
        const body = await readFile(full);
        return { body, contentType: contentTypeFor(key), etag: etagOf(body) };
      } catch {
        return null;
      }
    },
    async openServed(key) {
      if (!isValidMediaKey(key)) return null;
      const full = pathOf(key);
      try {
        const info = await stat(full);
        if (!info.isFile()) return null;
        return {
          size: info.size,
          contentType: contentTypeFor(key),
          // Size and modification time, as web servers do: no read of the file to answer a validator.
          etag: `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`,
          stream: (range) => createReadStream(full, range ? { start: range.start, end: range.end } : {}),
        };
      } catch {
        return null;
      }
    },
    async writeStaged(uploadId, offset, bytes) {
      await mkdir(staging, { recursive: true });
      const file = await open(stagedPath(uploadId), 'a+').then(async (f) => {
        await f.close();
        return open(stagedPath(uploadId), 'r+');
      });
      try {
        await file.write(bytes, 0, bytes.length, offset);
      } finally {
        await file.close();
      }
    },
    async openStaged(uploadId) {
      const path = stagedPath(uploadId);
      const info = await stat(path).catch(() => null);
      if (!info?.isFile()) return null;
      return {
        size: info.size,
        async head(length) {
          const file = await open(path, 'r');
          try {
            const buf = Buffer.alloc(Math.min(length, info.size));
            const { bytesRead } = await file.read(buf, 0, buf.length, 0);
            return buf.subarray(0, bytesRead);
          } finally {
            await file.close();
          }
        },
        chunks: (chunkSize = STAGED_CHUNK_BYTES) => createReadStream(path, { highWaterMark: chunkSize }),
        blob: (contentType) => openAsBlob(path, { type: contentType }),
        sharpInput: () => path,
      };
    },
    async promoteStaged(uploadId, key, _contentType) {
      const from = stagedPath(uploadId);
      const to = pathOf(key);
      await mkdir(dirname(to), { recursive: true });
      try {
        await rename(from, to);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'EXDEV') {
          // DATA_DIR/media and DATA_DIR/media-staging on two filesystems: the kernel copies.
          await copyFile(from, to);
          await rm(from, { force: true });
        } else if (code === 'ENOENT' && (await stat(to).catch(() => null))?.isFile()) {
          // Promoted already by a finish beside this one.
        } else {
          throw error;
        }
      }
      return mediaUrl(key);
    },
    async removeStaged(uploadId) {
      await rm(stagedPath(uploadId), { force: true });
    },
  };
}

/** For tests and the in-memory seed: nothing touches the disk. */
export function memoryMediaStore(): MediaStore {
  const objects = new Map<string, StoredMedia>();
  const staged = new Map<string, Buffer>();
  return {
    async put(key, body, contentType) {
      if (!isValidMediaKey(key)) throw new Error(`invalid media key: ${key}`);
      const buf = typeof body === 'string' ? Buffer.from(body) : body;
      objects.set(key, { body: buf, contentType, etag: etagOf(buf) });
      return mediaUrl(key);
    },
    async get(key) {
      return objects.get(key) ?? null;
    },
    async openServed(key) {
      const object = objects.get(key);
      if (!object) return null;
      return {
        size: object.body.length,
        contentType: object.contentType,
        etag: object.etag,
        stream: (range) =>
          Readable.from([range ? object.body.subarray(range.start, range.end + 1) : object.body]),
      };
    },
    async writeStaged(uploadId, offset, bytes) {
      const id = stagedId(uploadId);
      const current = staged.get(id) ?? Buffer.alloc(0);
      const next = Buffer.alloc(Math.max(current.length, offset + bytes.length));
      current.copy(next);
      bytes.copy(next, offset);
      staged.set(id, next);
    },
    async openStaged(uploadId) {
      const bytes = staged.get(stagedId(uploadId));
      if (!bytes) return null;
      return {
        size: bytes.length,
        head: async (length) => Buffer.from(bytes.subarray(0, length)),
        chunks: async function* (chunkSize = STAGED_CHUNK_BYTES) {
          for (let at = 0; at < bytes.length; at += chunkSize) yield bytes.subarray(at, at + chunkSize);
        },
        blob: async (contentType) => new Blob([new Uint8Array(bytes)], { type: contentType }),
        sharpInput: () => bytes,
      };
    },
    async promoteStaged(uploadId, key, contentType) {
      if (!isValidMediaKey(key)) throw new Error(`invalid media key: ${key}`);
      const id = stagedId(uploadId);
      const bytes = staged.get(id);
      if (bytes) {
        staged.delete(id);
        objects.set(key, { body: bytes, contentType, etag: etagOf(bytes) });
      } else if (!objects.has(key)) {
        throw new Error(`nothing staged for upload ${uploadId}`);
      }
      return mediaUrl(key);
    },
    async removeStaged(uploadId) {
      staged.delete(stagedId(uploadId));
    },
  };
}

function etagOf(body: Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}
