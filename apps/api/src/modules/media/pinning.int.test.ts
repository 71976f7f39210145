// The Pinata adapter sends a staged file without holding it (decision 018): 96 MiB staged on disk are
// posted to a loopback sink (a child process) that counts and drops the bytes, while the live ArrayBuffer
// memory of this process is sampled after forced GCs. fetch keeps a request body for redirects unless told
// not to (nodejs/undici#4058): this test then fails, by about the file's size.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { localMediaStore } from './media-store';
import { createPinataPinner } from './pinning';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const MiB = 1024 * 1024;
// The sink runs in a child process, so that what this process holds is the sender's alone.
const SINK = `
const server = require('node:http').createServer((req, res) => {
  let received = 0;
  req.on('data', (chunk) => { received += chunk.length; });
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ IpfsHash: 'received-' + received }));
  });
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
`;
let dir: string;
let sink: ChildProcess;
let port: number;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vitrine-pin-'));
  sink = spawn(process.execPath, ['-e', SINK], { stdio: ['ignore', 'pipe', 'inherit'] });
  port = await new Promise<number>((resolve, reject) => {
    sink.once('error', reject);
    sink.stdout?.once('data', (line: Buffer) => resolve(Number(String(line).trim())));
  });
});
afterAll(async () => {
  sink.kill();
  await rm(dir, { recursive: true, force: true });
});

it('streams a 96 MiB staged file to the pinning service, never holding it whole', async () => {
  const media = localMediaStore(dir);
  const part = Buffer.alloc(8 * MiB, 0x5a);
  for (let at = 0; at < 96 * MiB; at += part.length) await media.writeStaged('pin-stream-01', at, part);
  const staged = await media.openStaged('pin-stream-01');
  if (!staged) throw new Error('not staged');
  const pinner = createPinataPinner({
    jwt: 'test-jwt',
    apiBase: `http://127.0.0.1:${port}`,
  });

  gc();
  const before = process.memoryUsage().arrayBuffers;
  let peak = before;
  const sampler = setInterval(() => {
    gc();
    peak = Math.max(peak, process.memoryUsage().arrayBuffers);
  }, 50);
  try {
    const answer = await pinner.pin({
      blob: await staged.blob('video/mp4'),
      fileName: 'big.mp4',
      title: 'big.mp4',
    });
    // The sink answers how many bytes it got: the file and the multipart framing.
    expect(Number(answer.cid.replace('received-', ''))).toBeGreaterThan(96 * MiB);
  } finally {
    clearInterval(sampler);
  }
  expect((peak - before) / MiB).toBeLessThan(40);
});
