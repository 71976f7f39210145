// Whole answers of explore and search, reused while the catalog has not changed
// (docs/decisions/004-catalog-api.md §7). Every trigger that changes what browsing shows advances
// catalog_version_seq in the writing transaction; an entry is served only while the version it was
// computed at is still the current one. A sequence moves before its transaction commits, so a reader
// racing a write can cache the pre-write answer under the new version: entries older than `ttlMs` are
// therefore refreshed (in the background, the old one answering meanwhile, as nothing was written).
// Concurrent misses of one key share one computation. Bounded: the oldest entry goes first.
import type { Clock } from './clock';

export interface ResponseCache {
  /** The entry of `key` at the current catalog version; `compute` is told that version. */
  get<T>(key: string, compute: (version: string) => Promise<T>): Promise<T>;
  /** The same, at a version the caller has already read (a part of an answer computed at `version`). */
  getAt<T>(version: string, key: string, compute: () => Promise<T>): Promise<T>;
}

export function createResponseCache(deps: {
  clock: Clock;
  ttlMs: number;
  maxEntries: number;
  /** The current catalog version (one tiny query). */
  version: () => Promise<string>;
  onError?: (err: unknown) => void;
}): ResponseCache {
  const entries = new Map<string, { version: string; at: number; started: number; value: unknown }>();
  const inFlight = new Map<string, Promise<unknown>>();
  /** Computations in the order they started (not by the clock, which may be set back). */
  let starts = 0;

  function refresh<T>(key: string, version: string, compute: () => Promise<T>): Promise<T> {
    const flightKey = `${version}\n${key}`;
    const running = inFlight.get(flightKey) as Promise<T> | undefined;
    if (running) return running;
    const at = deps.clock.now().getTime();
    starts += 1;
    const started = starts;
    const p = compute()
      .then((value) => {
        const current = entries.get(key);
        // A slower computation never replaces one started after it (at a newer version).
        if (!current || current.version === version || current.started < started) {
          entries.delete(key);
          entries.set(key, { version, at, started, value });
        }
        while (entries.size > deps.maxEntries) {
          const oldest = entries.keys().next().value;
          if (oldest === undefined) break;
          entries.delete(oldest);
        }
        return value;
      })
      .finally(() => inFlight.delete(flightKey));
    inFlight.set(flightKey, p);
    return p;
  }

  async function getAt<T>(version: string, key: string, compute: () => Promise<T>): Promise<T> {
    const hit = entries.get(key);
    if (!hit || hit.version !== version) return refresh(key, version, compute);
    if (deps.clock.now().getTime() - hit.at > deps.ttlMs) {
      refresh(key, version, compute).catch((err: unknown) => deps.onError?.(err));
    }
    return hit.value as T;
  }

  return {
    getAt,
    async get<T>(key: string, compute: (version: string) => Promise<T>): Promise<T> {
      const version = await deps.version();
      return getAt(version, key, () => compute(version));
    },
  };
}
