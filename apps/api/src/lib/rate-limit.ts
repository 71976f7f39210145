// Fixed-window counters for rate limits (ARCHITECTURE §7): in-process by default, shared through
// Redis when REDIS_URL is set. Windows follow the injected Clock so tests can move time.
import { AppError } from '@vitrine/domain';
import type { Clock } from './clock';

export interface Limit {
  max: number;
  windowMs: number;
}

export interface RateLimitStore {
  /** Adds one to the counter of `key` and returns the new count and when its window ends (ms). */
  increment(key: string, windowMs: number, nowMs: number): Promise<{ count: number; resetAtMs: number }>;
  /** Takes one back from the counter of `key`, if its window is still the one ending at `resetAtMs`. */
  decrement(key: string, resetAtMs: number): Promise<void>;
}

export function memoryRateLimitStore(maxKeys = 100_000): RateLimitStore {
  const windows = new Map<string, { count: number; resetAtMs: number }>();
  const sweep = (nowMs: number) => {
    if (windows.size < maxKeys) return;
    for (const [k, w] of windows) if (w.resetAtMs <= nowMs) windows.delete(k);
  };
  return {
    async increment(key, windowMs, nowMs) {
      sweep(nowMs);
      const current = windows.get(key);
      const w =
        current && current.resetAtMs > nowMs
          ? { count: current.count + 1, resetAtMs: current.resetAtMs }
          : { count: 1, resetAtMs: nowMs + windowMs };
      windows.set(key, w);
      return w;
    },
    async decrement(key, resetAtMs) {
      const w = windows.get(key);
      if (w && w.resetAtMs === resetAtMs && w.count > 0) w.count -= 1;
    },
  };
}

/** The 429 of the contract: 'Too many attempts. Please try again in {n} minutes.' */
export function rateLimitedError(retryAfterMs: number): AppError {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return new RateLimitedError(Math.max(1, Math.ceil(retryAfterMs / 1000)), minutes);
}

export class RateLimitedError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    minutes: number,
  ) {
    super({
      errorType: 'rate-limited',
      message: `Too many attempts. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
      statusCode: 429,
    });
  }
}

export interface RateLimiter {
  /** Counts one attempt; throws the 429 when the limit is passed. */
  consume(bucket: string, key: string, limit: Limit): Promise<void>;
  /**
   * Counts one attempt before it is made (so attempts arriving at once cannot all pass a check made
   * before any of them is counted). `allowed` is false past the limit; `release()` takes the attempt
   * back (a successful sign-in is not a failure).
   */
  reserve(bucket: string, key: string, limit: Limit): Promise<Reservation>;
}

export interface Reservation {
  allowed: boolean;
  /** ms until the window ends. */
  retryAfterMs: number;
  release(): Promise<void>;
}

export function createRateLimiter(store: RateLimitStore, clock: Clock): RateLimiter {
  const k = (bucket: string, key: string) => `rl:${bucket}:${key.toLowerCase()}`;
  return {
    async consume(bucket, key, limit) {
      const now = clock.now().getTime();
      const w = await store.increment(k(bucket, key), limit.windowMs, now);
      if (w.count > limit.max) throw rateLimitedError(w.resetAtMs - now);
    },
    async reserve(bucket, key, limit) {
      const now = clock.now().getTime();
      const storeKey = k(bucket, key);
      const w = await store.increment(storeKey, limit.windowMs, now);
      let released = false;
      return {
        allowed: w.count <= limit.max,
        retryAfterMs: w.resetAtMs - now,
        async release() {
          if (released) return;
          released = true;
          await store.decrement(storeKey, w.resetAtMs);
        },
      };
    },
  };
}
