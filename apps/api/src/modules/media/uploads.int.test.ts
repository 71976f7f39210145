// Publisher uploads through the real app (issue 16, decision 018): members only; names and the 300MB limit
// refused at start; a part whose declared size is over the limit refused before its body is read; the type
// found by content (an HTML file named .png is refused); a resumed upload has the same CID as a single one;
// posters for video and 3D; Pinata behind configuration, against a local fake; stale parts swept; a large
// file (8 MiB in 4 parts) is streamed at finish, on the memory store and on disk: served back byte for byte
// with the CID of the whole buffer, pinned whole, five finishes at once answering one result.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { schema } from '@vitrine/db';
import { fixtures } from '@vitrine/db/testing';
import { ERROR_TYPES, UPLOAD_MESSAGES } from '@vitrine/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_PINATA_JWT, startFakePinata } from '../../testing/fake-pinata';
import { type TestApp, testApp } from '../../testing/test-app';
import { sessionFor, type TestSession } from '../social/test-session';
import { computeIpfsCid } from './ipfs-cid';
import { localMediaStore } from './media-store';

let t: TestApp;
let member: TestSession;
let outsider: TestSession;
let slug: string;
let ownerProfileUrl: string;

beforeAll(async () => {
  t = await testApp({ seed: false });
  const f = fixtures(t.app.config.database.db);
  const owner = await f.user();
  const other = await f.user();
  const publisher = await f.publisher();
  await f.publisher({ slug: 'someone-else' });
  await t.app.config.database.db
    .insert(schema.publisherMembers)
    .values({ publisherId: publisher.id, userId: owner.id, role: 'owner' });
  slug = publisher.slug;
  ownerProfileUrl = owner.profileUrl;
  member = await sessionFor(t.app, owner.profileUrl);
  outsider = await sessionFor(t.app, other.profileUrl);
});
afterAll(async () => {
  await t.close();
});

interface Upload {
  uploadId: string;
  status: string;
  size: number;
  received: number;
  mediaUrl: string | null;
  contentType: string | null;
  assetType: string | null;
  staticThumbnailUrl: string | null;
  ipfsCid: string | null;
  pinnedCid: string | null;
}

const start = (app: TestApp['app'], body: Record<string, unknown>, s = member, at = slug) =>
  app.inject({ method: 'POST', url: `/api/publisher/${at}/uploads/`, headers: s.headers, payload: body });
const sendPart = (app: TestApp['app'], id: string, bytes: Buffer, from: number, total: number) =>
  app.inject({
    method: 'PUT',
    url: `/api/publisher/${slug}/uploads/${id}/`,
    headers: {
      ...member.headers,
      'content-type': 'application/octet-stream',
      'content-range': `bytes ${from}-${from + bytes.length - 1}/${total}`,
    },
    payload: bytes,
  });
const status = (app: TestApp['app'], id: string) =>
  app.inject({ method: 'GET', url: `/api/publisher/${slug}/uploads/${id}/`, headers: member.headers });
const finish = (app: TestApp['app'], id: string) =>
  app.inject({
    method: 'POST',
    url: `/api/publisher/${slug}/uploads/${id}/finish/`,
    headers: member.headers,
  });

/** One whole upload: start, one part, finish. */
async function uploadWhole(
  app: TestApp['app'],
  bytes: Buffer,
  fileName: string,
  declaredType: string,
  purpose = 'asset',
) {
  const started = await start(app, { fileName, size: bytes.length, declaredType, purpose });
  expect(started.statusCode, started.body).toBe(201);
  const { uploadId } = started.json() as Upload;
  const part = await sendPart(app, uploadId, bytes, 0, bytes.length);
  expect(part.statusCode, part.body).toBe(200);
  return { uploadId, finished: await finish(app, uploadId) };
}

const png = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .png()
    .toBuffer();
const mp4 = () =>
  Buffer.concat([
    Buffer.from([0, 0, 0, 0x20]),
    Buffer.from('ftypisom\0\0\x02\0isomiso2mp41'),
    Buffer.alloc(4000, 1),
  ]);
const glb = () =>
  Buffer.concat([Buffer.from('glTF'), Buffer.from([2, 0, 0, 0, 0x40, 0, 0, 0]), Buffer.alloc(56, 0)]);

