// GET /api/media/{path} through the real app, on the disk store (a temporary DATA_DIR) and the memory one: an
// object is streamed with its length and validator; a player seeking in a video gets the part it asks for
// (206 with Content-Range); a range past the end is 416; an unchanged object answers 304.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../testing/test-app';
import { localMediaStore, type MediaStore, memoryMediaStore } from './media-store';

const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-serve-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** A 3 MiB "video" whose every byte depends on its position, so a wrong slice shows. */
const video = Buffer.alloc(3 * 1024 * 1024);
for (let i = 0; i < video.length; i++) video[i] = (i * 7 + 3) % 253;

const stores: [string, () => MediaStore][] = [
  ['disk', () => localMediaStore(join(dataDir, 'media'))],
  ['memory', () => memoryMediaStore()],
];

describe.each(stores)('serving media from the %s store', (_name, makeStore) => {
  let t: TestApp;
  let url = '';
  let store: MediaStore;
  beforeAll(async () => {
    store = makeStore();
    t = await testApp({ seed: false, config: { media: store, dataDir } });
    url = await store.put('test/clip.mp4', video, 'video/mp4');
  });
  afterAll(async () => {
    await t.close();
  });

  it('sends the whole object with its length, type, validator and accept-ranges', async () => {
    const res = await t.app.inject(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(Number(res.headers['content-length'])).toBe(video.length);
    expect(res.rawPayload.equals(video)).toBe(true);
    const again = await t.app.inject({ url, headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('sends the range a player asks for, and a suffix', async () => {
    const part = await t.app.inject({ url, headers: { range: 'bytes=1048570-1048599' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 1048570-1048599/${video.length}`);
    expect(Number(part.headers['content-length'])).toBe(30);
    expect(part.rawPayload.equals(video.subarray(1048570, 1048600))).toBe(true);
    const tail = await t.app.inject({ url, headers: { range: 'bytes=-10' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(video.subarray(video.length - 10))).toBe(true);
  });

  it('compresses a text object (SVG) whole, its length then the compressed one', async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg">${'<rect width="1" height="1"/>'.repeat(200)}</svg>`;
    const svgUrl = await store.put('test/art.svg', svg, 'image/svg+xml');
    const res = await t.app.inject({ url: svgUrl, headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toBe(svg);
    if (res.headers['content-length'] !== undefined)
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
  });

  it('answers 416 for a range past the end, and 404 for no object', async () => {
    const past = await t.app.inject({ url, headers: { range: `bytes=${video.length}-` } });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${video.length}`);
    expect((await t.app.inject('/api/media/test/none.mp4')).statusCode).toBe(404);
  });
});
