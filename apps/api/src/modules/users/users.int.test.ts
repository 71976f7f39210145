import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../testing/test-app';
import {
  accountsTestApp,
  bearer,
  COLLECTOR,
  latestCode,
  PUBLISHER,
  signIn,
  signUp,
  type Tokens,
} from '../auth/testing/auth-kit';

let t: TestApp;
let me: Tokens;
const EMAIL = 'profile-owner@example.com';

beforeAll(async () => {
  t = await accountsTestApp();
  me = await signUp(t.app, { email: EMAIL, firstName: 'Pro', lastName: 'File' });
  const code = await latestCode(t.app, EMAIL, 'email_verification');
  await t.app.inject({
    method: 'POST',
    url: '/api/users/verify-email/',
    payload: { code },
    headers: bearer(me.access_token),
  });
});
afterAll(async () => {
  await t.close();
});

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
  token = me.access_token,
) =>
  t.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload ? { payload: payload as Record<string, string> } : {}),
  });

describe('profile', () => {
  it('answers the spec fields for the signed-in user', async () => {
    const res = await call('GET', '/api/user/profile/');
    expect(res.json()).toMatchObject({
      email: EMAIL,
      user_email: EMAIL,
      profileUrl: 'pro-file',
      profile_url: 'pro-file',
      twoFAEnabled: false,
      verifiedPhone: false,
      paymentMethods: { cards: { data: [] } },
      paymentPreference: 'card',
      preferences: { displayCurrency: 'USD', storefrontTabPref: 'NFTS' },
      hasPassword: true,
      userCanCreateNiftyStores: false,
      publisherPermissions: [],
    });
  });

  // 000 §7 account calls: GET /user/get-purchase-info/ answered 404.
  it('answers what a purchase needs to know of the signed-in user, and nothing to a visitor', async () => {
    const res = await call('GET', '/api/user/get-purchase-info/');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      account_balance_in_cents: 0,
      available_balance_in_cents: 0,
      paymentMethods: { cards: { data: [] } },
      paymentPreference: 'card',
      addresses: [],
      verifiedPhone: false,
      verifiedPurchaseEnabled: expect.any(Boolean),
      needsTermsAndConditionsApproval: expect.any(Boolean),
      is_bid_safety_net_exempt: expect.any(Boolean),
      max_bid_allowance_override_in_cents: null,
    });
    expect(res.headers['cache-control']).toBe('no-store');
    const visitor = await t.app.inject({ url: '/api/user/get-purchase-info/' });
    expect(visitor.statusCode).toBe(401);
  });

  it("names the publishers a publisher may act for (the Publishers menu's permissions)", async () => {
    const publisher = await signIn(t.app, PUBLISHER.email, PUBLISHER.password);
    const res = await call('GET', '/api/user/profile/', undefined, publisher.access_token);
    expect(res.json()).toMatchObject({
      userCanCreateNiftyStores: true,
      publisherPermissions: [{ slug: 'atlas', name: expect.any(String) }],
    });
  });

  it('edits name, bio and profile URL; a taken URL is refused', async () => {
    const res = await call('POST', '/api/user/v2/alter-user-profile/', {
      name: 'Pro File',
      bio: 'Hello',
      profile_url: 'pro_file_2',
    });
    expect(res.json()).toMatchObject({ name: 'Pro File', bio: 'Hello', profileUrl: 'pro_file_2' });
    const taken = await call('POST', '/api/user/v2/alter-user-profile/', { profile_url: 'caseylinden' });
    expect(taken.json()).toMatchObject({
      errorType: 'profile_url_taken',
      message: 'This profile URL is already taken.',
    });
    const bad = await call('POST', '/api/user/v2/alter-user-profile/', { profile_url: 'a b' });
    expect(bad.json()).toMatchObject({
      errorType: 'validation-error',
      fields: { profile_url: expect.any(String) },
    });
    const q = await t.app.inject('/api/user/is-profile-url-taken/?profile_url=caseylinden');
    expect(q.json()).toEqual({ profile_url: 'caseylinden', taken: true });
    const mine = await call('GET', '/api/user/is-profile-url-taken/?profile_url=pro_file_2');
    expect(mine.json()).toEqual({ profile_url: 'pro_file_2', taken: false });
  });

  // Security review 2026-12-07: a user took a publisher's slug ('atlas', 'kinetic-archive') or a reserved word as their
  // profile URL, and creator, split and allowlist fields then named them by it. The storefront editor refuses the
  // reverse; the two names share one space.
  it("refuses a publisher's slug or a reserved word as a profile URL", async () => {
    for (const url of ['atlas', 'Kinetic-Archive', 'signup', 'publishers']) {
      const res = await call('POST', '/api/user/v2/alter-user-profile/', { profile_url: url });
      expect(res.json(), url).toMatchObject({ errorType: 'profile_url_taken' });
      const q = await t.app.inject(`/api/user/is-profile-url-taken/?profile_url=${url}`);
      expect(q.json(), url).toMatchObject({ taken: true });
    }
    const payee = await call('GET', '/api/v1/is-authorized-payee/kinetic-archive');
    expect(payee.json()).toMatchObject({ exists: false });
  });

  it('sets preferences and social links', async () => {
    const prefs = await call('PATCH', '/api/user/preferences/', { displayCurrency: 'ETH', budget: 5000 });
    expect(prefs.json()).toEqual({
      preferences: { displayCurrency: 'ETH', storefrontTabPref: 'NFTS', budget: 5000 },
    });
    const links = await call('POST', '/api/user/alter-user-social-links/', {
      socialLinks: [{ kind: 'X', url: 'https://x.com/pro' }],
    });
    expect(links.json()).toEqual({ socialLinks: [{ kind: 'x', url: 'https://x.com/pro' }] });
    const bad = await call('POST', '/api/user/alter-user-social-links/', {
      socialLinks: [{ kind: 'x', url: 'javascript:alert(1)' }],
    });
    expect(bad.statusCode).toBe(400);
  });

  it('social links need a verified email', async () => {
    const other = await signUp(t.app, { email: 'unverified-links@example.com' });
    const res = await call(
      'POST',
      '/api/user/alter-user-social-links/',
      { socialLinks: [] },
      other.access_token,
    );
    expect(res.json()).toMatchObject({ statusCode: 403, errorType: 'email_verification_required' });
  });

  it('stores a profile picture checked by content', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const ok = await call('POST', '/api/user/update-profile-picture/', {
      new_profile_pic: `data:image/png;base64,${png.toString('base64')}`,
    });
    expect(ok.statusCode).toBe(200);
    expect((ok.json() as { profilePicUrl: string }).profilePicUrl).toMatch(
      /^\/api\/media\/avatars\/.+\.png$/,
    );
    const html = await call('POST', '/api/user/update-profile-picture/', {
      new_profile_pic: `data:image/png;base64,${Buffer.from('<script>alert(1)</script>').toString('base64')}`,
    });
    expect(html.json()).toMatchObject({ fields: { new_profile_pic: 'Unsupported image type' } });
  });
});

