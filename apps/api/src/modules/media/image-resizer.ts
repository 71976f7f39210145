// Images at the widths of 001 §9 (thumb 500, medium 800, medium2 1200, hires 1600, blur placeholder 20) as
// WebP, from our own media only (docs/decisions/004-catalog-api.md §6). SVG is rasterised at the target
// width; raster images are never enlarged. Results are cached on disk under DATA_DIR/media/.cache.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
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
      let body: Buffer;
      try {
        body = await render(source.body, source.contentType === 'image/svg+xml', width);
      } catch {
        return { kind: 'not-image' };
      }
      if (cached) {
        await mkdir(join(cached, '..'), { recursive: true });
        const tmp = `${cached}.${process.pid}.tmp`;
        await writeFile(tmp, body);
        await rename(tmp, cached);
      }
      return { kind: 'ok', body, etag };
    },
  };
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
