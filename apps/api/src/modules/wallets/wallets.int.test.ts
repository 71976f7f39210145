import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../testing/test-app';
import { accountsTestApp, bearer, solveCaptcha, testWallet } from '../auth/testing/auth-kit';

let t: TestApp;
beforeAll(async () => {
  t = await accountsTestApp();
});
afterAll(async () => {
  await t.close();
});

const wallet = testWallet('wallets-int');

async function messageFor(address: string, query = '', headers: Record<string, string> = {}) {
  const res = await t.app.inject({ url: `/api/user/nonce/?wallet_address=${address}${query}`, headers });
  expect(res.statusCode).toBe(200);
  return res.json() as { nonce: string; message: string; message_to_sign: string; expires_at: string };
}

async function walletLogin(
  body: { walletAddress: string; message: string; signedMessage: string },
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/users/login/wallet/',
    headers,
    payload: { ...body, captchaTokenV3: await solveCaptcha(t.app) },
  });
}

describe('wallet messages (EIP-4361)', () => {
  it('answer the full text to sign with its nonce, domain and chain', async () => {
    const m = await messageFor(wallet.address);
    expect(m.message).toBe(m.message_to_sign);
    expect(m.message).toContain('localhost:3000 wants you to sign in with your Ethereum account:');
    expect(m.message).toContain(wallet.address);
    expect(m.message).toContain(`Nonce: ${m.nonce}`);
    expect(m.message).toContain('Chain ID: 11155111');
    expect(m.expires_at).toBe(new Date(t.clock.now().getTime() + 600_000).toISOString());
    const signup = await t.app.inject(
      `/api/user/message-to-sign/?address=${wallet.address.toLowerCase()}&chain_id=31337`,
    );
    expect((signup.json() as { message: string }).message).toContain('Chain ID: 31337');
  });

  it('refuse a bad address and a chain this environment does not use', async () => {
    const bad = await t.app.inject('/api/user/nonce/?wallet_address=0x123');
    expect(bad.json()).toMatchObject({
      errorType: 'validation-error',
      fields: { wallet_address: 'Invalid wallet address' },
    });
    const mainnet = await t.app.inject(`/api/user/nonce/?wallet_address=${wallet.address}&chain_id=1`);
    expect(mainnet.json()).toMatchObject({
      fields: { chain_id: 'Wallet is currently connected to the wrong network.' },
    });
  });
});

describe('wallet signup and sign-in', () => {
  it('an unknown wallet with a valid signature gets noUserFound', async () => {
    const m = await messageFor(wallet.address);
    const res = await walletLogin({
      walletAddress: wallet.address,
      message: m.message,
      signedMessage: await wallet.signMessage({ message: m.message }),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      statusCode: 404,
      errorType: 'noUserFound',
      message:
        'This wallet is not connected to an NG account, sign up instead or connect it to an existing account.',
    });
  });

  it('signs up with a signed message, then signs in; the nonce is single use', async () => {
    const m = (await t.app.inject(`/api/user/message-to-sign/?address=${wallet.address}`)).json() as {
      message: string;
    };
    const signature = await wallet.signMessage({ message: m.message });
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/users/signup/',
      payload: {
        grantType: 'wallet',
        email: 'satoshi@example.com',
        firstName: 'Satoshi',
        lastName: 'N',
        walletAddress: wallet.address,
        signature,
        message: m.message,
        captchaTokenV3: await solveCaptcha(t.app),
      },
    });
    expect(signup.statusCode).toBe(201);
    const access = (signup.json() as { data: { access_token: string } }).data.access_token;
    const me = (await t.app.inject({ url: '/api/user/profile/', headers: bearer(access) })).json() as {
      walletAddress: string;
      hasPassword: boolean;
    };
    expect(me.walletAddress).toBe(wallet.address.toLowerCase());
    expect(me.hasPassword).toBe(false);

    const login = await messageFor(wallet.address);
    const body = {
      walletAddress: wallet.address,
      message: login.message,
      signedMessage: await wallet.signMessage({ message: login.message }),
    };
    const ok = await walletLogin(body);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ data: { token_type: 'Bearer' } });
    const again = await walletLogin(body);
    expect(again.json()).toEqual({
      statusCode: 400,
      errorType: 'invalid_wallet',
      message: 'This sign-in message has expired or was already used. Please try again.',
    });
  });

  it('refuses an expired nonce', async () => {
    const m = await messageFor(wallet.address);
    const signedMessage = await wallet.signMessage({ message: m.message });
    t.clock.advance(601_000);
    const res = await walletLogin({ walletAddress: wallet.address, message: m.message, signedMessage });
    expect(res.json()).toMatchObject({
      errorType: 'invalid_wallet',
      message: 'This sign-in message has expired or was already used. Please try again.',
    });
  });

  it('refuses a message issued for another site, and one signed by another key', async () => {
    // A message for a site that is not configured (the route only issues configured ones).
    const m = await t.app.services.accounts.wallets.issueMessage(wallet.address, undefined, {
      domain: 'evil.example',
      uri: 'https://evil.example',
    });
    const signedMessage = await wallet.signMessage({ message: m.message });
    const res = await walletLogin({ walletAddress: wallet.address, message: m.message, signedMessage });
    expect(res.json()).toMatchObject({
      errorType: 'invalid_wallet',
      message: 'This sign-in message was issued for another site.',
    });

    const m2 = await messageFor(wallet.address);
    const forged = await testWallet('someone-else').signMessage({ message: m2.message });
    const bad = await walletLogin({
      walletAddress: wallet.address,
      message: m2.message,
      signedMessage: forged,
    });
    expect(bad.json()).toMatchObject({ errorType: 'invalid_wallet', message: 'invalid wallet' });
    // A bad signature does not use the nonce up: the owner can still sign in with it.
    const good = await walletLogin({
      walletAddress: wallet.address,
      message: m2.message,
      signedMessage: await wallet.signMessage({ message: m2.message }),
    });
    expect(good.statusCode).toBe(200);
  });

  it('refuses a tampered message (wrong chain) even when signed', async () => {
    const m = await messageFor(wallet.address);
    const tampered = m.message.replace('Chain ID: 11155111', 'Chain ID: 1');
    const res = await walletLogin({
      walletAddress: wallet.address,
      message: tampered,
      signedMessage: await wallet.signMessage({ message: tampered }),
    });
    expect(res.json()).toMatchObject({
      errorType: 'invalid_wallet',
      message: 'Wallet is currently connected to the wrong network.',
    });
  });

  it('the form-encoded wallet grant answers the token response', async () => {
    const m = await messageFor(wallet.address);
    const params = new URLSearchParams({
      grant_type: 'wallet',
      wallet_address: wallet.address,
      signature: await wallet.signMessage({ message: m.message }),
      message: m.message,
      captcha_token_v3: await solveCaptcha(t.app),
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/o/token/',
      payload: params.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ token_type: 'Bearer', expires_in: 900 });
  });
});
