// Rate-limit counters in Redis (REDIS_URL), so every API process behind a load balancer counts
// against the same windows. Each window is one hash {c: count, r: window end in ms}; a Lua script
// makes the read-and-bump atomic. Window ends come from the app's Clock like the in-memory store;
// the key's Redis expiry only cleans up.
import { Redis } from 'ioredis';
import type { RateLimitStore } from './rate-limit';

const INCREMENT = `
local now = tonumber(ARGV[1])
local win = tonumber(ARGV[2])
local r = tonumber(redis.call('HGET', KEYS[1], 'r') or '0')
if r <= now then
  r = now + win
  redis.call('HSET', KEYS[1], 'c', 1, 'r', string.format('%d', r))
  redis.call('PEXPIRE', KEYS[1], win)
  return {1, string.format('%d', r)}
end
local c = redis.call('HINCRBY', KEYS[1], 'c', 1)
return {c, string.format('%d', r)}
`;

// Takes one back only while the window is the one the attempt was counted in.
const DECREMENT = `
local r = redis.call('HGET', KEYS[1], 'r')
if r == ARGV[1] then
  local c = tonumber(redis.call('HGET', KEYS[1], 'c') or '0')
  if c > 0 then redis.call('HINCRBY', KEYS[1], 'c', -1) end
end
return 0
`;

export interface RedisRateLimitStore extends RateLimitStore {
  close(): Promise<void>;
}

export function redisRateLimitStore(url: string, prefix = 'vitrine:'): RedisRateLimitStore {
  const redis = new Redis(url, { keyPrefix: prefix, maxRetriesPerRequest: 2, enableOfflineQueue: true });
  redis.defineCommand('rlIncrement', { numberOfKeys: 1, lua: INCREMENT });
  redis.defineCommand('rlDecrement', { numberOfKeys: 1, lua: DECREMENT });
  const run = redis as Redis & {
    rlIncrement(key: string, nowMs: number, windowMs: number): Promise<[number, string]>;
    rlDecrement(key: string, resetAtMs: string): Promise<number>;
  };
  return {
    async increment(key, windowMs, nowMs) {
      const [count, resetAt] = await run.rlIncrement(key, nowMs, windowMs);
      return { count: Number(count), resetAtMs: Number(resetAt) };
    },
    async decrement(key, resetAtMs) {
      await run.rlDecrement(key, String(resetAtMs));
    },
    async close() {
      await redis.quit();
    },
  };
}
