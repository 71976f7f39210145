// Accounts settings (AppConfig.accounts): token lifetimes, captcha, rate limits, mail.
// Production defaults here; tests pass higher limits except where they test them.
import { randomBytes } from 'node:crypto';
import type { Env } from '../../env';
import type { Limit } from '../../lib/rate-limit';

export type RateLimitBucket =
  | 'login-ip'
  | 'login-account'
  | 'login-account-known'
  | 'refresh-ip'
  | 'twofa-poll-ip'
  | 'twofa-challenge'
  | 'twofa-account'
  | 'twofa-resend'
  | 'signup-ip'
  | 'reset-ip'
  | 'reset-account'
  | 'verify-account'
  | 'send-account';

export interface AccountsConfig {
  /** The origin users reach the web app at (links in emails, EIP-4361 domain). */
  publicOrigin?: string;
  /** `npm run dev`: the Vite dev server's origin, one more allowed EIP-4361 site. */
  devWebOrigin?: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  captcha: { hmacKey: string; maxNumber: number };
  rateLimits: Record<RateLimitBucket, Limit>;
  smtpUrl?: string;
  mailFrom: string;
}

const MIN = 60_000;
const HOUR = 60 * MIN;

export const DEFAULT_RATE_LIMITS: Record<RateLimitBucket, Limit> = {
  'login-ip': { max: 30, windowMs: 15 * MIN },
  // Past it, a sign-in needs the stronger bot check, unless it comes from an address that signed in to
  // the account before, which has a limit of its own (decision 003 "Sign-in limits").
  'login-account': { max: 10, windowMs: 15 * MIN },
  'login-account-known': { max: 10, windowMs: 15 * MIN },
  'refresh-ip': { max: 300, windowMs: 15 * MIN },
  // One-touch polls every 2 s for at most 30 s per sign-in.
  'twofa-poll-ip': { max: 600, windowMs: 15 * MIN },
  'twofa-challenge': { max: 5, windowMs: 10 * MIN },
  // Wrong codes per account, over all its challenges (each challenge also ends after 5).
  'twofa-account': { max: 10, windowMs: 15 * MIN },
  'twofa-resend': { max: 5, windowMs: 10 * MIN },
  'signup-ip': { max: 10, windowMs: HOUR },
  'reset-ip': { max: 10, windowMs: HOUR },
  'reset-account': { max: 3, windowMs: HOUR },
  'verify-account': { max: 10, windowMs: 15 * MIN },
  'send-account': { max: 5, windowMs: 15 * MIN },
};

/** Limits high enough never to trip in ordinary tests (the per-challenge limits stay: they are rules). */
export const RELAXED_RATE_LIMITS: Record<RateLimitBucket, Limit> = Object.fromEntries(
  Object.entries(DEFAULT_RATE_LIMITS).map(([k, v]) => [
    k,
    k.startsWith('twofa-') ? v : { ...v, max: 10_000 },
  ]),
) as Record<RateLimitBucket, Limit>;

export interface AccountsConfigInput extends Partial<Omit<AccountsConfig, 'captcha' | 'rateLimits'>> {
  captcha?: Partial<AccountsConfig['captcha']>;
  rateLimits?: Partial<Record<RateLimitBucket, Limit>>;
}

export function resolveAccountsConfig(input: AccountsConfigInput | undefined): AccountsConfig {
  return {
    publicOrigin: input?.publicOrigin,
    devWebOrigin: input?.devWebOrigin,
    accessTokenTtlSeconds: input?.accessTokenTtlSeconds ?? 900,
    refreshTokenTtlSeconds: input?.refreshTokenTtlSeconds ?? 30 * 24 * 3600,
    captcha: {
      // One process: a random key per start is fine. Several processes must share CAPTCHA_HMAC_KEY.
      hmacKey: input?.captcha?.hmacKey ?? randomBytes(32).toString('hex'),
      maxNumber: input?.captcha?.maxNumber ?? 50_000,
    },
    rateLimits: { ...DEFAULT_RATE_LIMITS, ...input?.rateLimits },
    smtpUrl: input?.smtpUrl,
    mailFrom: input?.mailFrom ?? 'Vitrine <no-reply@vitrine.test>',
  };
}

/** The accounts settings read from the environment (apps/api/src/env.ts). */
export function accountsConfigFromEnv(env: Env): AccountsConfigInput {
  return {
    publicOrigin: env.PUBLIC_ORIGIN,
    devWebOrigin: env.DEV_WEB_ORIGIN,
    accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL,
    refreshTokenTtlSeconds: env.REFRESH_TOKEN_TTL,
    captcha: {
      ...(env.CAPTCHA_HMAC_KEY ? { hmacKey: env.CAPTCHA_HMAC_KEY } : {}),
      maxNumber: env.CAPTCHA_MAX_NUMBER,
    },
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    ...(env.RATE_LIMITS === 'relaxed' ? { rateLimits: RELAXED_RATE_LIMITS } : {}),
  };
}
