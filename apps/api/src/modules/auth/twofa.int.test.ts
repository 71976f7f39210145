import { schema } from '@vitrine/db';
import { eq } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../testing/test-app';
import {
  accountsTestApp,
  bearer,
  latestCode,
  outbox,
  passwordGrant,
  signIn,
  signUp,
  solveCaptcha,
  type Tokens,
} from './testing/auth-kit';

let t: TestApp;
const PASSWORD = 'engine-1843';

beforeAll(async () => {
  t = await accountsTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A new account with a verified email, signed in. */
async function verifiedUser(email: string): Promise<Tokens> {
  const tokens = await signUp(t.app, { email, password: PASSWORD });
  const code = await latestCode(t.app, email, 'email_verification');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/users/verify-email/',
    payload: { code },
    headers: bearer(tokens.access_token),
  });
  expect(res.statusCode).toBe(200);
  return tokens;
}

async function enroll(tokens: Tokens, method: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/user/twofa/enroll/',
    headers: bearer(tokens.access_token),
    payload: { method },
  });
}

async function verifyEnrollment(tokens: Tokens, auth_code: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/user/twofa/verifyenrollment/',
    headers: bearer(tokens.access_token),
    payload: { auth_code },
  });
}

const verify = (twoFAToken: string, code?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/users/login/twofa/',
    payload: { twoFAToken, ...(code === undefined ? {} : { code }) },
  });