describe('who may upload', () => {
  it('needs a signed-in member of the publisher', async () => {
    const body = { fileName: 'a.png', size: 10, declaredType: 'image/png' };
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/publisher/${slug}/uploads/`,
      payload: body,
    });
    expect(anonymous.statusCode).toBe(401);
    const other = await start(t.app, body, outsider);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ errorType: ERROR_TYPES.publisherNotFound });
    const notMine = await start(t.app, body, member, 'someone-else');
    expect(notMine.json()).toMatchObject({ errorType: ERROR_TYPES.publisherNotFound });
  });

  it("another publisher's member cannot read or continue an upload", async () => {
    const started = await start(t.app, { fileName: 'a.png', size: 10, declaredType: 'image/png' });
    const { uploadId } = started.json() as Upload;
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/publisher/${slug}/uploads/${uploadId}/`,
      headers: outsider.headers,
    });
    expect(read.statusCode).toBe(404);
  });
});

describe('refused at start (001 §5, §8, §9)', () => {
  it('a file over 300MB, from its declared size', async () => {
    const res = await start(t.app, {
      fileName: 'big.mp4',
      size: 300 * 1024 * 1024 + 1,
      declaredType: 'video/mp4',
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      message: 'File size cannot exceed 300MB',
      fields: { size: 'File size cannot exceed 300MB' },
    });
  });

  it('names over 255 characters or with ? & # % < > +', async () => {
    for (const fileName of [`${'a'.repeat(252)}.png`, 'a&b.png', 'a+b.png', 'a<b>.png', '100%.png']) {
      const res = await start(t.app, { fileName, size: 10, declaredType: 'image/png' });
      expect(res.statusCode, fileName).toBe(400);
      expect(res.json()).toMatchObject({ fields: { fileName: UPLOAD_MESSAGES.fileNameInvalid } });
    }
    const ok = await start(t.app, {
      fileName: `${'a'.repeat(251)}.png`,
      size: 10,
      declaredType: 'image/png',
    });
    expect(ok.statusCode).toBe(201);
  });

  it('a video for a storefront picture', async () => {
    const res = await start(t.app, {
      fileName: 'clip.mp4',
      size: 10,
      declaredType: 'video/mp4',
      purpose: 'image',
    });
    expect(res.json()).toMatchObject({ statusCode: 400, message: 'Video files are not allowed' });
  });
});

describe('a part over the limit is refused before its body is read', () => {
  it('answers 413 after a few kilobytes of a 400MB part', async () => {
    const started = await start(t.app, { fileName: 'clip.mp4', size: 1000, declaredType: 'video/mp4' });
    const { uploadId } = started.json() as Upload;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const declared = 400 * 1024 * 1024;
    let written = 0;
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'PUT',
          path: `/api/publisher/${slug}/uploads/${uploadId}/`,
          headers: {
            ...member.headers,
            'content-type': 'application/octet-stream',
            'content-length': String(declared),
            'content-range': `bytes 0-${declared - 1}/${declared}`,
          },
        },
        (res) => {
          let body = '';
          res.on('data', (c) => {
            body += c;
          });
          res.on('end', () => {
            // The rest of the 400 MB is never sent: drop the connection so the app can close.
            req.destroy();
            resolve({ status: res.statusCode ?? 0, body });
          });
        },
      );
      req.on('error', reject);
      // 64 KB of the 400 MB, then wait: the answer must come without the rest.
      const chunk = Buffer.alloc(64 * 1024, 1);
      req.write(chunk);
      written += chunk.length;
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ message: 'File size cannot exceed 300MB' });
    expect(written).toBeLessThan(declared);
    const after = await status(t.app, uploadId);
    expect(after.json()).toMatchObject({ received: 0, status: 'open' });
  });
});

