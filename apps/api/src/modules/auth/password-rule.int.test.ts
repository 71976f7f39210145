// Weak new passwords are refused on every route that sets one (issue #11 finding 7), and passwords
// are compared in Unicode NFC. Contract: docs/decisions/003-accounts-api.md ("Password rule").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../testing/test-app';
import {
  accountsTestApp,
  bearer,
  form,
  outbox,
  passwordGrant,
  signIn,
  signUp,
  solveCaptcha,
} from './testing/auth-kit';

const COMMON = 'This password is too common. Choose one that is harder to guess.';
const EMAIL_NAME = 'Password must not contain your email name.';

let t: TestApp;

beforeAll(async () => {
  t = await accountsTestApp();
});
afterAll(async () => {
  await t.close();
});

const refusal = (field: string, message: string) => ({
  statusCode: 400,
  errorType: 'validation-error',
  message: 'Invalid request',
  fields: { [field]: message },
});

async function signupJson(email: string, password: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/users/signup/',
    payload: {
      grantType: 'password',
      email,
      firstName: 'Ada',
      lastName: 'Lovelace',
      password,
      captchaToken: await solveCaptcha(t.app),
    },
  });
}

describe('signup refuses weak passwords (POST /api/users/signup/)', () => {
  it('refuses common passwords, case-insensitively, also with one digit or symbol added', async () => {
    for (const password of ['password1', '12345678', 'P@ssw0rd', 'PASSWORD1', 'sunshine7', 'iloveyou!']) {
      const res = await signupJson('weak-common@example.com', password);
      expect(res.statusCode, password).toBe(400);
      expect(res.json(), password).toEqual(refusal('password', COMMON));
    }
  });

  it('refuses the email itself and a password containing the email name, in JSON and in a form', async () => {
    const email = 'Marguerite.Hamilton@example.com';
    for (const password of [email, 'marguerite.hamilton-2024', 'xMARGUERITE.HAMILTON!']) {
      const res = await signupJson(email, password);
      expect(res.statusCode, password).toBe(400);
      expect(res.json(), password).toEqual(refusal('password', EMAIL_NAME));
    }
    const formRes = await t.app.inject({
      method: 'POST',
      url: '/api/users/signup/',
      ...form({
        grant_type: 'password',
        username: 'ida@example.com',
        first_name: 'Ida',
        last_name: 'Rhodes',
        password: 'ida@example.com',
        captcha_token: await solveCaptcha(t.app),
      }),
    });
    expect(formRes.json()).toEqual(refusal('password', EMAIL_NAME));
  });

  it('a refused signup creates no account; a strong password then signs up', async () => {
    const email = 'refused-first@example.com';
    expect((await signupJson(email, 'qwerty123')).statusCode).toBe(400);
    expect((await passwordGrant(t.app, email, 'qwerty123')).body).toMatchObject({
      errorType: 'invalid_grant',
    });
    const ok = await signupJson(email, 'tidal-orchard-58');
    expect(ok.statusCode).toBe(201);
    await signIn(t.app, email, 'tidal-orchard-58');
  });
});

describe('password reset refuses weak passwords (POST /api/user/confirm-reset-password/)', () => {
  it('answers the field message and keeps the link usable for a strong password', async () => {
    const email = 'reset-weak@example.com';
    await signUp(t.app, { email });
    await t.app.inject({ method: 'POST', url: '/api/user/reset-password/', payload: { email } });
    const link = (await outbox(t.app, email, 'password_reset'))[0]?.link ?? '';
    const resetToken = new URL(link).searchParams.get('reset_token') ?? '';
    const confirm = (new_password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/confirm-reset-password/',
        ...form({ reset_token: resetToken, new_password }),
      });

    const common = await confirm('password1');
    expect(common.statusCode).toBe(400);
    expect(common.json()).toEqual(refusal('new_password', COMMON));
    const named = await confirm('reset-weak-again-9');
    expect(named.statusCode).toBe(400);
    expect(named.json()).toEqual(refusal('new_password', EMAIL_NAME));
    // A bad link is still told first, whatever the password.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/user/confirm-reset-password/',
          ...form({ reset_token: 'vpr_unknown', new_password: 'password1' }),
        })
      ).json(),
    ).toMatchObject({ errorType: 'invalid_token' });

    expect((await confirm('harbor-lantern-31')).json()).toEqual({ detail: 'Your password has been reset.' });
    await signIn(t.app, email, 'harbor-lantern-31');
  });
});

describe('password change refuses weak passwords (POST /api/user/change-password/)', () => {
  it('answers the field message and keeps the current password', async () => {
    const email = 'change-weak@example.com';
    const tokens = await signUp(t.app, { email });
    const change = (new_password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/change-password/',
        headers: bearer(tokens.access_token),
        payload: { current_password: 'engine-1843', new_password },
      });

    const common = await change('12345678');
    expect(common.statusCode).toBe(400);
    expect(common.json()).toEqual(refusal('new_password', COMMON));
    const named = await change('my-change-weak-pw1');
    expect(named.statusCode).toBe(400);
    expect(named.json()).toEqual(refusal('new_password', EMAIL_NAME));
    await signIn(t.app, email, 'engine-1843');

    expect((await change('copper-meadow-77')).json()).toEqual({ detail: 'Your password has been changed.' });
    await signIn(t.app, email, 'copper-meadow-77');
  });
});

describe('passwords are compared in Unicode NFC', () => {
  it('signs up with a decomposed é and signs in with the composed one (and back)', async () => {
    const email = 'nfc@example.com';
    const decomposed = 'cafe\u0301-au-lait-42';
    const composed = 'caf\u00e9-au-lait-42';
    expect(decomposed).not.toBe(composed);
    await signUp(t.app, { email, password: decomposed });
    await signIn(t.app, email, composed);
    await signIn(t.app, email, decomposed);
  });
});
