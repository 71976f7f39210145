// Live updates (issue 15; docs/decisions/014-live-updates.md): what a write publishes for open pages
// (server-sent events) and for the in-app alerts. Publishers call `events.publish(topic, event)` after
// their transaction commits. Each published event gets an id, increasing over the whole deployment;
// the last RECENT_PER_TOPIC events of a topic are kept for streams that reconnect (Last-Event-ID) and
// for the polling fallback (`recent`).
//  - createLocalLiveEvents: one process (no REDIS_URL).
//  - createRedisLiveEvents: every process behind a load balancer (REDIS_URL): a publish runs one Lua
//    script (next id, keep it in the topic's recent list, PUBLISH) and each process's subscriber
//    connection hands what arrives to its local listeners. The scopes of shared answers a process
//    touched go to the others on the same connections (`shareScopes`, lib/change-scopes.ts).
import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';

import type { LiveEvent } from '@vitrine/domain';
import { Redis } from 'ioredis';
import { EVERY_SCOPE, type ScopeBroadcast } from './change-scopes';

export { type AlertKind, type LiveEvent, topics } from '@vitrine/domain';

/** A published event with its id (decimal digits; later events have larger ids). */
export interface LiveEventRecord {
  id: string;
  topic: string;
  event: LiveEvent;
}

export interface LiveEvents extends ScopeBroadcast {
  publish(topic: string, event: LiveEvent): Promise<void>;
  /** Returns the unsubscribe function. The listener gets the event and its id. */
  subscribe(topic: string, listener: (event: LiveEvent, id: string) => void): () => void;
  /** The kept events of a topic after `afterId` (all kept ones when null), oldest first. */
  recent(topic: string, afterId: string | null): Promise<LiveEventRecord[]>;
  /** The id of the latest event published anywhere (the polling fallback's starting point). */
  lastId(): Promise<string>;
  /** Resolves once events published from now on (and scopes touched elsewhere) reach this process's subscribers of `topic`. */
  ready(topic: string): Promise<void>;
  close(): Promise<void>;
}

/** Events kept per topic for reconnecting streams and polling. */
export const RECENT_PER_TOPIC = 50;
/** Topics whose recent events a process keeps (the oldest-touched are dropped past this). */
const MAX_KEPT_TOPICS = 10_000;

const after = (id: string, than: string | null) => than === null || BigInt(id) > BigInt(than);

export function createLocalLiveEvents(): LiveEvents {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const kept = new Map<string, LiveEventRecord[]>();
  // Ids keep increasing across restarts: they start at the start time in microseconds.
  let seq = BigInt(Date.now()) * 1000n;
  return {
    async publish(topic, event) {
      seq += 1n;
      const record = { id: seq.toString(), topic, event };
      const list = kept.get(topic) ?? [];
      kept.delete(topic);
      list.push(record);
      if (list.length > RECENT_PER_TOPIC) list.shift();
      kept.set(topic, list);
      if (kept.size > MAX_KEPT_TOPICS) kept.delete(kept.keys().next().value as string);
      emitter.emit(topic, event, record.id);
    },
    subscribe(topic, listener) {
      emitter.on(topic, listener);
      return () => emitter.off(topic, listener);
    },
    async recent(topic, afterId) {
      return (kept.get(topic) ?? []).filter((r) => after(r.id, afterId));
    },
    async lastId() {
      return seq.toString();
    },
    async ready() {},
    // One process: its own touches are all there is.
    shareScopes() {},
    onScopes() {},
    async close() {
      emitter.removeAllListeners();
    },
  };
}

// KEYS[1] the id counter, KEYS[2] the topic's recent list; ARGV: channel, payload (JSON), keep, ttl s.
const PUBLISH = `
local id = redis.call('INCR', KEYS[1])
local line = id .. ' ' .. ARGV[2]
redis.call('RPUSH', KEYS[2], line)
redis.call('LTRIM', KEYS[2], -tonumber(ARGV[3]), -1)
redis.call('EXPIRE', KEYS[2], tonumber(ARGV[4]))
redis.call('PUBLISH', ARGV[1], line)
return id
`;

/** How long a quiet topic's recent events stay in Redis. */
const RECENT_TTL_SECONDS = 24 * 3600;

export interface RedisLiveEventsOptions {
  /** Key and channel prefix (tests use their own). */
  prefix?: string;
  onError?: (err: unknown) => void;
}