describe('the type is found by content, not by name', () => {
  it('refuses an HTML file named .png, and keeps nothing of it', async () => {
    const html = Buffer.from('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>');
    const { uploadId, finished } = await uploadWhole(t.app, html, 'cat.png', 'image/png');
    expect(finished.statusCode).toBe(415);
    expect(finished.json()).toMatchObject({ message: UPLOAD_MESSAGES.fileNotAccepted });
    expect((await status(t.app, uploadId)).statusCode).toBe(404);
  });

  it('accepts an HTML page named .html as an Iframe asset', async () => {
    const html = Buffer.from('<!doctype html><html><body>hi</body></html>');
    const { finished } = await uploadWhole(t.app, html, 'page.html', 'text/html');
    expect(finished.json()).toMatchObject({
      contentType: 'text/html',
      assetType: 'Iframe',
      status: 'finished',
    });
  });

  it('stores a PNG under its content type and serves it', async () => {
    const bytes = await png();
    const { finished } = await uploadWhole(t.app, bytes, 'avatar.png', 'image/png', 'image');
    expect(finished.statusCode, finished.body).toBe(200);
    const done = finished.json() as Upload;
    expect(done).toMatchObject({
      status: 'finished',
      contentType: 'image/png',
      assetType: 'Image',
      staticThumbnailUrl: null,
    });
    expect(done.ipfsCid).toBe(await computeIpfsCid([bytes]));
    expect(done.pinnedCid).toBeNull();
    const served = await t.app.inject({ method: 'GET', url: done.mediaUrl ?? '' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toContain('image/png');
    expect(served.rawPayload.equals(bytes)).toBe(true);
  });

  it('gives a video and a 3D model a generated poster (PNG)', async () => {
    for (const [bytes, name, type, assetType] of [
      [mp4(), 'clip.mp4', 'video/mp4', 'Video'],
      [glb(), 'statue.glb', 'model/gltf-binary', 'ThreeDimensional'],
    ] as const) {
      const { finished } = await uploadWhole(t.app, bytes, name, type);
      const done = finished.json() as Upload;
      expect(done, finished.body).toMatchObject({ status: 'finished', assetType });
      const poster = await t.app.inject({ method: 'GET', url: done.staticThumbnailUrl ?? '' });
      expect(poster.statusCode).toBe(200);
      const meta = await sharp(poster.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'png', width: 600, height: 600 });
    }
  });
});

describe('resumable', () => {
  it('a resumed upload completes with the same CID as a single upload', async () => {
    const bytes = Buffer.concat([await png(), Buffer.alloc(0)]);
    const single = (await uploadWhole(t.app, bytes, 'one.png', 'image/png')).finished.json() as Upload;

    const started = await start(t.app, {
      fileName: 'two.png',
      size: bytes.length,
      declaredType: 'image/png',
    });
    const { uploadId } = started.json() as Upload;
    const cut = Math.floor(bytes.length / 3);
    expect((await sendPart(t.app, uploadId, bytes.subarray(0, cut), 0, bytes.length)).statusCode).toBe(200);
    // The connection dropped: the next part is sent from the wrong place and refused.
    const skipped = await sendPart(t.app, uploadId, bytes.subarray(2 * cut), 2 * cut, bytes.length);
    expect(skipped.statusCode).toBe(409);
    expect((await finish(t.app, uploadId)).json()).toMatchObject({ message: UPLOAD_MESSAGES.incomplete });
    // The retry asks how far it got and continues there.
    const where = (await status(t.app, uploadId)).json() as Upload;
    expect(where).toMatchObject({ received: cut, size: bytes.length, status: 'open' });
    const rest = await sendPart(
      t.app,
      uploadId,
      bytes.subarray(where.received),
      where.received,
      bytes.length,
    );
    expect(rest.json()).toMatchObject({ received: bytes.length });
    const resumed = (await finish(t.app, uploadId)).json() as Upload;
    expect(resumed.ipfsCid).toBe(single.ipfsCid);
    expect(resumed.ipfsCid).toMatch(/^bafk/);
    // Finishing again answers the same result.
    expect((await finish(t.app, uploadId)).json()).toMatchObject({
      ipfsCid: single.ipfsCid,
      status: 'finished',
    });
  });

  it('the same part sent five times at once is counted once; five finishes answer one result', async () => {
    const bytes = await png();
    const started = await start(t.app, {
      fileName: 'race.png',
      size: bytes.length,
      declaredType: 'image/png',
    });
    const { uploadId } = started.json() as Upload;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => sendPart(t.app, uploadId, bytes, 0, bytes.length)),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 200).length).toBeGreaterThanOrEqual(1);
    expect(codes.every((c) => c === 200 || c === 409)).toBe(true);
    expect((await status(t.app, uploadId)).json()).toMatchObject({ received: bytes.length });
    const finishes = await Promise.all(Array.from({ length: 5 }, () => finish(t.app, uploadId)));
    const results = finishes.map((f) => f.json() as Upload);
    expect(finishes.map((f) => f.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(results.map((r) => r.mediaUrl)).size).toBe(1);
    expect(results[0]?.ipfsCid).toBe(await computeIpfsCid([bytes]));
  });

  it('an upload left unfinished for a day is swept with its parts', async () => {
    const started = await start(t.app, { fileName: 'left.png', size: 100, declaredType: 'image/png' });
    const { uploadId } = started.json() as Upload;
    await sendPart(t.app, uploadId, Buffer.alloc(10, 1), 0, 100);
    expect(await t.app.config.media.openStaged(uploadId)).not.toBeNull();
    t.clock.advance(25 * 60 * 60 * 1000);
    expect(await t.app.services.uploads.sweepStale()).toBeGreaterThan(0);
    member = await sessionFor(t.app, ownerProfileUrl); // the old session's access token expired meanwhile
    expect((await status(t.app, uploadId)).statusCode).toBe(404);
    expect(await t.app.config.media.openStaged(uploadId)).toBeNull();
  });
});

