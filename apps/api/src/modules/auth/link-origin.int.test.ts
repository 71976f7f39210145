// Links in emails (verification, password reset, one-touch approval) and the EIP-4361 domain come
// from configuration only: PUBLIC_ORIGIN (API_URL for the approval link when the hosts are split),
// else the server's own http://localhost:PORT. Never from the request's Origin or Host headers
// (issue #11 findings 2 and 3).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../testing/test-app';
import {
  accountsTestApp,
  bearer,
  latestCode,
  outbox,
  signUp,
  solveCaptcha,
  testWallet,
} from './testing/auth-kit';

const EVIL = { origin: 'https://evil.example', host: 'evil.example', referer: 'https://evil.example/x' };

async function resetLink(t: TestApp, email: string, headers: Record<string, string> = EVIL) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user/reset-password/',
    headers,
    payload: { email },
  });
  expect(res.statusCode).toBe(200);
  return (await outbox(t.app, email, 'password_reset'))[0]?.link ?? '';
}

describe('with PUBLIC_ORIGIN unset (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await accountsTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('a reset asked with a forged Origin and Host emails a link to the server itself', async () => {
    await signUp(t.app, { email: 'victim@example.com' });
    const link = await resetLink(t, 'victim@example.com');
    expect(link).toMatch(/^http:\/\/localhost:3000\/reset-password\?reset_token=vpr_/);
  });

  it('the verification email of a signup with a forged Origin links to the server itself', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/signup/',
      headers: EVIL,
      payload: {
        grantType: 'password',
        email: 'newcomer@example.com',
        firstName: 'Ada',
        lastName: 'Lovelace',
        password: 'engine-1843',
        captchaToken: await solveCaptcha(t.app),
      },
    });
    expect(res.statusCode).toBe(201);
    const [mail] = await outbox(t.app, 'newcomer@example.com', 'email_verification');
    expect(mail?.link).toMatch(/^http:\/\/localhost:3000\/verify-email\?code=vev_/);
    expect(mail?.text).not.toContain('evil.example');
  });

  it('the one-touch approval link ignores a forged Host', async () => {
    const email = 'onetouch-origin@example.com';
    const tokens = await signUp(t.app, { email });
    const verify = await t.app.inject({
      method: 'POST',
      url: '/api/users/verify-email/',
      headers: bearer(tokens.access_token),
      payload: { code: await latestCode(t.app, email, 'email_verification') },
    });
    expect(verify.statusCode).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: '/api/user/twofa/enroll/',
      headers: bearer(tokens.access_token),
      payload: { method: 'one_touch' },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/user/twofa/verifyenrollment/',
      headers: bearer(tokens.access_token),
      payload: { auth_code: await latestCode(t.app, email, 'twofa_enroll') },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/login/',
      headers: EVIL,
      payload: { email, password: 'engine-1843', captchaTokenV3: await solveCaptcha(t.app) },
    });
    expect(res.json()).toMatchObject({ data: { method: 'one_touch' } });
    const link = (await outbox(t.app, email, 'twofa_one_touch'))[0]?.link ?? '';
    expect(link).toMatch(/^http:\/\/localhost:3000\/api\/user\/twofa\/one-touch\/vot_/);
  });

  it('the wallet message names the server itself, whatever Origin asked for it', async () => {
    const wallet = testWallet('origin-phish');
    const res = await t.app.inject({
      url: `/api/user/nonce/?wallet_address=${wallet.address}`,
      headers: { origin: 'https://phish.example', host: 'phish.example' },
    });
    const { message } = res.json() as { message: string };
    expect(message).toContain('localhost:3000 wants you to sign in with your Ethereum account:');
    expect(message).toContain('URI: http://localhost:3000');
    expect(message).not.toContain('phish.example');
  });

  it('refuses a signed message for another domain even when the request comes from it', async () => {
    // A nonce row for phish.example, as the old code issued it from a forged Origin.
    const wallet = testWallet('origin-phish-2');
    const phish = { domain: 'phish.example', uri: 'https://phish.example' };
    const issued = await t.app.services.accounts.wallets.issueMessage(wallet.address, undefined, phish);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/users/login/wallet/',
      headers: { origin: 'https://phish.example', host: 'phish.example' },
      payload: {
        walletAddress: wallet.address,
        message: issued.message,
        signedMessage: await wallet.signMessage({ message: issued.message }),
        captchaTokenV3: await solveCaptcha(t.app),
      },
    });
    expect(login.json()).toMatchObject({
      errorType: 'invalid_wallet',
      message: 'This sign-in message was issued for another site.',
    });
  });
});

