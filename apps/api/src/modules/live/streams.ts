// Open server-sent event streams of this process (docs/decisions/014-live-updates.md): a cap on how
// many, a heartbeat comment on each, and the end of every one when the app closes (an open stream
// would otherwise hold the server's close).
import { PassThrough } from 'node:stream';
import type { LiveEvent } from '@vitrine/domain';
import type { LiveEvents } from '../../lib/live-events';

export interface StreamsOptions {
  /** The most streams one process keeps open (MAX_EVENT_STREAMS; 10,000 by default). */
  maxStreams: number;
  /** A comment line this often keeps proxies from closing a quiet stream. */
  heartbeatMs: number;
}

export const DEFAULT_STREAMS: StreamsOptions = { maxStreams: 10_000, heartbeatMs: 15_000 };
/** The browser waits this long before it reconnects a dropped stream. */
export const RETRY_MS = 3000;
/** A stream whose unread output passes this is closed (the client reconnects and catches up). */
const MAX_BUFFERED_BYTES = 1024 * 1024;

/**
 * One event in the text/event-stream format: `id:`, `event:` the type, `data:` JSON on one line,
 * `{ topic, data }` (one stream carries several topics; the browser keeps one connection per page).
 */
export function frame(id: string, topic: string, event: LiveEvent): string {
  return `id: ${id}\nevent: ${event.type}\ndata: ${JSON.stringify({ topic, data: event.data })}\n\n`;
}

export function createStreams(events: LiveEvents, options: StreamsOptions = DEFAULT_STREAMS) {
  const open = new Set<PassThrough>();
  return {
    get size() {
      return open.size;
    },
    full(): boolean {
      return open.size >= options.maxStreams;
    },
    /**
     * A stream of the topics' events: first the kept ones after `lastEventId` (a reconnect), then each
     * one as it is published. `onClose` runs once, however it ends (client gone, app closing).
     */
    async open(topicList: string[], lastEventId: string | null): Promise<PassThrough> {
      const body = new PassThrough();
      open.add(body);
      const unsubscribes: (() => void)[] = [];
      // A client that stops reading is dropped rather than buffered without end.
      const write = (topic: string, event: LiveEvent, id: string) => {
        if (body.writableLength > MAX_BUFFERED_BYTES) body.destroy();
        else body.write(frame(id, topic, event));
      };
      // While the kept events of a reconnect are read, live ones wait (and go out once, after them).
      let replaying = lastEventId !== null;
      const waiting: [string, LiveEvent, string][] = [];
      const onLive = (topic: string) => (event: LiveEvent, id: string) => {
        if (replaying) waiting.push([topic, event, id]);
        else write(topic, event, id);
      };
      const heartbeat = setInterval(() => body.write(': heartbeat\n\n'), options.heartbeatMs);
      heartbeat.unref();
      const cleanup = () => {
        clearInterval(heartbeat);
        for (const u of unsubscribes.splice(0)) u();
        open.delete(body);
      };
      body.on('close', cleanup);
      body.on('finish', cleanup);
      for (const topic of topicList) unsubscribes.push(events.subscribe(topic, onLive(topic)));
      await Promise.all(topicList.map((t) => events.ready(t)));
      body.write(`retry: ${RETRY_MS}\n: connected\n\n`);
      if (lastEventId !== null) {
        const missed = (await Promise.all(topicList.map((t) => events.recent(t, lastEventId))))
          .flat()
          .sort((x, y) => (BigInt(x.id) < BigInt(y.id) ? -1 : 1));
        const sent = new Set<string>();
        for (const r of missed) {
          sent.add(r.id);
          write(r.topic, r.event, r.id);
        }
        for (const [topic, event, id] of waiting) if (!sent.has(id)) write(topic, event, id);
        replaying = false;
      }
      return body;
    },
    /** Ends every open stream (the app is closing). */
    closeAll(): void {
      for (const body of [...open]) body.end();
    },
  };
}

export type Streams = ReturnType<typeof createStreams>;