describe('pinning through Pinata when configured', () => {
  it('pins the finished file; a failure reads the 001 §8 message and a retry finishes', async () => {
    const pinata = await startFakePinata(async (bytes) => computeIpfsCid([bytes]));
    const p = await testApp({
      seed: false,
      config: { pinata: { jwt: FAKE_PINATA_JWT, apiBase: pinata.url } },
    });
    const before = member;
    try {
      const f = fixtures(p.app.config.database.db);
      const owner = await f.user();
      const publisher = await f.publisher({ slug });
      await p.app.config.database.db
        .insert(schema.publisherMembers)
        .values({ publisherId: publisher.id, userId: owner.id, role: 'owner' });
      member = await sessionFor(p.app, owner.profileUrl);
      const bytes = await png();

      pinata.failNext();
      const failed = await uploadWhole(p.app, bytes, 'pinned.png', 'image/png');
      expect(failed.finished.statusCode).toBe(502);
      expect(failed.finished.json()).toMatchObject({
        message: 'Something went wrong while uploading to Pinata',
      });
      expect((await status(p.app, failed.uploadId)).json()).toMatchObject({
        status: 'open',
        received: bytes.length,
      });

      const retried = (await finish(p.app, failed.uploadId)).json() as Upload;
      expect(retried).toMatchObject({ status: 'finished', pinnedCid: retried.ipfsCid });
      expect(pinata.pinned.at(-1)).toMatchObject({
        fileName: 'pinned.png',
        metadata: { name: 'pinned.png' },
        options: { cidVersion: 1 },
      });
      expect(pinata.pinned.at(-1)?.bytes.equals(bytes)).toBe(true);
    } finally {
      member = before;
      await p.close();
      await pinata.close();
    }
  });
});

const MiB = 1024 * 1024;
/** An 8 MiB MP4 (its header, then bytes that differ all along), cut in 4 uneven parts. */
function largeMp4(): { bytes: Buffer; parts: [number, number][] } {
  const head = mp4().subarray(0, 32);
  const bytes = Buffer.alloc(8 * MiB);
  for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 131 + (i >> 12)) % 256;
  head.copy(bytes, 0);
  const cuts = [0, 3 * MiB + 17, 5 * MiB - 5, 6 * MiB + 1, bytes.length];
  return { bytes, parts: cuts.slice(1).map((end, i) => [cuts[i] ?? 0, end]) };
}

async function uploadInParts(app: TestApp['app'], bytes: Buffer, parts: [number, number][], name: string) {
  const started = await start(app, { fileName: name, size: bytes.length, declaredType: 'video/mp4' });
  expect(started.statusCode, started.body).toBe(201);
  const { uploadId } = started.json() as Upload;
  for (const [from, to] of parts) {
    const part = await sendPart(app, uploadId, bytes.subarray(from, to), from, bytes.length);
    expect(part.statusCode, part.body).toBe(200);
  }
  return uploadId;
}

