// The per-account limits hold under concurrency and cannot be turned against the owner
// (issue #11, findings 1, 6 and 8; decision 003 "Sign-in limits").
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../testing/test-app';
import {
  accountsTestApp,
  bearer,
  COLLECTOR,
  form,
  latestCode,
  PUBLISHER,
  signUp,
  solveCaptcha,
} from './testing/auth-kit';
import { guessesAtOnce } from './testing/guesses';

const WINDOW = 15 * 60_000;
const LIMIT = 10;

let t: TestApp;
beforeAll(async () => {
  t = await accountsTestApp({
    rateLimits: {
      'login-account': { max: LIMIT, windowMs: WINDOW },
      'twofa-account': { max: LIMIT, windowMs: WINDOW },
    },
  });
});
afterAll(async () => {
  await t.close();
});

async function attempt(email: string, password: string, ip: string, level: 'normal' | 'hard' = 'normal') {
  return t.app.inject({
    method: 'POST',
    url: '/api/o/token/',
    remoteAddress: ip,
    ...form({
      grant_type: 'password',
      username: email,
      password,
      captcha_token_v3: await solveCaptcha(t.app, level),
    }),
  });
}

describe('password guesses for one account', () => {
  it('100 guesses at once from 100 addresses: at most the limit are checked, and the right one is not let in', async () => {
    const result = await guessesAtOnce([t.app], PUBLISHER.email, PUBLISHER.password, 100);
    expect(result.checked).toBeGreaterThan(0);
    expect(result.checked).toBeLessThanOrEqual(LIMIT);
    expect(result.signedIn).toBe(0);
    expect(result.statuses[429]).toBe(100 - result.checked);
  });

  it('past the limit a sign-in needs the stronger bot check, and passes with it', async () => {
    t.clock.advance(WINDOW);
    for (let i = 0; i < LIMIT; i += 1)
      expect((await attempt(COLLECTOR.email, `nope-${i}`, '203.0.113.9')).statusCode).toBe(400);
    const refused = await attempt(COLLECTOR.email, COLLECTOR.password, '198.51.100.20');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      statusCode: 429,
      errorType: 'bot_check_required',
      message: 'Too many failed sign-ins for this account. Complete the extra check to continue.',
    });
    const hard = await attempt(COLLECTOR.email, COLLECTOR.password, '198.51.100.20', 'hard');
    expect(hard.statusCode).toBe(200);
    expect(hard.json().access_token).toEqual(expect.any(String));
    // A wrong password with the stronger check is still checked and refused.
    expect((await attempt(COLLECTOR.email, 'still-wrong-1', '198.51.100.21', 'hard')).statusCode).toBe(400);
  });

  it('the stronger check is a harder proof of work than the normal one', async () => {
    const normal = (await t.app.inject('/api/captcha/challenge/')).json() as { maxnumber: number };
    const hard = (await t.app.inject('/api/captcha/challenge/?level=hard')).json() as { maxnumber: number };
    expect(hard.maxnumber).toBeGreaterThanOrEqual(normal.maxnumber * 10);
  });

  it('the owner signing in from an address that signed in before is let through, with the normal check', async () => {
    t.clock.advance(WINDOW);
    const email = 'limits-owner@example.com';
    const password = 'owner-pass-2718';
    await signUp(t.app, { email, password });
    // The owner signed in from home once.
    expect((await attempt(email, password, '192.0.2.77')).statusCode).toBe(200);
    // An attacker uses up the account's limit from elsewhere.
    for (let i = 0; i < LIMIT; i += 1)
      expect((await attempt(email, `attack-${i}`, `203.0.113.${100 + i}`)).statusCode).toBe(400);
    expect((await attempt(email, password, '203.0.113.200')).statusCode).toBe(429);
    // Home still works, without the stronger check.
    expect((await attempt(email, password, '192.0.2.77')).statusCode).toBe(200);
  });

  it('a successful sign-in gives back its own attempt only: the failures before it still count', async () => {
    t.clock.advance(WINDOW);
    for (let i = 0; i < LIMIT - 1; i += 1)
      expect((await attempt(PUBLISHER.email, `miss-${i}`, '203.0.113.50')).statusCode).toBe(400);
    expect((await attempt(PUBLISHER.email, PUBLISHER.password, '203.0.113.51')).statusCode).toBe(200);
    expect((await attempt(PUBLISHER.email, 'miss-last', '203.0.113.50')).statusCode).toBe(400);
    expect((await attempt(PUBLISHER.email, 'miss-over', '203.0.113.52')).statusCode).toBe(429);
  });
});

