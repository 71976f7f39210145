// Images at the widths of 001 §9 (thumb 500, medium 800, medium2 1200, hires 1600, blur placeholder 20) as
// WebP, from our own media only (docs/decisions/004-catalog-api.md §6). SVG is rasterised at the target
// width; raster images are never enlarged. Results are cached on disk under DATA_DIR/media/.cache.
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BLUR_PLACEHOLDER_WIDTH, type ImageResizeWidth } from '@vitrine/domain';
import sharp from 'sharp';
import type { MediaStore } from './media-store';

const RESIZABLE = new Set([
  'image/svg+xml',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
]);
/** Largest source we decode (pixels), against decompression bombs. */
const MAX_INPUT_PIXELS = 100_000_000;

export type ResizeResult =
  | { kind: 'ok'; body: Buffer; etag: string }
  | { kind: 'not-found' }
  | { kind: 'not-image' };

export interface ImageResizer {
  resize(key: string, width: ImageResizeWidth): Promise<ResizeResult>;
}

export function createImageResizer(deps: { media: MediaStore; cacheDir: string | null }): ImageResizer {
  const { media, cacheDir } = deps;
  // Requests for one image at one width while it is being made share the one rendering. Before, each rendered it
  // and wrote the same temporary file, and all but the first rename failed: a new drop's cover answered 500 to the
  // page and its preload asking at once, and to most of a drop day's first visitors (QA 2026-12-07).
  const rendering = new Map<string, Promise<ResizeResult>>();
  return {
    async resize(key, width) {
      const source = await media.get(key);
      if (!source) return { kind: 'not-found' };
      if (!RESIZABLE.has(source.contentType)) return { kind: 'not-image' };
      const hash = createHash('sha1').update(`${key}\n${source.etag}\n${width}`).digest('hex');
      const etag = `"${hash}"`;
      const cached = cacheDir ? join(cacheDir, hash.slice(0, 2), `${hash}.webp`) : null;
      if (cached) {
        const hit = await readFile(cached).catch(() => null);
        if (hit) return { kind: 'ok', body: hit, etag };
      }
      const pending = rendering.get(hash);
      if (pending) return pending;
      const made = (async (): Promise<ResizeResult> => {
        let body: Buffer;
        try {
          body = await render(source.body, source.contentType === 'image/svg+xml', width);
        } catch {
          return { kind: 'not-image' };
        }
        // The cache is a saving, not the answer: a write that fails (a full disk, another process writing the same
        // file) still answers the image.
        if (cached) await writeCache(cached, body).catch(() => undefined);
        return { kind: 'ok', body, etag };
      })();
      rendering.set(hash, made);
      try {
        return await made;
      } finally {
        rendering.delete(hash);
      }
    },
  };
}

/** Written whole or not at all: to a file of this write's own, then renamed into place. */
async function writeCache(path: string, body: Buffer): Promise<void> {
  await mkdir(join(path, '..'), { recursive: true });
  const tmp = `${path}.${process.pid}.${randomUUID()}.tmp`;
  await writeFile(tmp, body);
  await rename(tmp, path).catch(async (error) => {
    await rm(tmp, { force: true });
    throw error;
  });
}

async function render(input: Buffer, svg: boolean, width: number): Promise<Buffer> {
  const options = { limitInputPixels: MAX_INPUT_PIXELS, animated: false, failOn: 'error' as const };
  let density: number | undefined;
  if (svg) {
    const meta = await sharp(input, options).metadata();
    // Render the vector at (at least) the target width instead of scaling up a 72 dpi raster.
    if (meta.width) density = Math.min(2400, Math.max(1, (72 * width) / meta.width));
  }
  const placeholder = width === BLUR_PLACEHOLDER_WIDTH;
  return sharp(input, density === undefined ? options : { ...options, density })
    .rotate()
    .resize({ width, withoutEnlargement: !svg })
    .blur(placeholder ? 2 : false)
    .webp({ quality: placeholder ? 50 : 80 })
    .toBuffer();
}