describe('a large upload is streamed at finish', () => {
  it('8 MiB in 4 parts: served back byte for byte, with the CID of the whole buffer', async () => {
    const { bytes, parts } = largeMp4();
    const uploadId = await uploadInParts(t.app, bytes, parts, 'large.mp4');
    const finished = await finish(t.app, uploadId);
    expect(finished.statusCode, finished.body).toBe(200);
    const done = finished.json() as Upload;
    expect(done).toMatchObject({ status: 'finished', contentType: 'video/mp4', assetType: 'Video' });
    expect(done.ipfsCid).toBe(await computeIpfsCid([bytes]));
    const served = await t.app.inject({ method: 'GET', url: done.mediaUrl ?? '' });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(bytes)).toBe(true);
    expect(await t.app.config.media.openStaged(uploadId)).toBeNull();
  });

  describe('on disk (DATA_DIR), pinned through Pinata', () => {
    let dataDir: string;
    let d: TestApp;
    let pinata: Awaited<ReturnType<typeof startFakePinata>>;
    let diskMember: TestSession;
    beforeAll(async () => {
      dataDir = await mkdtemp(join(tmpdir(), 'vitrine-uploads-'));
      pinata = await startFakePinata(async (bytes) => computeIpfsCid([bytes]));
      d = await testApp({
        seed: false,
        config: { media: localMediaStore(dataDir), pinata: { jwt: FAKE_PINATA_JWT, apiBase: pinata.url } },
      });
      const f = fixtures(d.app.config.database.db);
      const owner = await f.user();
      const publisher = await f.publisher({ slug });
      await d.app.config.database.db
        .insert(schema.publisherMembers)
        .values({ publisherId: publisher.id, userId: owner.id, role: 'owner' });
      diskMember = await sessionFor(d.app, owner.profileUrl);
    });
    afterAll(async () => {
      await d?.close();
      await pinata?.close();
      await rm(dataDir, { recursive: true, force: true });
    });
    const asDiskMember = async <T>(run: () => Promise<T>): Promise<T> => {
      const before = member;
      member = diskMember;
      try {
        return await run();
      } finally {
        member = before;
      }
    };

    it('five finishes at once of 8 MiB in 4 parts answer one result; served and pinned byte for byte', async () => {
      await asDiskMember(async () => {
        const { bytes, parts } = largeMp4();
        const uploadId = await uploadInParts(d.app, bytes, parts, 'large-disk.mp4');
        const finishes = await Promise.all(Array.from({ length: 5 }, () => finish(d.app, uploadId)));
        expect(finishes.map((f) => f.statusCode)).toEqual([200, 200, 200, 200, 200]);
        const results = finishes.map((f) => f.json() as Upload);
        expect(new Set(results.map((r) => JSON.stringify(r))).size).toBe(1);
        const done = results[0] as Upload;
        const cid = await computeIpfsCid([bytes]);
        expect(done).toMatchObject({ status: 'finished', assetType: 'Video', ipfsCid: cid, pinnedCid: cid });
        const served = await d.app.inject({ method: 'GET', url: done.mediaUrl ?? '' });
        expect(served.statusCode).toBe(200);
        expect(served.rawPayload.equals(bytes)).toBe(true);
        const pinned = pinata.pinned.filter((p) => p.fileName === 'large-disk.mp4');
        expect(pinned.length).toBe(1);
        expect(pinned[0]?.bytes.equals(bytes)).toBe(true);
        expect(await readdir(join(dataDir, 'media-staging'))).toEqual([]);
        expect((await finish(d.app, uploadId)).json()).toEqual(done);
      });
    });

    it('an animated GIF gets its first frame as the poster, read from the file', async () => {
      await asDiskMember(async () => {
        const w = 12;
        const h = 10;
        const raw = Buffer.alloc(w * h * 2 * 3);
        raw.fill(220, 0, w * h * 3);
        raw.fill(20, w * h * 3);
        const gif = await sharp(raw, { raw: { width: w, height: h * 2, channels: 3, pageHeight: h } })
          .gif()
          .toBuffer();
        const { finished } = await uploadWhole(d.app, gif, 'moving.gif', 'image/gif');
        const done = finished.json() as Upload;
        expect(done, finished.body).toMatchObject({ status: 'finished', assetType: 'AnimatedImage' });
        const poster = await d.app.inject({ method: 'GET', url: done.staticThumbnailUrl ?? '' });
        expect(poster.statusCode).toBe(200);
        const meta = await sharp(poster.rawPayload).metadata();
        expect(meta).toMatchObject({ format: 'png', width: w, height: h });
        const { data } = await sharp(poster.rawPayload).raw().toBuffer({ resolveWithObject: true });
        expect(data[0]).toBeGreaterThan(150); // the first (light) frame, not the second (dark)
      });
    });

    it('a refused file leaves nothing on disk, staged or served', async () => {
      await asDiskMember(async () => {
        const html = Buffer.from('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>');
        const { uploadId, finished } = await uploadWhole(d.app, html, 'cat.png', 'image/png');
        expect(finished.statusCode).toBe(415);
        expect((await status(d.app, uploadId)).statusCode).toBe(404);
        expect(await readdir(join(dataDir, 'media-staging'))).toEqual([]);
        const served = await readdir(join(dataDir, 'media'), { recursive: true });
        expect(served.filter((f) => f.includes(uploadId))).toEqual([]);
      });
    });
  });
});