describe('phone verification', () => {
  it('registers a number, checks the code, and validates the profile', async () => {
    expect((await call('GET', '/api/user/verification/')).json()).toEqual({
      message: { verified: false, phone_number: null },
    });
    const invalid = await call('POST', '/api/user/verification/', { to: '12' });
    expect(invalid.json()).toEqual({
      statusCode: 400,
      errorType: 'twilio',
      message: 'Phone number is not valid. Please check your phone number and try again',
    });
    const used = await call('POST', '/api/user/verification/', { to: '+12025550143' });
    expect(used.json()).toMatchObject({
      errorType: 'already_used_phone_number',
      message: 'This phone number has already been registered by another account.',
    });
    const start = await call('POST', '/api/user/verification/', { to: '+1 (415) 555-0199' });
    expect(start.json()).toEqual({ message: { verified: false, phone_number: '+14155550199' }, sent: true });
    expect((await call('PUT', '/api/user/verification/', { code: '000000' })).json()).toMatchObject({
      errorType: 'invalid_code',
      message: 'Invalid verification code',
    });
    expect((await call('PUT', '/api/user/verification/', {})).json()).toMatchObject({
      fields: { code: 'Required' },
    });
    const resend = await call('PATCH', '/api/user/verification/');
    expect(resend.json()).toMatchObject({ sent: true });
    const code = await latestCode(t.app, '+14155550199', 'phone_verification');
    const done = await call('PUT', '/api/user/verification/', { code });
    expect(done.json()).toEqual({ message: { verified: true, phone_number: '+14155550199' } });
    expect((await call('GET', '/api/user/profile/')).json()).toMatchObject({
      verified: true,
      verifiedPhone: true,
      countryCode: '+1',
      phoneNumber: '4155550199',
    });
    const removed = await call('DELETE', '/api/user/verification/');
    expect(removed.json()).toEqual({ message: { verified: false, phone_number: null } });
    expect((await call('GET', '/api/user/profile/')).json()).toMatchObject({
      verifiedPhone: false,
      phoneNumber: null,
    });
    expect((await call('PUT', '/api/user/verification/', { code })).json()).toMatchObject({
      errorType: 'E1001',
    });
  });

  it('a 401 without a token', async () => {
    expect((await t.app.inject('/api/user/verification/')).statusCode).toBe(401);
    const collector = await signIn(t.app, COLLECTOR.email, COLLECTOR.password);
    expect((await call('GET', '/api/user/verification/', undefined, collector.access_token)).json()).toEqual({
      message: { verified: true, phone_number: '+12025550143' },
    });
  });
});
