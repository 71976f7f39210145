// GET /api/media/resize (001 §9 image widths; docs/decisions/004-catalog-api.md §6).
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../testing/test-app';
import { memoryMediaStore } from './media-store';

let t: TestApp;
const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-resize-'));
const media = memoryMediaStore();
let svgSrc = '';

beforeAll(async () => {
  t = await testApp({ seed: false, config: { media, dataDir } });
  svgSrc = await media.put(
    'test/art.svg',
    '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200"><rect width="300" height="200" fill="#c33"/></svg>',
    'image/svg+xml',
  );
  const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3a6' } })
    .png()
    .toBuffer();
  await media.put('test/photo.png', png, 'image/png');
  await media.put('test/clip.mp4', Buffer.from('not really a video'), 'video/mp4');
  await media.put('test/broken.png', Buffer.from('not a png'), 'image/png');
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const resize = (src: string, w: string | number) =>
  t.app.inject(`/api/media/resize?src=${encodeURIComponent(src)}&w=${w}`);

describe('GET /api/media/resize', () => {
  it('rasterises SVG to WebP at the asked width, and caches it on disk', async () => {
    const res = await resize(svgSrc, 800);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 800, height: 533 });
    expect(
      readdirSync(join(dataDir, 'media', '.cache'), { recursive: true }).some((f) =>
        String(f).endsWith('.webp'),
      ),
    ).toBe(true);
    const again = await t.app.inject({
      url: `/api/media/resize?src=${encodeURIComponent(svgSrc)}&w=800`,
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('answers every one of many requests at once for an image not resized yet (a page and its preload ask together)', async () => {
    const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#a36' } })
      .png()
      .toBuffer();
    const src = await media.put('test/fresh.png', png, 'image/png');
    const answers = await Promise.all(Array.from({ length: 6 }, () => resize(src, 500)));
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    for (const a of answers) expect((await sharp(a.rawPayload).metadata()).width).toBe(320);
  });

  it('never enlarges a raster image, and makes a 20-px placeholder', async () => {
    const big = await resize('/api/media/test/photo.png', 1600);
    expect((await sharp(big.rawPayload).metadata()).width).toBe(640);
    const thumb = await resize('/api/media/test/photo.png', 500);
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(500);
    const blur = await resize('/api/media/test/photo.png', 20);
    expect(blur.statusCode).toBe(200);
    expect((await sharp(blur.rawPayload).metadata()).width).toBe(20);
  });

  it('accepts only the widths of 001 §9 and only our own media', async () => {
    expect((await resize(svgSrc, 640)).statusCode).toBe(400);
    expect((await resize(svgSrc, 'abc')).statusCode).toBe(400);
    expect((await resize('https://example.com/a.png', 500)).statusCode).toBe(400);
    expect((await resize('/etc/passwd', 500)).statusCode).toBe(400);
    expect((await resize('/api/media/../../etc/passwd', 500)).statusCode).toBe(404);
    expect((await resize('/api/media/test/missing.png', 500)).statusCode).toBe(404);
  });

  it('refuses what is not an image with 415', async () => {
    const video = await resize('/api/media/test/clip.mp4', 500);
    expect(video.statusCode).toBe(415);
    expect(video.json()).toMatchObject({ errorType: 'unsupported-media-type' });
    expect((await resize('/api/media/test/broken.png', 500)).statusCode).toBe(415);
  });
});
