// Helpers for the accounts browser tests: unique users, the dev outbox, an API signup (for tests
// that need an account but test something else), a test wallet injected as window.ethereum, and
// stored credentials. Every sign-in and signup counts against the server's production rate limits
// (docs/decisions/003 "Limits": 30 login attempts / 15 min and 10 signups / hour per IP), which the
// e2e files share: use the API helpers only where the flow itself is not under test.
import { createHash, randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { inject } from 'vitest';
// The provided values' types (baseUrl, adminToken), also for programs that import this file alone.
import type {} from '../global-setup';

export const COLLECTOR = { email: 'collector@vitrine.test', password: 'vitrine-collects-1' };
export const DESKTOP = { width: 1280, height: 900 };

export function uniqueEmail(label: string): string {
  return `${label}-${randomUUID().slice(0, 8)}@e2e.vitrine.test`;
}

export async function newPage(browser: Browser, viewport = DESKTOP): Promise<Page> {
  const context = await browser.newContext({ viewport });
  return context.newPage();
}

/** The part of the DOM Storage API the init scripts use (the e2e project has no DOM types). */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

// ---- the dev outbox (GET /dev/outbox.json; its key is the server's ADMIN_TOKEN, see global-setup) ----

/** The outbox page in the browser, with its key. */
export function outboxPageUrl(baseUrl: string, to: string): string {
  return `${baseUrl}/dev/outbox?${new URLSearchParams({ to, key: inject('adminToken') })}`;
}

export interface OutboxMessage {
  id: number;
  channel: string;
  to: string;
  kind: string;
  subject: string;
  text: string;
  code: string | null;
  link: string | null;
  created_at: string;
}

export async function outbox(baseUrl: string, to: string, kind?: string): Promise<OutboxMessage[]> {
  const query = new URLSearchParams({ to, limit: '20', ...(kind ? { kind } : {}) });
  const response = await fetch(`${baseUrl}/dev/outbox.json?${query}`, {
    headers: { authorization: `Bearer ${inject('adminToken')}` },
  });
  if (!response.ok) throw new Error(`outbox answered ${response.status}`);
  return ((await response.json()) as { results: OutboxMessage[] }).results;
}

/** The newest message to `to` of `kind`, waiting up to 10 s for it (newer than `afterId` when given). */
export async function latestMessage(
  baseUrl: string,
  to: string,
  kind: string,
  afterId = 0,
): Promise<OutboxMessage> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const [latest] = await outbox(baseUrl, to, kind);
    if (latest && latest.id > afterId) return latest;
    if (Date.now() > deadline) throw new Error(`no ${kind} message to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

// ---- API signup (captcha solved here like the web app does) ----

interface Challenge {
  algorithm: string;
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}

/** A solved bot check (ALTCHA) for the signup and login routes. */
export async function captchaToken(baseUrl: string): Promise<string> {
  const challenge = (await (await fetch(`${baseUrl}/api/captcha/challenge/`)).json()) as Challenge;
  for (let n = 0; n <= challenge.maxnumber; n += 1) {
    if (createHash('sha256').update(`${challenge.salt}${n}`).digest('hex') === challenge.challenge) {
      const { algorithm, salt, signature } = challenge;
      return Buffer.from(
        JSON.stringify({ algorithm, challenge: challenge.challenge, number: n, salt, signature }),
      ).toString('base64');
    }
  }
  throw new Error('captcha not solved');
}

export interface Grant {
  access_token: string;
  refresh_token: string;
  expires_in: number;
}

export interface ApiUser {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  grant: Grant;
}

/** Creates an account through the API (signed in), for tests whose subject is not signup. */
export async function apiSignUp(baseUrl: string, label: string): Promise<ApiUser> {
  const user = {
    email: uniqueEmail(label),
    password: 'e2e-password-1',
    firstName: 'Avery',
    lastName: 'Quinn',
  };
  const response = await fetch(`${baseUrl}/api/users/signup/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ grantType: 'password', ...user, captchaTokenV3: await captchaToken(baseUrl) }),
  });
  if (response.status !== 201)
    throw new Error(`signup answered ${response.status}: ${await response.text()}`);
  const body = (await response.json()) as { data: Grant };
  return { ...user, grant: body.data };
}

