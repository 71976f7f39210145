// Test helper: an event stream read over real HTTP (fetch), frame by frame.
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
  const abort = new AbortController();
  const res = await fetch(url, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: abort.signal,
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
  const ended = (async () => {
    if (!res.body) return;
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let i = buffer.indexOf('\n\n');
        while (i >= 0) {
          deliver(parseFrame(buffer.slice(0, i)));
          buffer = buffer.slice(i + 2);
          i = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // aborted
    }
  })();
  return {
    status: res.status,
    headers: res.headers,
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
      abort.abort();
    },
  };
}

/** Resolves once the stream said it is connected (its subscriptions are in place). */
export const connected = (c: SseClient) => c.next((f) => f.comment === 'connected');
