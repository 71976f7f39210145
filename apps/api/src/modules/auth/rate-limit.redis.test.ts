// Several API processes behind a load balancer share their sign-in limits through Redis
// (REDIS_URL): attempts spread over two apps count against one window. Runs when TEST_REDIS_URL
// is set (CI sets it), on PostgreSQL when TEST_DATABASE_URL is set too; each run uses its own key prefix.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RedisRateLimitStore, redisRateLimitStore } from '../../lib/redis-rate-limit';
import type { TestApp } from '../../testing/test-app';
import { accountsTestApp, COLLECTOR, form, PUBLISHER, solveCaptcha } from './testing/auth-kit';
import { guessesAtOnce } from './testing/guesses';

const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const WINDOW = 15 * 60_000;
const prefix = `vitrine-test:${randomBytes(6).toString('hex')}:`;
const stores: RedisRateLimitStore[] = [];
const apps: TestApp[] = [];

beforeAll(async () => {
  for (let i = 0; i < 2; i += 1) {
    const store = redisRateLimitStore(url, prefix);
    stores.push(store);
    apps.push(
      await accountsTestApp(
        { rateLimits: { 'login-account': { max: 3, windowMs: WINDOW } } },
        { rateLimitStore: store },
      ),
    );
  }
});
afterAll(async () => {
  for (const t of apps) await t.close();
  for (const s of stores) await s.close();
});

async function attempt(t: TestApp, password: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/o/token/',
    ...form({
      grant_type: 'password',
      username: COLLECTOR.email,
      password,
      captcha_token_v3: await solveCaptcha(t.app),
    }),
  });
}

describe('rate limits shared through Redis', () => {
  it('wrong passwords sent to two processes add up, and the window ends for both', async () => {
    const [a, b] = apps as [TestApp, TestApp];
    expect((await attempt(a, 'guess-1')).statusCode).toBe(400);
    expect((await attempt(b, 'guess-2')).statusCode).toBe(400);
    expect((await attempt(a, 'guess-3')).statusCode).toBe(400);
    const blocked = await attempt(b, COLLECTOR.password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().errorType).toBe('bot_check_required');
    expect((await attempt(a, COLLECTOR.password)).statusCode).toBe(429);
    a.clock.advance(WINDOW);
    b.clock.advance(WINDOW);
    expect((await attempt(b, COLLECTOR.password)).statusCode).toBe(200);
  });

  it('150 guesses at once, spread over two processes: at most the limit are checked', async () => {
    const result = await guessesAtOnce(
      apps.map((t) => t.app),
      PUBLISHER.email,
      PUBLISHER.password,
      150,
    );
    expect(result.checked).toBeGreaterThan(0);
    expect(result.checked).toBeLessThanOrEqual(3);
    expect(result.signedIn).toBe(0);
    expect(result.statuses[429]).toBe(150 - result.checked);
  });
});
