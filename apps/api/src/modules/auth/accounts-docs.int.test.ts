// The accounts routes check each body with one schema, and the OpenAPI document shows that schema:
// the real fields with their types and limits (not loose text fields), and what it calls required is
// what an empty body is refused for.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../testing/test-app';
import { RELAXED_RATE_LIMITS } from './auth.config';
import { bearer, signUp } from './testing/auth-kit';

type JsonSchema = {
  type?: string;
  properties?: Record<string, Record<string, unknown>>;
  required?: string[];
  oneOf?: JsonSchema[];
};
type Operation = { requestBody?: { content: Record<string, { schema: JsonSchema }> } };

let t: TestApp;
let paths: Record<string, Record<string, Operation>>;
let token: string;
beforeAll(async () => {
  t = await testApp({
    seed: false,
    config: { accounts: { captcha: { maxNumber: 2_000 }, rateLimits: RELAXED_RATE_LIMITS } },
  });
  const res = await t.app.inject({ url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  paths = (res.json() as { paths: typeof paths }).paths;
  token = (await signUp(t.app, { email: 'docs-reader@example.com' })).access_token;
});
afterAll(async () => {
  await t.close();
});

const bodyOf = (method: string, path: string): JsonSchema => {
  const schema = paths[path]?.[method.toLowerCase()]?.requestBody?.content['application/json']?.schema;
  if (!schema) throw new Error(`${method} ${path}: no request body in the document`);
  return schema;
};
const sorted = (names: readonly string[] | undefined) => [...(names ?? [])].sort();

const text = { type: 'string' };
const email = { type: 'string', maxLength: 254, pattern: expect.stringContaining('@') };
const newPassword = { type: 'string', minLength: 8, maxLength: 128 };
const twoFactorCode = { type: 'string', minLength: 5, maxLength: 64 };
const twofaToken = { type: 'string', minLength: 1, maxLength: 200 };
const wallet = { type: 'string', pattern: '^0x[0-9a-fA-F]{40}$' };
const yesNo = { type: 'boolean' };

/** Bodies of one object: the fields it must have, and some of its fields as documented. */
const objects: Array<{
  method: 'POST' | 'PUT' | 'PATCH';
  path: string;
  required: string[];
  properties: Record<string, object>;
}> = [
  { method: 'POST', path: '/api/user/reset-password/', required: ['email'], properties: { email } },
  {
    method: 'POST',
    path: '/api/user/confirm-reset-password/',
    required: ['reset_token', 'new_password'],
    properties: { reset_token: { type: 'string', maxLength: 200 }, new_password: newPassword },
  },
  {
    method: 'POST',
    path: '/api/user/change-password/',
    required: ['current_password', 'new_password'],
    properties: { current_password: { type: 'string', maxLength: 128 }, new_password: newPassword },
  },
  {
    method: 'POST',
    path: '/api/o/twofa/',
    required: ['token'],
    properties: { token: twofaToken, code: twoFactorCode, twofa_token: text, twoFAToken: text },
  },
  {
    method: 'POST',
    path: '/api/users/login/twofa/',
    required: ['twoFAToken'],
    properties: { twoFAToken: twofaToken, code: twoFactorCode, twofa_token: text, token: text },
  },
  {
    method: 'POST',
    path: '/api/user/twofa/unauthenticatedrequest/',
    required: ['twoFAToken'],
    properties: { twoFAToken: twofaToken, twofa_token: text, token: text },
  },
  {
    method: 'POST',
    path: '/api/user/twofa/enroll/',
    required: ['method'],
    properties: { method: { enum: ['sms', 'email', 'totp', 'one_touch'] } },
  },
  {
    method: 'POST',
    path: '/api/user/twofa/verifyenrollment/',
    required: ['code'],
    properties: { code: twoFactorCode, auth_code: twoFactorCode },
  },
  {
    method: 'PATCH',
    path: '/api/user/v2/toggle-should-skip-2fa-prompt/',
    required: [],
    properties: { shouldSkipTwofaPrompt: yesNo, should_skip_twofa_prompt: yesNo },
  },
  {
    method: 'POST',
    path: '/api/user/twofa/disable/',
    // The password, or for an account with none the two-factor code: which one is the account's to say.
    required: [],
    properties: {
      password: { type: 'string', maxLength: 128 },
      twoFactorCode: { type: 'string', maxLength: 16 },
    },
  },
  { method: 'POST', path: '/api/oauth2/revoke-token/', required: ['token'], properties: { token: text } },
  {
    method: 'POST',
    path: '/api/users/verify-email/',
    required: ['code'],
    properties: { code: { type: 'string', maxLength: 64 } },
  },
  {
    method: 'POST',
    path: '/api/user/sessions/revoke-all/',
    required: [],
    properties: { keep_current: yesNo },
  },
  {
    method: 'POST',
    path: '/api/user/v2/alter-user-profile/',
    required: [],
    properties: {
      name: { type: 'string', maxLength: 100 },
      bio: { type: 'string', maxLength: 1000 },
      profile_url: { type: 'string', pattern: '^[A-Za-z0-9_-]{3,30}$' },
      profileUrl: { type: 'string', pattern: '^[A-Za-z0-9_-]{3,30}$' },
      first_name: text,
      firstName: text,
      last_name: text,
      lastName: text,
    },
  },
  {
    method: 'POST',
    path: '/api/user/update-profile-picture/',
    required: ['new_profile_pic'],
    properties: { new_profile_pic: { type: 'string', minLength: 1 } },
  },
  {
    method: 'POST',
    path: '/api/user/alter-user-social-links/',
    required: ['socialLinks'],
    properties: { socialLinks: { type: 'array', maxItems: 10 } },
  },
  {
    method: 'PATCH',
    path: '/api/user/preferences/',
    required: [],
    properties: {
      displayCurrency: { enum: ['USD', 'ETH'] },
      storefrontTabPref: { enum: ['NFTS', 'Collections'] },
      budget: { type: 'integer', minimum: 0 },
    },
  },
  {
    method: 'POST',
    path: '/api/user/verification/',
    required: ['to'],
    properties: { to: text, phone_number: text },
  },
  { method: 'PUT', path: '/api/user/verification/', required: ['code'], properties: { code: text } },
  {
    method: 'POST',
    path: '/api/users/login/',
    required: ['email', 'password'],
    properties: {
      email,
      password: { type: 'string', maxLength: 128 },
      captchaTokenV3: text,
      captcha_token_v3: text,
    },
  },
  {
    method: 'POST',
    path: '/api/users/login/wallet/',
    required: ['walletAddress', 'signedMessage', 'message'],
    properties: {
      walletAddress: wallet,
      signedMessage: { type: 'string', pattern: expect.any(String) },
      signature: { type: 'string', pattern: expect.any(String) },
      message: { type: 'string', maxLength: 4000 },
      captchaTokenV3: text,
      captcha_token_v3: text,
    },
  },
];

/** Bodies with one object per grant type (`oneOf`), told apart by `key`. */
const grants: Array<{
  path: string;
  key: string;
  variants: Record<string, { required: string[]; properties: Record<string, object> }>;
}> = [
  {
    path: '/api/o/token/',
    key: 'grant_type',
    variants: {
      password: {
        required: ['grant_type', 'username', 'password'],
        properties: { username: email, password: text, captcha_token_v3: text, captchaTokenV3: text },
      },
      wallet: {
        required: ['grant_type', 'wallet_address', 'signature', 'message'],
        properties: { wallet_address: wallet, captcha_token_v3: text },
      },
      refresh_token: {
        required: ['grant_type', 'refresh_token'],
        properties: { refresh_token: { type: 'string', maxLength: 200 } },
      },
    },
  },
  {
    path: '/api/users/signup/',
    key: 'grantType',
    variants: {
      password: {
        required: ['grantType', 'email', 'firstName', 'lastName', 'password'],
        properties: {
          email,
          username: email,
          firstName: { type: 'string', maxLength: 100 },
          first_name: { type: 'string', maxLength: 100 },
          password: newPassword,
          subscribe: yesNo,
          captchaToken: text,
          captcha_token: text,
        },
      },
      wallet: {
        required: ['grantType', 'email', 'firstName', 'lastName', 'walletAddress', 'signature', 'message'],
        properties: { walletAddress: wallet, wallet_address: wallet, subscribe: yesNo },
      },
    },
  },
];

const send = (method: string, path: string, payload: object) =>
  t.app.inject({ method: method as 'POST', url: path, payload, headers: bearer(token) });

describe('accounts bodies in the OpenAPI document', () => {
  it('list the real fields of each body, with their types and limits', () => {
    for (const { method, path, required, properties } of objects) {
      const body = bodyOf(method, path);
      expect(body.type, `${method} ${path}`).toBe('object');
      expect(sorted(body.required), `${method} ${path}`).toEqual(sorted(required));
      expect(body.properties, `${method} ${path}`).toMatchObject(properties);
    }
  });

  it('show one body per grant type, each with the fields that grant needs', () => {
    for (const { path, key, variants } of grants) {
      const options = bodyOf('POST', path).oneOf ?? [];
      const byGrant = Object.fromEntries(
        options.map((o) => [(o.properties?.[key]?.enum as string[] | undefined)?.[0], o]),
      );
      expect(Object.keys(byGrant).sort(), path).toEqual(Object.keys(variants).sort());
      for (const [grant, { required, properties }] of Object.entries(variants)) {
        expect(sorted(byGrant[grant]?.required), `${path} ${grant}`).toEqual(sorted(required));
        expect(byGrant[grant]?.properties, `${path} ${grant}`).toMatchObject(properties);
      }
    }
  });

  it('call required exactly the fields an empty body is refused for', async () => {
    for (const { method, path } of objects) {
      const required = bodyOf(method, path).required ?? [];
      if (required.length === 0) continue; // an empty body is a valid one (and would change things)
      const res = await send(method, path, {});
      expect(res.statusCode, `${method} ${path}`).toBe(400);
      const fields = (res.json() as { fields?: Record<string, string> }).fields;
      expect(sorted(Object.keys(fields ?? {})), `${method} ${path}`).toEqual(sorted(required));
    }
    for (const { path, key, variants } of grants) {
      expect((await send('POST', path, {})).json(), path).toMatchObject({ fields: { [key]: 'Required' } });
      for (const [grant, { required }] of Object.entries(variants)) {
        const res = await send('POST', path, { [key]: grant });
        const fields = (res.json() as { fields?: Record<string, string> }).fields;
        expect(sorted(Object.keys(fields ?? {})), `${path} ${grant}`).toEqual(
          sorted(required.filter((f) => f !== key)),
        );
      }
    }
  });
});
