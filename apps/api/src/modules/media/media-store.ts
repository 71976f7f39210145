// MediaStore (ARCHITECTURE §5): files under DATA_DIR/media locally; an S3-compatible store later.
import { createHash } from 'node:crypto';
import { mkdir, open, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';

export interface StoredMedia {
  body: Buffer;
  contentType: string;
  etag: string;
}

export interface MediaStore {
  /** Stores an object and returns the public URL it is served at. */
  put(key: string, body: Buffer | string, contentType: string): Promise<string>;
  get(key: string): Promise<StoredMedia | null>;
  /**
   * Resumable uploads (docs/decisions/018): the parts of an unfinished upload, staged apart from the
   * served objects (never reachable at /api/media), written at their offset, read whole at finish, removed
   * after it (or by the sweep of stale uploads).
   */
  writeStaged(uploadId: string, offset: number, bytes: Buffer): Promise<void>;
  readStaged(uploadId: string): Promise<Buffer | null>;
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
    async readStaged(uploadId) {
      try {
        return await readFile(stagedPath(uploadId));
      } catch {
        return null;
      }
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
    async writeStaged(uploadId, offset, bytes) {
      const id = stagedId(uploadId);
      const current = staged.get(id) ?? Buffer.alloc(0);
      const next = Buffer.alloc(Math.max(current.length, offset + bytes.length));
      current.copy(next);
      bytes.copy(next, offset);
      staged.set(id, next);
    },
    async readStaged(uploadId) {
      return staged.get(stagedId(uploadId)) ?? null;
    },
    async removeStaged(uploadId) {
      staged.delete(stagedId(uploadId));
    },
  };
}

function etagOf(body: Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}
