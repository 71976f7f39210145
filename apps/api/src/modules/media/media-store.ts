// MediaStore (ARCHITECTURE §5): files under DATA_DIR/media locally; an S3-compatible store later.
import { createHash } from 'node:crypto';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
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
  };
}

/** For tests and the in-memory seed: nothing touches the disk. */
export function memoryMediaStore(): MediaStore {
  const objects = new Map<string, StoredMedia>();
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
  };
}

function etagOf(body: Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}
