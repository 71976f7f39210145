// Whole answers shared by every caller (explore, drop lists, search), kept under a rule that survives
// trading (docs/decisions/004-catalog-api.md §7):
// - scopes: an answer names the scopes it shows (a collection, a publisher, an owner...); a write
//   through the API touches the scopes it changed after it commits, and an answer under a touched scope
//   is computed again on its next request (`ChangeScopes`);
// - lag: any other change (the catalog version, moved by every browsing trigger whoever writes) is seen
//   once the answer is `lagMs` old. Within the lag an answer is served with no store work at all; after
//   it, one version read tells whether the answer still holds (and it is then good for another lag).
//   One like thus recomputes the pages of its scopes at once and every other page at most once a lag;
// - status: an answer holds statuses by the clock, so it is dropped at the next start or end time of any
//   drop, collection or nifty after it was computed, and when the clock is set back before it;
// - refresh: an answer older than `ttlMs` is computed again in the background (a reader racing a write
//   may have kept the pre-write answer under the new version), the old one answering meanwhile.
// Concurrent misses of one key and stamp share one computation; a slower computation never replaces one
// started after it. Bounded in entries and in bytes (`sizeOf` of each answer): the oldest entry goes
// first; an answer larger than the whole budget is sent and not kept (nor pushes the others out).
import type { ChangeScopes } from './change-scopes';
import type { Clock } from './clock';

export interface ResponseCache {
  get<T>(key: string, scopes: readonly string[], compute: () => Promise<T>): Promise<T>;
}

/** What holds for the whole catalog: its version, and the next moment a status changes (ms or null). */
export interface CatalogState {
  read(): Promise<{ version: string; next: number | null }>;
  /** The version alone (one tiny query). */
  version(): Promise<string>;
}

interface Entry {
  stamp: string;
  version: string;
  next: number | null;
  /** When its computation started, and when its version was last found current. */
  since: number;
  checked: number;
  /** Computations in the order they started (not by the clock, which may be set back). */
  started: number;
  value: unknown;
  /** What it holds, in the unit of `maxBytes`. */
  bytes: number;
}

export function createResponseCache(deps: {
  clock: Clock;
  ttlMs: number;
  lagMs: number;
  maxEntries: number;
  /** The most the kept answers may hold together, as `sizeOf` counts (docs/operations.md, "Memory"). */
  maxBytes: number;
  sizeOf: (value: unknown) => number;
  catalog: CatalogState;
  scopes: ChangeScopes;
  onError?: (err: unknown) => void;
}): ResponseCache {
  const entries = new Map<string, Entry>();
  const inFlight = new Map<string, { since: number; p: Promise<unknown> }>();
  let starts = 0;
  let bytes = 0;

  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  };

  /** `notBefore`: a computation started before this moment (a status change) is not joined. */
  function refresh<T>(
    key: string,
    stamp: string,
    compute: () => Promise<T>,
    notBefore = -Infinity,
  ): Promise<T> {
    const flightKey = `${stamp}\n${key}`;
    const since = deps.clock.now().getTime();
    const running = inFlight.get(flightKey);
    if (running && running.since >= notBefore && running.since <= since) return running.p as Promise<T>;
    starts += 1;
    const started = starts;
    const p = (async () => {
      // Read before computing: a write committed meanwhile moves the version past the one kept.
      const state = await deps.catalog.read();
      const value = await compute();
      const current = entries.get(key);
      if (!current || current.started < started) {
        drop(key);
        const size = deps.sizeOf(value);
        // Kept only when it fits: one answer over the whole budget would push out every other.
        if (size <= deps.maxBytes) {
          entries.set(key, { stamp, ...state, since, checked: since, started, value, bytes: size });
          bytes += size;
        }
      }
      while (entries.size > deps.maxEntries || bytes > deps.maxBytes) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        drop(oldest);
      }
      return value;
    })().finally(() => {
      if (inFlight.get(flightKey)?.p === p) inFlight.delete(flightKey);
    });
    inFlight.set(flightKey, { since, p });
    return p;
  }

  function served<T>(hit: Entry, key: string, now: number, compute: () => Promise<T>): T {
    if (now - hit.since > deps.ttlMs) {
      refresh(key, hit.stamp, compute).catch((err: unknown) => deps.onError?.(err));
    }
    return hit.value as T;
  }

  return {
    async get<T>(key: string, scopes: readonly string[], compute: () => Promise<T>): Promise<T> {
      const stamp = deps.scopes.stamp(scopes);
      const now = deps.clock.now().getTime();
      const hit = entries.get(key);
      if (hit && hit.stamp === stamp && now >= hit.since && (hit.next === null || now < hit.next)) {
        if (now - hit.checked < deps.lagMs) return served(hit, key, now, compute);
        if ((await deps.catalog.version()) === hit.version) {
          hit.checked = now;
          return served(hit, key, now, compute);
        }
      }
      // Past a start or end time, a computation begun before it (a background refresh) shows old statuses.
      const passed = hit?.next != null && now >= hit.next ? hit.next : -Infinity;
      return refresh(key, stamp, compute, passed);
    },
  };
}
