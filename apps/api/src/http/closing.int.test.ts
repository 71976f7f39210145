// Closing the app (server.ts on SIGTERM): it stops promptly, without waiting on a connection that
// was opened but never carried a request (a browser's preconnect, a load balancer's spare socket),
// and a request being answered when the close starts still gets its answer (on a connection then closed),
// also one whose answer was already streaming (a video being downloaded).
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { AppConfig } from '../app';
import { localMediaStore, memoryMediaStore } from '../modules/media/media-store';
import { type TestApp, testApp } from '../testing/test-app';

const ADMIN = 'closing-test-admin-token-0123456789';
// Far below the keep-alive and header timeouts (tens of seconds) that the close would otherwise wait on.
const PROMPTLY_MS = 2000;

const within = <T>(p: Promise<T>, ms: number): Promise<T | 'still waiting'> =>
  Promise.race([p, new Promise<'still waiting'>((r) => setTimeout(() => r('still waiting'), ms).unref())]);

const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-closing-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

let t: TestApp | null = null;
let closing: Promise<void> | null = null;
const sockets: Socket[] = [];
/** What server.ts does first on SIGTERM. */
const closeApp = () => {
  closing = t?.app.close() ?? Promise.resolve();
  return closing;
};
afterEach(async () => {
  // A close still waiting on a socket ends once the socket does.
  for (const s of sockets.splice(0)) s.destroy();
  await closing;
  await t?.close();
  t = null;
  closing = null;
});

async function listening(config: Partial<AppConfig> = {}): Promise<{ app: TestApp['app']; port: number }> {
  t = await testApp({ seed: false, config: { adminToken: ADMIN, ...config } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { app: t.app, port: (t.app.server.address() as { port: number }).port };
}

/** A raw TCP connection, resolved once the server has accepted it. */
async function rawConnection(app: TestApp['app'], port: number): Promise<Socket> {
  const accepted = new Promise((r) => app.server.once('connection', r));
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  socket.on('error', () => {});
  await Promise.all([accepted, new Promise((r) => socket.once('connect', r))]);
  return socket;
}

const closed = (s: Socket) => new Promise<true>((r) => (s.closed ? r(true) : s.once('close', () => r(true))));

describe('closing the app', () => {
  it('does not wait on a connection that never sent a request, and closes that connection', async () => {
    const { app, port } = await listening();
    const silent = await rawConnection(app, port);
    // A connection that did carry a request, now idle between requests: closed as before.
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);

    expect(await within(closeApp(), PROMPTLY_MS)).toBeUndefined();
    expect(await within(closed(silent), PROMPTLY_MS)).toBe(true);
  });

  it('still answers a request that was being received when the close started, then ends its connection', async () => {
    const { app, port } = await listening();
    const socket = await rawConnection(app, port);
    const body = JSON.stringify({ enabled: true });
    const arrived = new Promise((r) => app.server.once('request', r));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
    });
    // The head and half the body: the request has begun, its handler waits on the rest.
    socket.write(
      'PUT /api/feature-flag/CLOSING_TEST/ HTTP/1.1\r\nhost: 127.0.0.1\r\n' +
        `authorization: Bearer ${ADMIN}\r\ncontent-type: application/json\r\n` +
        `content-length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
    );
    await arrived;

    const done = closeApp();
    // The close has begun: the server takes no new connections.
    while (app.server.listening) await new Promise((r) => setTimeout(r, 5));
    socket.write(body.slice(5));

    expect(await within(done, PROMPTLY_MS)).toBeUndefined();
    // The answer is that connection's last: the close does not wait on it afterwards.
    expect(await within(closed(socket), PROMPTLY_MS)).toBe(true);
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({ CLOSING_TEST: true });
  });

  // Memory: the whole answer written at once and ended, as every JSON answer is; it waits in the process's
  // buffers for a slow client. Disk: streamed in chunks, not yet ended when the close begins.
  it.each([
    ['written whole (as a JSON answer is)', () => memoryMediaStore()],
    ['streamed from disk', () => localMediaStore(join(dataDir, 'media'))],
  ])(
    'lets an answer already being sent (%s) reach a slow client whole, then ends its connection',
    async (_n, store) => {
      const media = store();
      const { app, port } = await listening({ media });
      // Far more than the socket's buffers hold while the client is not reading.
      const video = Buffer.alloc(8 * 1024 * 1024);
      for (let i = 0; i < video.length; i++) video[i] = (i * 7 + 3) % 253;
      const url = new URL(await media.put('test/closing.mp4', video, 'video/mp4'), 'http://x').pathname;
      const socket = await rawConnection(app, port);
      const chunks: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => {
        // A slow viewer: after the first bytes it reads nothing more for now.
        if (chunks.length === 0) socket.pause();
        chunks.push(chunk);
      });
      socket.write(`GET ${url} HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n`);
      while (chunks.length === 0) await new Promise((r) => setTimeout(r, 5));

      const done = closeApp();
      // The close has begun (the server answers 503 to a new request); then the viewer reads on.
      await new Promise((r) => setTimeout(r, 300));
      const refused = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null);
      expect(refused === null || refused.status === 503).toBe(true);
      socket.resume();

      expect(await within(done, PROMPTLY_MS)).toBeUndefined();
      expect(await within(closed(socket), PROMPTLY_MS)).toBe(true);
      const answer = Buffer.concat(chunks);
      const bodyAt = answer.indexOf('\r\n\r\n') + 4;
      expect(answer.subarray(0, bodyAt).toString('latin1')).toMatch(/^HTTP\/1\.1 200 /);
      expect(answer.length - bodyAt).toBe(video.length);
      expect(answer.subarray(bodyAt).equals(video)).toBe(true);
    },
  );
});
