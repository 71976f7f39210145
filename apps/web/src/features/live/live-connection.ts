// One live connection per page (issue 15; docs/decisions/014-live-updates.md): every topic a mounted
// component listens to goes over one server-sent event stream (a browser allows few connections per
// host). The user's own topic (USER_TOPIC) needs a stream token, asked for with the bearer token.
// When EventSource is missing or the stream keeps failing, the page polls GET /api/v2/events/recent/
// every POLL_MS instead (the events after the last id seen), and tries the stream again later.
import type { LiveEvent } from '@vitrine/domain';
import { api } from '../../app/api-client';
import { apiUrl } from '../../app/config';
import { hasValidCredentials, subscribeCredentials } from '../../app/credentials';

/** The signed-in user's topic (user:{id}), whoever that is: resolved through the stream token. */
export const USER_TOPIC = 'user:me';
export const POLL_MS = 3000;
/** Failures in a row before the page falls back to polling. */
const FAILURES_BEFORE_POLLING = 3;
/** Polls before the stream is tried again. */
const POLLS_BEFORE_RETRY = 40;
const EVENT_TYPES: LiveEvent['type'][] = ['bid', 'auction', 'sold', 'token', 'alert'];

type Listener = (event: LiveEvent) => void;

const listeners = new Map<string, Set<Listener>>();
let source: EventSource | null = null;
let pollTimer: ReturnType<typeof setTimeout> | null = null;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let lastId: string | null = null;
let failures = 0;
let mode: 'stream' | 'poll' = 'stream';
let generation = 0;
let scheduled = false;
/** Signing in or out changes the user topic: the connection follows (listened to once per page). */
let followingCredentials = false;

/** What the connection is doing (for tests and diagnostics). */
export function liveMode(): 'stream' | 'poll' | 'idle' {
  if (source) return 'stream';
  if (pollTimer) return 'poll';
  return 'idle';
}

function dispatch(topic: string, event: LiveEvent): void {
  for (const l of listeners.get(topic) ?? []) l(event);
  if (topic.startsWith('user:')) for (const l of listeners.get(USER_TOPIC) ?? []) l(event);
}

function stop(): void {
  source?.close();
  source = null;
  if (pollTimer) clearTimeout(pollTimer);
  pollTimer = null;
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
}

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  setTimeout(() => {
    scheduled = false;
    void connect();
  }, 0);
}

async function connect(): Promise<void> {
  const gen = ++generation;
  stop();
  const wanted = [...listeners.keys()];
  if (wanted.length === 0) return;
  let token: string | null = null;
  let userTopic: string | null = null;
  if (wanted.includes(USER_TOPIC) && hasValidCredentials()) {
    try {
      const answer = await api.post<{ token: string; topic: string }>('/v2/events/token/');
      token = answer.token;
      userTopic = answer.topic;
    } catch {
      // Signed out meanwhile, or the API is away: the public topics still connect.
    }
  }
  if (gen !== generation) return;
  const list = [...wanted.filter((t) => t !== USER_TOPIC), ...(userTopic ? [userTopic] : [])];
  if (list.length === 0) return;
  if (mode === 'stream' && typeof EventSource !== 'undefined') openStream(list, token, gen);
  else poll(list, gen, 0);
}

function openStream(list: string[], token: string | null, gen: number): void {
  const params = new URLSearchParams();
  for (const t of list) params.append('topic', t);
  if (token) params.set('stream_token', token);
  if (lastId) params.set('last_event_id', lastId);
  const es = new EventSource(`${apiUrl('/v2/events/')}?${params.toString()}`);
  source = es;
  es.onopen = () => {
    failures = 0;
  };
  es.onerror = () => {
    if (gen !== generation) return;
    failures += 1;
    // Refused (401 after a token expired, 503 when full) or dropped: reconnect ourselves, with a new
    // token and the last id seen; after several failures in a row, poll instead.
    es.close();
    source = null;
    if (failures >= FAILURES_BEFORE_POLLING) mode = 'poll';
    retryTimer = setTimeout(() => void connect(), mode === 'poll' ? 0 : 1000 * failures);
  };
  for (const type of EVENT_TYPES) {
    es.addEventListener(type, (message) => {
      const m = message as MessageEvent<string>;
      if (m.lastEventId) lastId = m.lastEventId;
      try {
        const { topic, data } = JSON.parse(m.data) as { topic: string; data: unknown };
        dispatch(topic, { type, data } as LiveEvent);
      } catch {
        // Not ours.
      }
    });
  }
}

function poll(list: string[], gen: number, count: number): void {
  const run = async () => {
    if (gen !== generation) return;
    try {
      const answer = await api.get<{
        last_id: string;
        events: { id: string; topic: string; type: LiveEvent['type']; data: unknown }[];
      }>('/v2/events/recent/', { query: { topic: list.join(','), after: lastId ?? undefined } });
      if (gen !== generation) return;
      for (const e of answer.events) dispatch(e.topic, { type: e.type, data: e.data } as LiveEvent);
      lastId = answer.last_id;
    } catch {
      // Try again at the next tick.
    }
    if (gen !== generation) return;
    if (count + 1 >= POLLS_BEFORE_RETRY && typeof EventSource !== 'undefined') {
      mode = 'stream';
      failures = 0;
      void connect();
      return;
    }
    poll(list, gen, count + 1);
  };
  pollTimer = setTimeout(() => void run(), count === 0 ? 0 : POLL_MS);
}

/** Calls `listener` for each event of `topic` until the returned function is called. */
export function subscribeLive(topic: string, listener: Listener): () => void {
  let set = listeners.get(topic);
  const added = !set;
  if (!set) {
    set = new Set();
    listeners.set(topic, set);
  }
  set.add(listener);
  if (added) schedule();
  if (!followingCredentials) {
    followingCredentials = true;
    subscribeCredentials(() => {
      if (listeners.has(USER_TOPIC)) schedule();
    });
  }
  return () => {
    const current = listeners.get(topic);
    current?.delete(listener);
    if (current && current.size === 0) {
      listeners.delete(topic);
      schedule();
    }
  };
}
