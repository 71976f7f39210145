// Counts and facets of explore lists, cached per filter set (docs/decisions/004-catalog-api.md §7).
// Stale-while-revalidate: an entry older than `ttlMs` is still answered while one refresh runs in the
// background; concurrent misses of one key share one computation. Bounded: the oldest key goes first.
import type { Clock } from './clock';

export interface CountCache {
  get<T>(key: string, compute: () => Promise<T>): Promise<T>;
  clear(): void;
}

export function createCountCache(deps: {
  clock: Clock;
  ttlMs: number;
  maxEntries: number;
  onError?: (err: unknown) => void;
}): CountCache {
  const entries = new Map<string, { at: number; value: unknown }>();
  const inFlight = new Map<string, Promise<unknown>>();

  function refresh<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const running = inFlight.get(key) as Promise<T> | undefined;
    if (running) return running;
    const p = compute()
      .then((value) => {
        entries.delete(key);
        entries.set(key, { at: deps.clock.now().getTime(), value });
        while (entries.size > deps.maxEntries) {
          const oldest = entries.keys().next().value;
          if (oldest === undefined) break;
          entries.delete(oldest);
        }
        return value;
      })
      .finally(() => inFlight.delete(key));
    inFlight.set(key, p);
    return p;
  }

  return {
    async get<T>(key: string, compute: () => Promise<T>): Promise<T> {
      const hit = entries.get(key);
      if (!hit) return refresh(key, compute);
      if (deps.clock.now().getTime() - hit.at > deps.ttlMs) {
        refresh(key, compute).catch((err: unknown) => deps.onError?.(err));
      }
      return hit.value as T;
    },
    clear() {
      entries.clear();
    },
  };
}
