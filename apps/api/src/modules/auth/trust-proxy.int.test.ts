// Behind a load balancer every request arrives from the balancer's address. The per-IP sign-in limits must
// count each client's own address (the proxy's X-Forwarded-For) when the operator names the proxy
// (TRUST_PROXY), and must ignore that header otherwise: a client could write any address into it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../testing/test-app';
import { accountsTestApp, form, PUBLISHER, solveCaptcha } from './testing/auth-kit';

const WINDOW = 15 * 60_000;
const PROXY = '10.0.0.5';
const limits = { 'login-ip': { max: 3, windowMs: WINDOW } };

async function attempt(t: TestApp, email: string, password: string, forwardedFor: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/o/token/',
    remoteAddress: PROXY,
    ...form({
      grant_type: 'password',
      username: email,
      password,
      captcha_token_v3: await solveCaptcha(t.app),
    }),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-forwarded-for': forwardedFor,
    },
  });
}

describe('behind a named proxy (TRUST_PROXY)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await accountsTestApp({ rateLimits: limits }, { trustProxy: PROXY });
  });
  afterAll(async () => {
    await t.close();
  });

  it('counts the per-IP sign-in limit for each client, not for the proxy', async () => {
    for (let i = 0; i < 3; i += 1)
      expect((await attempt(t, `nobody${i}@example.com`, 'x-password-1', '198.51.100.7')).statusCode).toBe(
        400,
      );
    expect((await attempt(t, PUBLISHER.email, PUBLISHER.password, '198.51.100.7')).statusCode).toBe(429);
    // Another client behind the same proxy is not held back by the first one's guesses.
    expect((await attempt(t, PUBLISHER.email, PUBLISHER.password, '198.51.100.8')).statusCode).toBe(200);
  });
});

describe('with no proxy named (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await accountsTestApp({ rateLimits: limits });
  });
  afterAll(async () => {
    await t.close();
  });

  it('ignores X-Forwarded-For: a client cannot escape the limit by writing a new address into it', async () => {
    for (let i = 0; i < 3; i += 1)
      expect((await attempt(t, `nobody${i}@example.com`, 'x-password-1', `198.51.100.${i}`)).statusCode).toBe(
        400,
      );
    expect((await attempt(t, PUBLISHER.email, PUBLISHER.password, '198.51.100.99')).statusCode).toBe(429);
  });
});

describe('behind one proxy hop (TRUST_PROXY=1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await accountsTestApp({ rateLimits: limits }, { trustProxy: 1 });
  });
  afterAll(async () => {
    await t.close();
  });

  it('takes the address the proxy added, not one the client wrote before it', async () => {
    for (let i = 0; i < 3; i += 1)
      expect(
        (await attempt(t, `nobody${i}@example.com`, 'x-password-1', `192.0.2.${i}, 198.51.100.7`)).statusCode,
      ).toBe(400);
    expect(
      (await attempt(t, PUBLISHER.email, PUBLISHER.password, '192.0.2.77, 198.51.100.7')).statusCode,
    ).toBe(429);
    expect(
      (await attempt(t, PUBLISHER.email, PUBLISHER.password, '192.0.2.77, 198.51.100.8')).statusCode,
    ).toBe(200);
  });
});