describe('two-factor by email code', () => {
  const email = 'twofa-email@example.com';
  let challenge: Record<string, unknown>;

  it('needs a verified email to enroll', async () => {
    const tokens = await signUp(t.app, { email: 'unverified@example.com' });
    const res = await enroll(tokens, 'email');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      statusCode: 403,
      errorType: 'email_verification_required',
      message: 'Email must be verified to perform this action',
    });
  });

  it('enrolls with a code sent by email', async () => {
    const tokens = await verifiedUser(email);
    const started = await enroll(tokens, 'email');
    expect(started.json()).toEqual({ method: 'email', sent_to: 't•••@example.com' });
    expect((await verifyEnrollment(tokens, '99999')).json()).toMatchObject({ errorType: 'invalid_code' });
    const code = await latestCode(t.app, email, 'twofa_enroll');
    expect((await verifyEnrollment(tokens, code)).json()).toEqual({ twoFAEnabled: true, method: 'email' });
    const check = await t.app.inject({ url: '/api/user/twofa/check/', headers: bearer(tokens.access_token) });
    expect(check.json()).toEqual({
      twoFAEnabled: true,
      method: 'email',
      shouldSkipTwofaPrompt: false,
      pendingMethod: null,
    });
  });

  it('sign-in answers a challenge instead of tokens', async () => {
    const { status, body } = await passwordGrant(t.app, email, PASSWORD);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      method: 'email',
      email: 't•••@example.com',
      phone_number: null,
      one_touch: false,
      expires_in: 600,
    });
    expect(body.access_token).toBeUndefined();
    challenge = body;
  });

  it("refuses a wrong code and a short one with 'Invalid verification code'", async () => {
    const token = String(challenge.twofa_token);
    expect((await verify(token, '123')).json()).toMatchObject({
      errorType: 'validation-error',
      fields: { code: 'Invalid verification code' },
    });
    expect((await verify(token, '000000')).json()).toEqual({
      statusCode: 400,
      errorType: 'invalid_code',
      message: 'Invalid verification code',
    });
  });

  it('resend makes the earlier code stop working', async () => {
    const token = String(challenge.twofa_token);
    const first = await latestCode(t.app, email, 'twofa_code');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/twofa/unauthenticatedrequest/',
      payload: { twoFAToken: token },
    });
    expect(res.json()).toEqual({ sent: true, method: 'email', expires_in: 600 });
    const second = await latestCode(t.app, email, 'twofa_code');
    expect(await outbox(t.app, email, 'twofa_code')).toHaveLength(2);
    if (first !== second) expect((await verify(token, first)).statusCode).toBe(400);
  });

  it('the right code answers tokens once; a replayed code is refused', async () => {
    const token = String(challenge.twofa_token);
    const code = await latestCode(t.app, email, 'twofa_code');
    const ok = await verify(token, code);
    expect(ok.statusCode).toBe(200);
    const body = ok.json() as { data: Tokens; prompt2fa: boolean; shouldSkipTwofaPrompt: boolean };
    expect(body).toMatchObject({ prompt2fa: false, shouldSkipTwofaPrompt: false });
    expect(
      (await t.app.inject({ url: '/api/user/profile/', headers: bearer(body.data.access_token) })).statusCode,
    ).toBe(200);
    const replay = await verify(token, code);
    expect(replay.json()).toEqual({
      statusCode: 400,
      errorType: 'twofa_expired',
      message: 'This sign-in attempt has expired. Please sign in again.',
    });
  });

  it('five wrong codes end the challenge', async () => {
    const { body } = await passwordGrant(t.app, email, PASSWORD);
    const token = String(body.twofa_token);
    for (let i = 0; i < 5; i += 1)
      expect((await verify(token, `00000${i}`)).json()).toMatchObject({ errorType: 'invalid_code' });
    const code = await latestCode(t.app, email, 'twofa_code');
    expect((await verify(token, code)).json()).toMatchObject({ errorType: 'twofa_expired' });
  });

  it('the form-encoded /o/twofa/ answers the token response', async () => {
    const { body } = await passwordGrant(t.app, email, PASSWORD);
    const code = await latestCode(t.app, email, 'twofa_code');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/o/twofa/',
      payload: `token=${encodeURIComponent(String(body.twofa_token))}&code=${code}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ token_type: 'Bearer', prompt2fa: false });
  });
});

describe('two-factor by authenticator app (TOTP)', () => {
  const email = 'twofa-totp@example.com';
  let totp: OTPAuth.TOTP;

  it('enrolls with a QR code and a code from the app', async () => {
    const tokens = await verifiedUser(email);
    const res = await enroll(tokens, 'totp');
    const body = res.json() as { secret: string; otpauth_url: string; qr_code: string };
    expect(body.otpauth_url).toMatch(/^otpauth:\/\/totp\/Vitrine:/);
    expect(body.qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(body.secret), period: 30 });
    const code = totp.generate({ timestamp: t.clock.now().getTime() });
    expect((await verifyEnrollment(tokens, code)).json()).toEqual({ twoFAEnabled: true, method: 'totp' });
    // RFC 6238 §5.2: the code that enrolled the app is used; the same step is refused at sign-in.
    const signIn = await passwordGrant(t.app, email, PASSWORD);
    expect((await verify(String(signIn.body.twofa_token), code)).json()).toMatchObject({
      errorType: 'invalid_code',
    });
  });

  it('accepts a code once: the same code is refused in a later sign-in', async () => {
    t.clock.advance(60_000);
    const code = totp.generate({ timestamp: t.clock.now().getTime() });
    const first = await passwordGrant(t.app, email, PASSWORD);
    expect(first.body).toMatchObject({ method: 'totp', phone_number: null, email: null });
    expect((await verify(String(first.body.twofa_token), code)).statusCode).toBe(200);
    const second = await passwordGrant(t.app, email, PASSWORD);
    expect((await verify(String(second.body.twofa_token), code)).json()).toMatchObject({
      errorType: 'invalid_code',
    });
    const resend = await t.app.inject({
      method: 'POST',
      url: '/api/user/twofa/unauthenticatedrequest/',
      payload: { twoFAToken: second.body.twofa_token },
    });
    expect(resend.json()).toMatchObject({ errorType: 'twofa_resend_unavailable' });
    t.clock.advance(30_000);
    const next = totp.generate({ timestamp: t.clock.now().getTime() });
    expect((await verify(String(second.body.twofa_token), next)).statusCode).toBe(200);
  });
});

// Security review, 2026-12-06: a stolen session could enroll its own authenticator over the owner's (no factor,
// no password asked) and then pass every two-factor step. Changing the method needs two-factor off first, which
// needs the password.
describe('two-factor already on', () => {
  it('cannot be replaced by a new enrollment; turning it off needs the password, then a new method enrolls', async () => {
    const email = 'twofa-replace@example.com';
    const tokens = await verifiedUser(email);
    const first = (await enroll(tokens, 'totp')).json() as { secret: string };
    const owner = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(first.secret), period: 30 });
    const code = owner.generate({ timestamp: t.clock.now().getTime() });
    expect((await verifyEnrollment(tokens, code)).json()).toEqual({ twoFAEnabled: true, method: 'totp' });

    for (const method of ['totp', 'email']) {
      const again = await enroll(tokens, method);
      expect(again.statusCode, again.body).toBe(409);
      expect(again.json()).toMatchObject({ errorType: 'twofa_enabled' });
    }
    const check = await t.app.inject({ url: '/api/user/twofa/check/', headers: bearer(tokens.access_token) });
    expect(check.json()).toMatchObject({ twoFAEnabled: true, method: 'totp', pendingMethod: null });
    expect(await outbox(t.app, email, 'twofa_enroll')).toHaveLength(0);

    const disable = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/twofa/disable/',
        headers: bearer(tokens.access_token),
        payload: { password },
      });
    expect((await disable('not-the-password')).statusCode).toBe(400);
    // An account with a password needs it: a two-factor code alone does not turn it off.
    const codeOnly = await t.app.inject({
      method: 'POST',
      url: '/api/user/twofa/disable/',
      headers: bearer(tokens.access_token),
      payload: { twoFactorCode: code },
    });
    expect(codeOnly.statusCode).toBe(400);
    expect(codeOnly.json()).toMatchObject({ fields: { password: 'Required' } });
    expect((await disable(PASSWORD)).json()).toEqual({ twoFAEnabled: false });
    expect((await enroll(tokens, 'email')).json()).toEqual({ method: 'email', sent_to: 't•••@example.com' });
  });

  // An account with no password (a wallet sign-up) could not turn two-factor off, so could not change its method
  // either (the 409 above): it confirms with its two-factor code instead.
  it('an account with no password turns it off with its two-factor code, sent when asked', async () => {
    const email = 'twofa-no-password@example.com';
    const tokens = await verifiedUser(email);
    await enroll(tokens, 'email');
    const enrolled = await verifyEnrollment(tokens, await latestCode(t.app, email, 'twofa_enroll'));
    expect(enrolled.json()).toEqual({ twoFAEnabled: true, method: 'email' });
    await t.app.config.database.db
      .update(schema.users)
      .set({ passwordHash: null })
      .where(eq(schema.users.email, email));
    const disable = (payload: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/twofa/disable/',
        headers: bearer(tokens.access_token),
        payload,
      });

    // A password is no use to an account without one: the code is asked for (and sent), as with nothing.
    expect((await disable({ password: 'anything' })).json()).toMatchObject({
      errorType: 'two_factor_required',
    });
    const asked = await disable({});
    expect(asked.statusCode).toBe(403);
    expect(asked.json()).toMatchObject({ errorType: 'two_factor_required', fields: { method: 'email' } });
    const sent = await latestCode(t.app, email, 'step_up_code');
    expect((await disable({ twoFactorCode: sent === '000000' ? '111111' : '000000' })).json()).toMatchObject({
      errorType: 'two_factor_invalid',
    });
    expect((await disable({ twoFactorCode: sent })).json()).toEqual({ twoFAEnabled: false });
    expect((await enroll(tokens, 'totp')).statusCode).toBe(200);
  });
});

describe('one-touch approval', () => {
  const email = 'twofa-onetouch@example.com';

  it('is pending until approved on the approval page, active 30 seconds', async () => {
    const tokens = await verifiedUser(email);
    await enroll(tokens, 'one_touch');
    const code = await latestCode(t.app, email, 'twofa_enroll');
    expect((await verifyEnrollment(tokens, code)).json()).toEqual({
      twoFAEnabled: true,
      method: 'one_touch',
    });

    const { body } = await passwordGrant(t.app, email, PASSWORD);
    expect(body).toMatchObject({ method: 'one_touch', one_touch: true, one_touch_expires_in: 30 });
    const token = String(body.twofa_token);
    const pending = await verify(token);
    expect(pending.statusCode).toBe(202);
    expect(pending.json()).toEqual({ status: 'pending', expires_in: 30 });

    const link = (await outbox(t.app, email, 'twofa_one_touch'))[0]?.link ?? '';
    const path = new URL(link).pathname;
    const page = await t.app.inject(path);
    expect(page.body).toContain('data-testid="one-touch-approve"');
    const approved = await t.app.inject({
      method: 'POST',
      url: path,
      payload: 'decision=approve',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(approved.body).toContain('Sign-in approved');
    const done = await verify(token);
    expect(done.statusCode).toBe(200);
    expect((await verify(token)).json()).toMatchObject({ errorType: 'twofa_expired' });
  });

  it('fails with the spec text after 30 seconds, and resend opens a new window', async () => {
    const { body } = await passwordGrant(t.app, email, PASSWORD);
    const token = String(body.twofa_token);
    t.clock.advance(31_000);
    const failed = await verify(token);
    expect(failed.json()).toEqual({
      statusCode: 400,
      errorType: 'one_touch',
      message: 'Authy One-Touch check has failed. Please try again.',
    });
    const resend = await t.app.inject({
      method: 'POST',
      url: '/api/user/twofa/unauthenticatedrequest/',
      payload: { twoFAToken: token },
    });
    expect(resend.json()).toEqual({ sent: true, method: 'one_touch', expires_in: 30 });
    expect((await verify(token)).statusCode).toBe(202);
    const link = (await outbox(t.app, email, 'twofa_one_touch'))[0]?.link ?? '';
    await t.app.inject({
      method: 'POST',
      url: new URL(link).pathname,
      payload: 'decision=deny',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect((await verify(token)).json()).toMatchObject({ errorType: 'one_touch' });
  });
});

describe('the two-factor prompt', () => {
  it("prompt2fa is true until the user chooses 'Skip'", async () => {
    const email = 'prompt@example.com';
    const tokens = await signUp(t.app, { email, password: PASSWORD });
    expect((await signIn(t.app, email, PASSWORD)).prompt2fa).toBe(true);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/v2/toggle-should-skip-2fa-prompt/',
      headers: bearer(tokens.access_token),
      payload: { shouldSkipTwofaPrompt: true },
    });
    expect(res.json()).toEqual({ shouldSkipTwofaPrompt: true });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/users/login/',
      payload: { email, password: PASSWORD, captchaTokenV3: await solveCaptcha(t.app) },
    });
    expect(again.json()).toMatchObject({
      prompt2fa: false,
      data: { shouldSkipTwofaPrompt: true, prompt2fa: false },
    });
  });
});

// Security review 2026-12-06: a stolen session alone could verify the attacker's phone, after which every code of
// two-factor by text went to the attacker (accept an offer, turn two-factor off). The factor guards the number.
describe('two-factor guards the phone number', () => {
  const phoneCall = (tokens: Tokens, method: 'POST' | 'PUT' | 'DELETE', payload?: Record<string, string>) =>
    t.app.inject({
      method,
      url: '/api/user/verification/',
      headers: bearer(tokens.access_token),
      ...(payload ? { payload } : {}),
    });

  async function verifyPhone(tokens: Tokens, phone: string, twoFactorCode?: string) {
    const start = await phoneCall(tokens, 'POST', { to: phone, ...(twoFactorCode ? { twoFactorCode } : {}) });
    expect(start.statusCode, start.body).toBe(200);
    const confirmed = await phoneCall(tokens, 'PUT', {
      code: await latestCode(t.app, phone, 'phone_verification'),
    });
    expect(confirmed.json()).toEqual({ message: { verified: true, phone_number: phone } });
  }

  async function smsTwoFactor(email: string, phone: string): Promise<Tokens> {
    const tokens = await verifiedUser(email);
    await verifyPhone(tokens, phone);
    await enroll(tokens, 'sms');
    const enrolled = await verifyEnrollment(tokens, await latestCode(t.app, phone, 'twofa_enroll'));
    expect(enrolled.json()).toEqual({ twoFAEnabled: true, method: 'sms' });
    return tokens;
  }

  it('a new number needs the code sent to the number two-factor uses now', async () => {
    const owner = '+12025550171';
    const other = '+12025550172';
    const tokens = await smsTwoFactor('twofa-phone-move@example.com', owner);

    const asked = await phoneCall(tokens, 'POST', { to: other });
    expect(asked.statusCode).toBe(403);
    expect(asked.json()).toMatchObject({ errorType: 'two_factor_required', fields: { method: 'sms' } });
    expect(await outbox(t.app, other, 'phone_verification')).toHaveLength(0);
    const sent = await latestCode(t.app, owner, 'step_up_code');
    const wrong = await phoneCall(tokens, 'POST', {
      to: other,
      twoFactorCode: sent === '000000' ? '111111' : '000000',
    });
    expect(wrong.json()).toMatchObject({ errorType: 'two_factor_invalid' });
    expect(await outbox(t.app, other, 'phone_verification')).toHaveLength(0);

    // The owner, who has the code: the number changes, and the codes go to the new one.
    await verifyPhone(tokens, other, sent);
    await phoneCall(tokens, 'POST', { to: '+12025550173' });
    expect(await outbox(t.app, other, 'step_up_code')).toHaveLength(1);
  });

  it('the number two-factor sends its codes to cannot be removed; with another method removing needs its code', async () => {
    const bySms = await smsTwoFactor('twofa-phone-remove@example.com', '+12025550174');
    const refused = await phoneCall(bySms, 'DELETE');
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ errorType: 'phone_used_for_two_factor' });
    const still = await t.app.inject({ url: '/api/user/verification/', headers: bearer(bySms.access_token) });
    expect(still.json()).toEqual({ message: { verified: true, phone_number: '+12025550174' } });

    const email = 'twofa-phone-remove-email@example.com';
    const byEmail = await verifiedUser(email);
    await verifyPhone(byEmail, '+12025550175');
    await enroll(byEmail, 'email');
    await verifyEnrollment(byEmail, await latestCode(t.app, email, 'twofa_enroll'));
    const asked = await phoneCall(byEmail, 'DELETE');
    expect(asked.json()).toMatchObject({ errorType: 'two_factor_required', fields: { method: 'email' } });
    const removed = await phoneCall(byEmail, 'DELETE', {
      twoFactorCode: await latestCode(t.app, email, 'step_up_code'),
    });
    expect(removed.json()).toEqual({ message: { verified: false, phone_number: null } });
  });

  it('a code asked for one action does not confirm another', async () => {
    const email = 'twofa-code-action@example.com';
    const tokens = await verifiedUser(email);
    await enroll(tokens, 'email');
    await verifyEnrollment(tokens, await latestCode(t.app, email, 'twofa_enroll'));
    await t.app.config.database.db
      .update(schema.users)
      .set({ passwordHash: null })
      .where(eq(schema.users.email, email));
    // Asked for changing the phone number, then used to turn two-factor off.
    await phoneCall(tokens, 'POST', { to: '+12025550176' });
    const code = await latestCode(t.app, email, 'step_up_code');
    const off = await t.app.inject({
      method: 'POST',
      url: '/api/user/twofa/disable/',
      headers: bearer(tokens.access_token),
      payload: { twoFactorCode: code },
    });
    expect(off.statusCode).toBe(403);
    expect(off.json()).toMatchObject({ errorType: 'two_factor_invalid' });
    const check = await t.app.inject({ url: '/api/user/twofa/check/', headers: bearer(tokens.access_token) });
    expect(check.json()).toMatchObject({ twoFAEnabled: true });
  });
});
