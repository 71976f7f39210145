// Single-use secrets under real concurrency (meaningful on PostgreSQL, where the requests run in
// parallel transactions): exactly one of two simultaneous uses wins.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../testing/test-app';
import {
  accountsTestApp,
  COLLECTOR,
  form,
  signIn,
  signUp,
  solveCaptcha,
  testWallet,
} from './testing/auth-kit';

let t: TestApp;
beforeAll(async () => {
  t = await accountsTestApp();
});
afterAll(async () => {
  await t.close();
});

const statuses = (results: { statusCode: number }[]) => results.map((r) => r.statusCode).sort();

describe('concurrent use of single-use secrets', () => {
  it('two refreshes with the same token at once: exactly one wins', async () => {
    for (let round = 0; round < 5; round += 1) {
      const tokens = await signIn(t.app, COLLECTOR.email, COLLECTOR.password);
      const refresh = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/o/token/',
          ...form({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token }),
        });
      expect(statuses(await Promise.all([refresh(), refresh()]))).toEqual([200, 400]);
    }
  });

  it('one wallet nonce used twice at once: exactly one sign-in', async () => {
    const wallet = testWallet('concurrency');
    const m = (await t.app.inject(`/api/user/message-to-sign/?address=${wallet.address}`)).json() as {
      message: string;
    };
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/users/signup/',
      payload: {
        grantType: 'wallet',
        email: 'race@example.com',
        firstName: 'Race',
        lastName: 'Condition',
        walletAddress: wallet.address,
        signature: await wallet.signMessage({ message: m.message }),
        message: m.message,
        captchaToken: await solveCaptcha(t.app),
      },
    });
    expect(signup.statusCode).toBe(201);
    for (let round = 0; round < 5; round += 1) {
      const n = (await t.app.inject(`/api/user/nonce/?wallet_address=${wallet.address}`)).json() as {
        message: string;
      };
      const signature = await wallet.signMessage({ message: n.message });
      const [c1, c2] = [await solveCaptcha(t.app), await solveCaptcha(t.app)];
      const login = (captcha: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/users/login/wallet/',
          payload: {
            walletAddress: wallet.address,
            signedMessage: signature,
            message: n.message,
            captchaTokenV3: captcha,
          },
        });
      expect(statuses(await Promise.all([login(c1), login(c2)]))).toEqual([200, 400]);
    }
  });

  it('one captcha solution used twice at once: accepted once', async () => {
    await signUp(t.app, { email: 'captcha-race@example.com', password: 'race-pass-1' });
    const captcha = await solveCaptcha(t.app);
    const login = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/login/',
        payload: { email: 'captcha-race@example.com', password: 'race-pass-1', captchaTokenV3: captcha },
      });
    const results = await Promise.all([login(), login()]);
    expect(statuses(results)).toEqual([200, 400]);
  });
});