describe('with PUBLIC_ORIGIN and API_URL set', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await accountsTestApp(
      { publicOrigin: 'https://vitrine.example' },
      { apiUrl: 'https://api.vitrine.example' },
    );
  });
  afterAll(async () => {
    await t.close();
  });

  it('reset and verification links use PUBLIC_ORIGIN; the wallet message names it', async () => {
    await signUp(t.app, { email: 'configured@example.com' });
    const [verification] = await outbox(t.app, 'configured@example.com', 'email_verification');
    expect(verification?.link).toMatch(/^https:\/\/vitrine\.example\/verify-email\?code=vev_/);
    expect(await resetLink(t, 'configured@example.com')).toMatch(
      /^https:\/\/vitrine\.example\/reset-password\?reset_token=vpr_/,
    );
    const wallet = testWallet('origin-configured');
    const { message } = (
      await t.app.inject({ url: `/api/user/nonce/?wallet_address=${wallet.address}`, headers: EVIL })
    ).json() as { message: string };
    expect(message).toContain('vitrine.example wants you to sign in with your Ethereum account:');
    expect(message).toContain('URI: https://vitrine.example');
  });

  it('a wallet message for PUBLIC_ORIGIN signs in, whatever Origin the sign-in comes with', async () => {
    const wallet = testWallet('origin-configured-2');
    const m = (await t.app.inject(`/api/user/message-to-sign/?address=${wallet.address}`)).json() as {
      message: string;
    };
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/users/signup/',
      headers: EVIL,
      payload: {
        grantType: 'wallet',
        email: 'wallet-configured@example.com',
        firstName: 'Ada',
        lastName: 'Lovelace',
        walletAddress: wallet.address,
        signature: await wallet.signMessage({ message: m.message }),
        message: m.message,
        captchaTokenV3: await solveCaptcha(t.app),
      },
    });
    expect(signup.statusCode).toBe(201);
  });
});

describe('with the dev server origin (npm run dev)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await accountsTestApp({ devWebOrigin: 'http://localhost:5173' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('a page served by Vite gets a message for Vite; any other Host gets the public origin', async () => {
    const wallet = testWallet('origin-dev');
    const messageWithHost = async (host: string) =>
      (
        (
          await t.app.inject({ url: `/api/user/nonce/?wallet_address=${wallet.address}`, headers: { host } })
        ).json() as { message: string }
      ).message;
    const vite = await messageWithHost('localhost:5173');
    expect(vite).toContain('localhost:5173 wants you to sign in');
    expect(vite).toContain('URI: http://localhost:5173');
    expect(await messageWithHost('phish.example')).toContain('localhost:3000 wants you to sign in');

    // Both are allowed at sign-in (an unknown wallet: the signature passes, then noUserFound).
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/users/login/wallet/',
      payload: {
        walletAddress: wallet.address,
        message: vite,
        signedMessage: await wallet.signMessage({ message: vite }),
        captchaTokenV3: await solveCaptcha(t.app),
      },
    });
    expect(login.json()).toMatchObject({ errorType: 'noUserFound' });
  });
});

describe('a listening server without PUBLIC_ORIGIN', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await accountsTestApp();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('links to its own listening address and port', async () => {
    await signUp(t.app, { email: 'listening@example.com' });
    const res = await fetch(`${base}/api/user/reset-password/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify({ email: 'listening@example.com' }),
    });
    expect(res.status).toBe(200);
    const [mail] = await outbox(t.app, 'listening@example.com', 'password_reset');
    expect(mail?.link?.startsWith(`${base}/reset-password?reset_token=vpr_`)).toBe(true);
  });
});