/** Live events fanned out through Redis: a publish in any process reaches the subscribers of every process. */
export function createRedisLiveEvents(url: string, options: RedisLiveEventsOptions = {}): LiveEvents {
  const prefix = options.prefix ?? 'vitrine:';
  const channelPrefix = `${prefix}live:`;
  const seqKey = `${prefix}live-seq`;
  const listKey = (topic: string) => `${prefix}live-recent:${topic}`;
  const commands = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
  const subscriber = new Redis(url, { maxRetriesPerRequest: null, enableOfflineQueue: true });
  commands.defineCommand('livePublish', { numberOfKeys: 2, lua: PUBLISH });
  const run = commands as Redis & {
    livePublish(
      seq: string,
      list: string,
      channel: string,
      payload: string,
      keep: number,
      ttl: number,
    ): Promise<number>;
  };
  const onError = options.onError ?? (() => undefined);
  commands.on('error', onError);
  subscriber.on('error', onError);

  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  /** Local listeners per topic: the process subscribes to a topic's channel while it has any. */
  const counts = new Map<string, number>();
  /** The SUBSCRIBE of each topic with local listeners (resolved once Redis confirmed it). */
  const subscribed = new Map<string, Promise<void>>();
  const parse = (line: string): { id: string; event: LiveEvent } | null => {
    const space = line.indexOf(' ');
    if (space < 0) return null;
    try {
      return { id: line.slice(0, space), event: JSON.parse(line.slice(space + 1)) as LiveEvent };
    } catch {
      return null;
    }
  };
  // Touched scopes: `<origin> <JSON list>` on one channel; a process skips its own.
  const scopesChannel = `${prefix}scopes`;
  const origin = randomBytes(8).toString('hex');
  const scopeListeners: ((scopes: readonly string[]) => void)[] = [];
  const applyScopes = (scopes: readonly string[]) => {
    for (const apply of scopeListeners) apply(scopes);
  };
  const scopesSubscribed = subscriber.subscribe(scopesChannel).then(
    () => undefined,
    (err: unknown) => onError(err),
  );
  let connections = 0;
  subscriber.on('ready', () => {
    connections += 1;
    // After a lost connection, touches sent meanwhile were missed: every answer is computed again.
    if (connections > 1) {
      subscriber.subscribe(scopesChannel).then(() => applyScopes([EVERY_SCOPE]), onError);
    }
  });
  subscriber.on('message', (channel: string, line: string) => {
    if (channel === scopesChannel) {
      const space = line.indexOf(' ');
      if (space < 0 || line.slice(0, space) === origin) return;
      try {
        const scopes: unknown = JSON.parse(line.slice(space + 1));
        if (Array.isArray(scopes)) applyScopes(scopes.map(String));
      } catch {
        // Not ours to read.
      }
      return;
    }
    if (!channel.startsWith(channelPrefix)) return;
    const parsed = parse(line);
    if (parsed) emitter.emit(channel.slice(channelPrefix.length), parsed.event, parsed.id);
  });

  return {
    async publish(topic, event) {
      await run.livePublish(
        seqKey,
        listKey(topic),
        channelPrefix + topic,
        JSON.stringify(event),
        RECENT_PER_TOPIC,
        RECENT_TTL_SECONDS,
      );
    },
    subscribe(topic, listener) {
      emitter.on(topic, listener);
      const n = (counts.get(topic) ?? 0) + 1;
      counts.set(topic, n);
      if (n === 1) {
        subscribed.set(
          topic,
          subscriber.subscribe(channelPrefix + topic).then(
            () => undefined,
            (err: unknown) => onError(err),
          ),
        );
      }
      let done = false;
      return () => {
        if (done) return;
        done = true;
        emitter.off(topic, listener);
        const left = (counts.get(topic) ?? 1) - 1;
        if (left > 0) counts.set(topic, left);
        else {
          counts.delete(topic);
          subscribed.delete(topic);
          subscriber.unsubscribe(channelPrefix + topic).catch(onError);
        }
      };
    },
    async recent(topic, afterId) {
      const lines = await commands.lrange(listKey(topic), 0, -1);
      return lines
        .map(parse)
        .filter((r): r is { id: string; event: LiveEvent } => r !== null && after(r.id, afterId))
        .map((r) => ({ id: r.id, topic, event: r.event }));
    },
    async lastId() {
      return (await commands.get(seqKey)) ?? '0';
    },
    async ready(topic) {
      await Promise.all([scopesSubscribed, subscribed.get(topic)]);
    },
    shareScopes(scopes) {
      if (scopes.length === 0) return;
      commands.publish(scopesChannel, `${origin} ${JSON.stringify(scopes)}`).catch(onError);
    },
    onScopes(apply) {
      scopeListeners.push(apply);
    },
    async close() {
      emitter.removeAllListeners();
      await Promise.allSettled([subscriber.quit(), commands.quit()]);
    },
  };
}
