// Test helper: an event stream read over real HTTP, frame by frame.
import { get, type IncomingMessage } from 'node:http';

export interface SseFrame {
  id?: string;
  event?: string;
  data?: string;
  comment?: string;
}

export interface SseClient {
  status: number;
  headers: Headers;
  frames: SseFrame[];
  /** Resolves with the first frame (already received or coming) that matches. */
  next(match: (f: SseFrame) => boolean, timeoutMs?: number): Promise<SseFrame>;
  close(): void;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
}

export function parseFrame(block: string): SseFrame {
  const f: SseFrame = {};
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) f.comment = line.slice(1).trim();
    const m = /^(id|event|data): ?(.*)$/.exec(line);
    if (m) f[m[1] as 'id' | 'event' | 'data'] = m[2];
  }
  return f;
}

export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
  // node:http on a connection of its own (no agent), not fetch: once a fetch reading a stream is aborted,
  // Node's fetch (undici) opens a spare connection that sends nothing and keeps it for the server's
  // keep-alive (Fastify's 72 s, less a second); Node's server does not count such a connection as idle,
  // so the app's close in afterAll waited ~70 s for it (live.redis and live.int tests).
  const res = await new Promise<IncomingMessage>((resolve, reject) => {
    const req = get(url, { agent: false, headers: { accept: 'text/event-stream', ...headers } }, resolve);
    req.on('error', reject);
  });
  const frames: SseFrame[] = [];
  const waiters: { match: (f: SseFrame) => boolean; resolve: (f: SseFrame) => void }[] = [];
  const deliver = (f: SseFrame) => {
    frames.push(f);
    for (const w of [...waiters]) {
      if (w.match(f)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(f);
      }
    }
  };
  let buffer = '';
  res.setEncoding('utf8');
  res.on('data', (chunk: string) => {
    buffer += chunk;
    let i = buffer.indexOf('\n\n');
    while (i >= 0) {
      deliver(parseFrame(buffer.slice(0, i)));
      buffer = buffer.slice(i + 2);
      i = buffer.indexOf('\n\n');
    }
  });
  // Ended by the server, or closed here.
  const ended = new Promise<void>((resolve) => res.on('close', () => resolve()));
  const responseHeaders = new Headers();
  for (const [name, value] of Object.entries(res.headers)) {
    if (value !== undefined) responseHeaders.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return {
    status: res.statusCode ?? 0,
    headers: responseHeaders,
    frames,
    ended,
    next(match, timeoutMs = 5000) {
      const found = frames.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no matching event within ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiters.push({
          match,
          resolve: (f) => {
            clearTimeout(timer);
            resolve(f);
          },
        });
      });
    },
    close() {
      res.destroy();
    },
  };
}

/** Resolves once the stream said it is connected (its subscriptions are in place). */
export const connected = (c: SseClient) => c.next((f) => f.comment === 'connected');