/** Signs an account in through the API (the login form's own request), as the browser would, and returns its grant. */
export async function apiSignIn(
  baseUrl: string,
  account: { email: string; password: string },
): Promise<Grant> {
  const response = await fetch(`${baseUrl}/api/users/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ ...account, captchaTokenV3: await captchaToken(baseUrl) }),
  });
  if (response.status !== 200) throw new Error(`login answered ${response.status}: ${await response.text()}`);
  const body = (await response.json()) as { data: Grant };
  return body.data;
}

/** Verifies the user's email with the link token of the verification email (no sign-in needed). */
export async function apiVerifyEmail(baseUrl: string, email: string): Promise<void> {
  const message = await latestMessage(baseUrl, email, 'email_verification');
  const token = new URL(message.link ?? '').searchParams.get('code') ?? '';
  const response = await fetch(`${baseUrl}/api/users/verify-email/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code: token }),
  });
  if (!response.ok) throw new Error(`verify-email answered ${response.status}`);
}

/** Stores credentials in the context's storage as the web app does (000 §3), before any page loads. */
export async function storeCredentials(
  context: BrowserContext,
  grant: Grant,
  expiryDate: number = Date.now() + grant.expires_in * 1000,
): Promise<void> {
  const value = JSON.stringify({ ...grant, expiry_date: expiryDate });
  await context.addInitScript((raw: string) => {
    const storage = globalThis as unknown as { localStorage: KeyValueStore; sessionStorage: KeyValueStore };
    // Once per tab, and only into an empty store: another tab may have refreshed them already.
    if (storage.sessionStorage.getItem('e2e-credentials-seeded')) return;
    storage.sessionStorage.setItem('e2e-credentials-seeded', '1');
    if (storage.localStorage.getItem('credentials')) return;
    storage.localStorage.setItem('credentials', raw);
  }, value);
}

/**
 * Makes the page refresh its session now, as it does shortly before its access token runs out: the stored expiry
 * moved inside the refresh window, then the 'online' event (the app refreshes when the network comes back).
 * Resolves once the profile, which every refresh reads again, has been read.
 */
export async function refreshSessionNow(page: Page): Promise<void> {
  const profileRead = page.waitForResponse(
    (r) => r.url().endsWith('/api/user/profile/') && r.request().method() === 'GET',
  );
  await page.evaluate(() => {
    const g = globalThis as unknown as { localStorage: KeyValueStore; dispatchEvent(e: Event): void };
    const stored = JSON.parse(g.localStorage.getItem('credentials') ?? '{}');
    g.localStorage.setItem('credentials', JSON.stringify({ ...stored, expiry_date: Date.now() + 30_000 }));
    g.dispatchEvent(new Event('online'));
  });
  await profileRead;
}

/** The credentials the page stored, or null. */
export async function readStoredCredentials(
  page: Page,
): Promise<{ access_token: string; refresh_token: string; expires_in: number; expiry_date: number } | null> {
  return page.evaluate(() => {
    const raw = (globalThis as unknown as { localStorage: KeyValueStore }).localStorage.getItem(
      'credentials',
    );
    return raw ? JSON.parse(raw) : null;
  });
}

// ---- a test wallet: a viem local account behind an EIP-1193 provider ----

export type WalletBehaviour = 'ok' | 'reject-sign' | 'pending' | 'locked' | 'wrong-network';

export interface TestWallet {
  address: string;
  /** Installs window.ethereum in every page of the context; personal_sign is answered in Node. */
  install(context: BrowserContext, behaviour?: WalletBehaviour): Promise<void>;
}

export function testWallet(): TestWallet {
  const account = privateKeyToAccount(generatePrivateKey());
  return {
    address: account.address,
    async install(context, behaviour = 'ok') {
      await context.exposeFunction('__e2eWalletSign', (hexMessage: string) =>
        account.signMessage({ message: { raw: hexMessage as `0x${string}` } }),
      );
      await context.addInitScript(
        ({ address, mode }: { address: string; mode: WalletBehaviour }) => {
          const scope = globalThis as unknown as {
            ethereum?: unknown;
            __e2eWalletSign: (hex: string) => Promise<string>;
          };
          const fail = (code: number, message: string) => Object.assign(new Error(message), { code });
          scope.ethereum = {
            isE2eWallet: true,
            async request({ method, params }: { method: string; params?: unknown[] }) {
              switch (method) {
                case 'eth_requestAccounts':
                case 'eth_accounts':
                  if (mode === 'pending') throw fail(-32002, 'Request already pending');
                  return mode === 'locked' ? [] : [address];
                case 'eth_chainId':
                  // 31337 is allowed outside production (decision 003); 137 (Polygon) is not supported.
                  return mode === 'wrong-network' ? '0x89' : '0x7a69';
                case 'personal_sign':
                  if (mode === 'reject-sign') throw fail(4001, 'User rejected the request.');
                  return scope.__e2eWalletSign(String(params?.[0]));
                default:
                  throw fail(4200, `Unsupported method ${method}`);
              }
            },
          };
        },
        { address: account.address, mode: behaviour },
      );
    },
  };
}
