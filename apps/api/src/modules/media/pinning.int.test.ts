// The Pinata adapter sends a staged file as a file-backed Blob (decision 018), every byte of it, and never
// follows a redirect: fetch keeps the whole request body to replay it on a redirect (nodejs/undici#4058), so
// a pinned 300 MiB file would be held whole in memory. A loopback service stands in for Pinata: one path
// counts the bytes it receives, the other answers a redirect to it.

import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { localMediaStore } from './media-store';
import { createPinataPinner } from './pinning';

const MiB = 1024 * 1024;
let dir: string;
let server: Server;
let base: string;
/** Requests that reached the counting path. */
let counted = 0;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vitrine-pin-'));
  server = createServer((req, res) => {
    if (req.url?.startsWith('/moved/')) {
      req.resume();
      res.writeHead(307, { location: '/pinning/pinFileToIPFS' }).end();
      return;
    }
    let received = 0;
    req.on('data', (chunk: Buffer) => {
      received += chunk.length;
    });
    req.on('end', () => {
      counted += 1;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ IpfsHash: `received-${received}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await rm(dir, { recursive: true, force: true });
});

async function stagedFile(id: string, size: number) {
  const media = localMediaStore(dir);
  const part = Buffer.alloc(MiB, 0x5a);
  for (let at = 0; at < size; at += part.length) await media.writeStaged(id, at, part.subarray(0, size - at));
  const staged = await media.openStaged(id);
  if (!staged) throw new Error('not staged');
  return staged;
}

it('sends every byte of a staged file (8 MiB from disk) with its multipart framing', async () => {
  const staged = await stagedFile('pin-stream-01', 8 * MiB);
  const answer = await createPinataPinner({ jwt: 'test-jwt', apiBase: base }).pin({
    blob: await staged.blob('video/mp4'),
    fileName: 'big.mp4',
    title: 'big.mp4',
  });
  expect(Number(answer.cid.replace('received-', ''))).toBeGreaterThan(8 * MiB);
});

it('refuses a redirect rather than keep the body to send it again', async () => {
  const staged = await stagedFile('pin-stream-02', MiB);
  const before = counted;
  await expect(
    createPinataPinner({ jwt: 'test-jwt', apiBase: `${base}/moved` }).pin({
      blob: await staged.blob('video/mp4'),
      fileName: 'moved.mp4',
      title: 'moved.mp4',
    }),
  ).rejects.toThrow();
  expect(counted).toBe(before);
});