describe('two-factor codes for one account', () => {
  const email = 'limits-totp@example.com';
  const password = 'totp-pass-3141';
  let totp: OTPAuth.TOTP;

  beforeAll(async () => {
    t.clock.advance(WINDOW);
    const tokens = await signUp(t.app, { email, password });
    const code = await latestCode(t.app, email, 'email_verification');
    await t.app.inject({
      method: 'POST',
      url: '/api/users/verify-email/',
      headers: bearer(tokens.access_token),
      payload: { code },
    });
    const enrolled = await t.app.inject({
      method: 'POST',
      url: '/api/user/twofa/enroll/',
      headers: bearer(tokens.access_token),
      payload: { method: 'totp' },
    });
    const secret = (enrolled.json() as { secret: string }).secret;
    totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), period: 30 });
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/user/twofa/verifyenrollment/',
      headers: bearer(tokens.access_token),
      payload: { auth_code: totp.generate({ timestamp: t.clock.now().getTime() }) },
    });
    expect(ok.statusCode).toBe(200);
  });

  async function challenge(ip: string): Promise<string> {
    const res = await attempt(email, password, ip);
    expect(res.statusCode).toBe(200);
    return (res.json() as { twofa_token: string }).twofa_token;
  }
  const verify = (token: string, code: string, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/o/twofa/',
      remoteAddress: ip,
      ...form({ token, code }),
    });

  it('wrong codes over many challenges from many addresses stop at the limit for the account', async () => {
    t.clock.advance(60_000);
    let wrong = 0;
    let refused = 0;
    for (let c = 0; c < 12; c += 1) {
      const token = await challenge(`198.19.0.${c + 1}`);
      for (let i = 0; i < 5; i += 1) {
        const res = await verify(token, '000000', `198.19.1.${c * 5 + i + 1}`);
        if (res.statusCode === 400) wrong += 1;
        else if (res.statusCode === 429) refused += 1;
        else throw new Error(`unexpected ${res.statusCode} ${res.body}`);
      }
    }
    expect(wrong).toBe(LIMIT);
    expect(refused).toBe(60 - LIMIT);
    // The right code is refused as well until the window ends.
    const token = await challenge('198.19.2.1');
    const right = await verify(token, totp.generate({ timestamp: t.clock.now().getTime() }), '198.19.2.1');
    expect(right.statusCode).toBe(429);
    expect(right.json()).toMatchObject({ errorType: 'rate-limited' });
    t.clock.advance(WINDOW);
    const later = await challenge('198.19.2.2');
    const ok = await verify(later, totp.generate({ timestamp: t.clock.now().getTime() }), '198.19.2.2');
    expect(ok.statusCode).toBe(200);
  });

  it('ten codes at once: at most the limit are checked', async () => {
    t.clock.advance(WINDOW);
    const tokens = await Promise.all(Array.from({ length: 4 }, (_, i) => challenge(`198.19.3.${i + 1}`)));
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => verify(tokens[i % 4] as string, '111111', `198.19.4.${i + 1}`)),
    );
    const checked = answers.filter((a) => a.statusCode === 400).length;
    expect(checked).toBeLessThanOrEqual(LIMIT);
    expect(answers.filter((a) => a.statusCode === 429).length).toBe(40 - checked);
  });
});
