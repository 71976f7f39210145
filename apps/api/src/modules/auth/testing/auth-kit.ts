// Helpers for accounts tests: solve the captcha like the web app does, read the outbox, sign in,
// and a deterministic test wallet (a viem local account, the same signer an EIP-1193 stub uses).
import { createHash } from 'node:crypto';
import { solveChallenge } from 'altcha-lib/v1';
import type { FastifyInstance } from 'fastify';
import type { Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { AppConfig } from '../../../app';
import { type TestApp, testApp } from '../../../testing/test-app';
import { type AccountsConfigInput, RELAXED_RATE_LIMITS } from '../auth.config';

export const COLLECTOR = { email: 'collector@vitrine.test', password: 'vitrine-collects-1' };
export const PUBLISHER = { email: 'publisher@vitrine.test', password: 'vitrine-publishes-1' };

/** A test app whose rate limits never trip, unless `accounts.rateLimits` says otherwise. */
export function accountsTestApp(
  accounts: AccountsConfigInput = {},
  config: Partial<Omit<AppConfig, 'accounts'>> = {},
): Promise<TestApp> {
  return testApp({
    config: {
      ...config,
      accounts: {
        ...accounts,
        // A light proof of work keeps the suite fast; the solver and the checks are the real ones.
        captcha: { maxNumber: 2_000, ...accounts.captcha },
        rateLimits: { ...RELAXED_RATE_LIMITS, ...accounts.rateLimits },
      },
    },
  });
}

/** A form-encoded request body. */
export function form(fields: Record<string, string | undefined>) {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) params.set(k, v);
  return { payload: params.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } };
}

/**
 * Fetches a challenge and solves it (ALTCHA v1): the base64 JSON payload the widget sends. `hard` asks
 * for the stronger check an account needs once its failed sign-ins pass the limit (decision 003).
 */
export async function solveCaptcha(
  app: FastifyInstance,
  level: 'normal' | 'hard' = 'normal',
): Promise<string> {
  const url = level === 'hard' ? '/api/captcha/challenge/?level=hard' : '/api/captcha/challenge/';
  const challenge = (await app.inject(url)).json() as {
    algorithm: string;
    challenge: string;
    maxnumber: number;
    salt: string;
    signature: string;
  };
  const solution = await solveChallenge(
    challenge.challenge,
    challenge.salt,
    challenge.algorithm,
    challenge.maxnumber,
  ).promise;
  if (!solution) throw new Error('captcha not solved');
  return Buffer.from(
    JSON.stringify({
      algorithm: challenge.algorithm,
      challenge: challenge.challenge,
      number: solution.number,
      salt: challenge.salt,
      signature: challenge.signature,
    }),
  ).toString('base64');
}

export interface OutboxItem {
  id: number;
  channel: string;
  to: string;
  kind: string;
  subject: string;
  text: string;
  code: string | null;
  link: string | null;
}

export async function outbox(app: FastifyInstance, to: string, kind?: string): Promise<OutboxItem[]> {
  const q = new URLSearchParams({ to, ...(kind ? { kind } : {}) });
  await app.services.accounts.background.idle();
  const res = await app.inject({
    url: `/dev/outbox.json?${q}`,
    headers: { authorization: `Bearer ${app.config.outboxKey}` },
  });
  if (res.statusCode !== 200) throw new Error(`outbox answered ${res.statusCode}`);
  return (res.json() as { results: OutboxItem[] }).results;
}

export async function latestCode(app: FastifyInstance, to: string, kind?: string): Promise<string> {
  const code = (await outbox(app, to, kind))[0]?.code;
  if (!code) throw new Error(`no code for ${to}`);
  return code;
}

export interface Tokens {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  prompt2fa: boolean;
}

/** Password grant on the token call; answers the parsed body and status. */
export async function passwordGrant(app: FastifyInstance, email: string, password: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/o/token/',
    ...form({ grant_type: 'password', username: email, password, captcha_token_v3: await solveCaptcha(app) }),
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

/** Signs in (no two-factor expected) and returns the tokens. */
export async function signIn(app: FastifyInstance, email: string, password: string): Promise<Tokens> {
  const { status, body } = await passwordGrant(app, email, password);
  if (status !== 200 || typeof body.access_token !== 'string') {
    throw new Error(`sign-in failed: ${status} ${JSON.stringify(body)}`);
  }
  return body as unknown as Tokens;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A deterministic test wallet: viem local account from a key derived from `label`. */
export function testWallet(label: string) {
  const key = `0x${createHash('sha256').update(`vitrine-test-wallet:${label}`).digest('hex')}` as Hex;
  return privateKeyToAccount(key);
}

/** Signs up a fresh password account and answers its tokens. */
export async function signUp(
  app: FastifyInstance,
  who: { email: string; password?: string; firstName?: string; lastName?: string },
): Promise<Tokens> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/users/signup/',
    payload: {
      grantType: 'password',
      email: who.email,
      firstName: who.firstName ?? 'Ada',
      lastName: who.lastName ?? 'Lovelace',
      password: who.password ?? 'engine-1843',
      captchaToken: await solveCaptcha(app),
    },
  });
  if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: Tokens }).data;
}

/** Signs up by wallet (its sign-in message signed) with `email`, whoever owns it; answers the signup's response. */
export async function walletSignUp(
  app: FastifyInstance,
  wallet: ReturnType<typeof testWallet>,
  email: string,
) {
  const m = (await app.inject(`/api/user/message-to-sign/?address=${wallet.address}`)).json() as {
    message: string;
  };
  return app.inject({
    method: 'POST',
    url: '/api/users/signup/',
    payload: {
      grantType: 'wallet',
      email,
      firstName: 'Wal',
      lastName: 'Let',
      walletAddress: wallet.address,
      signature: await wallet.signMessage({ message: m.message }),
      message: m.message,
      captchaTokenV3: await solveCaptcha(app),
    },
  });
}
