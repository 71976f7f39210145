// Brute force is slowed: per-account and per-IP limits with a clear 429 (production limits are
// in auth.config.ts; this app uses small ones to show them).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../testing/test-app';
import { DEFAULT_RATE_LIMITS } from './auth.config';
import { accountsTestApp, COLLECTOR, form, PUBLISHER, signIn, solveCaptcha } from './testing/auth-kit';

let t: TestApp;
const WINDOW = 15 * 60_000;

beforeAll(async () => {
  t = await accountsTestApp({
    rateLimits: {
      'login-account': { max: 3, windowMs: WINDOW },
      'login-ip': { max: 8, windowMs: WINDOW },
      'reset-account': { max: 2, windowMs: WINDOW },
    },
  });
});
afterAll(async () => {
  await t.close();
});

async function attempt(email: string, password: string, ip = '203.0.113.7') {
  return t.app.inject({
    method: 'POST',
    url: '/api/o/token/',
    remoteAddress: ip,
    ...form({
      grant_type: 'password',
      username: email,
      password,
      captcha_token_v3: await solveCaptcha(t.app),
    }),
  });
}

describe('rate limits', () => {
  it('production defaults slow password guessing per account and per IP', () => {
    expect(DEFAULT_RATE_LIMITS['login-account']).toEqual({ max: 10, windowMs: WINDOW });
    expect(DEFAULT_RATE_LIMITS['login-ip']).toEqual({ max: 30, windowMs: WINDOW });
  });

  it('after too many wrong passwords a new address needs the stronger bot check, until the window ends', async () => {
    for (let i = 0; i < 3; i += 1)
      expect((await attempt(COLLECTOR.email, `guess-${i}`)).statusCode).toBe(400);
    const blocked = await attempt(COLLECTOR.email, COLLECTOR.password, '198.51.100.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ statusCode: 429, errorType: 'bot_check_required' });
    t.clock.advance(WINDOW);
    expect((await attempt(COLLECTOR.email, COLLECTOR.password, '198.51.100.1')).statusCode).toBe(200);
  });

  it('an IP that tries too many accounts is refused; another IP is not', async () => {
    t.clock.advance(WINDOW);
    for (let i = 0; i < 8; i += 1)
      expect((await attempt(`user${i}@example.com`, 'x-password-1', '192.0.2.50')).statusCode).toBe(400);
    const blocked = await attempt(PUBLISHER.email, PUBLISHER.password, '192.0.2.50');
    expect(blocked.statusCode).toBe(429);
    expect((await attempt(PUBLISHER.email, PUBLISHER.password, '192.0.2.51')).statusCode).toBe(200);
  });

  it('refreshing a session does not use up the sign-in attempts of its address', async () => {
    t.clock.advance(WINDOW);
    let tokens = await signIn(t.app, COLLECTOR.email, COLLECTOR.password);
    for (let i = 0; i < 12; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/o/token/',
        ...form({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token }),
      });
      expect(res.statusCode).toBe(200);
      tokens = res.json();
    }
    // signIn and refreshes came from inject's default address: its 8 sign-in attempts are not used up.
    expect((await attempt(PUBLISHER.email, PUBLISHER.password, '127.0.0.1')).statusCode).toBe(200);
  });

  it('password reset emails are limited per address', async () => {
    const ask = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/reset-password/',
        payload: { email: PUBLISHER.email },
        remoteAddress: '192.0.2.99',
      });
    expect((await ask()).statusCode).toBe(200);
    expect((await ask()).statusCode).toBe(200);
    expect((await ask()).json()).toMatchObject({ statusCode: 429, errorType: 'rate-limited' });
  });
});
