// The one place that reads process.env. Everything else takes an `Env` (or the AppConfig built from it).
import { resolve } from 'node:path';
import { z } from 'zod';

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine((v) => v === undefined || protocols.some((p) => v.startsWith(p)), {
      message: `must start with ${protocols.join(' or ')}`,
    });

/** An empty value (`NAME=` in an env file) counts as unset. */
const emptyUnset = (v: unknown) => (v === '' ? undefined : v);

/** A PostgreSQL memory size: a whole number and its unit; empty or unset takes `fallback`. */
const pgSize = (fallback: string) =>
  z.preprocess(
    emptyUnset,
    z
      .string()
      .trim()
      .regex(/^\d+(kB|MB|GB)$/, { message: 'must be a size like 32MB (kB, MB or GB)' })
      .default(fallback),
  );

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl(['postgres://', 'postgresql://']),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** The embedded store's page cache and sort memory (docs/operations.md, "Memory"). */
  PGLITE_SHARED_BUFFERS: pgSize('32MB'),
  PGLITE_WORK_MEM: pgSize('4MB'),
  /** What the shared answers may hold, in bytes of JSON (decision 004 §7); 16 MB when unset. */
  RESPONSE_CACHE_MAX_BYTES: z.preprocess(emptyUnset, z.coerce.number().int().min(0).optional()),
  REDIS_URL: optionalUrl(['redis://', 'rediss://']),
  /** The most server-sent event streams one process keeps open (decision 014). */
  MAX_EVENT_STREAMS: z.coerce.number().int().min(1).max(1_000_000).default(10_000),
  API_URL: optionalUrl(['http://', 'https://']),
  SEARCH_URL: optionalUrl(['http://', 'https://']),
  PUBLIC_ORIGIN: optionalUrl(['http://', 'https://']),
  /** Set by `npm run dev`: the Vite dev server's origin, allowed in wallet sign-in messages. */
  DEV_WEB_ORIGIN: optionalUrl(['http://', 'https://']),
  /**
   * The proxies in front of this server (a load balancer): their addresses or CIDR ranges, comma-separated,
   * or the number of proxy hops. Then `request.ip` is the client's address from X-Forwarded-For, as the
   * per-IP limits need. Unset: the connection's own address, and X-Forwarded-For is ignored.
   */
  TRUST_PROXY: z.preprocess(
    emptyUnset,
    z
      .string()
      .trim()
      .optional()
      .refine((v) => v === undefined || !/^(true|false)$/i.test(v), {
        message:
          'name the proxies (addresses or CIDR ranges, comma-separated) or the number of hops, not true or false',
      })
      .transform((v) => (v !== undefined && /^\d+$/.test(v) ? Number(v) : v)),
  ),
  /** Comma-separated web origins allowed to call the API from another origin (split hosts). */
  CORS_ORIGINS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    )
    .refine((list) => list.every((o) => /^https?:\/\/[^/\s]+$/.test(o)), {
      message: 'must be a comma-separated list of origins like https://app.example.com',
    }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED: z.enum(['auto', 'off']).default('auto'),
  ADMIN_TOKEN: z
    .string()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine((v) => v === undefined || v.length >= 16, { message: 'must be at least 16 characters' }),
  WEB_DIST: z.string().optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  // Accounts (docs/decisions/003-accounts-api.md)
  ACCESS_TOKEN_TTL: z.coerce.number().int().min(60).max(86_400).default(900),
  REFRESH_TOKEN_TTL: z.coerce
    .number()
    .int()
    .min(3600)
    .max(365 * 86_400)
    .default(30 * 86_400),
  SMTP_URL: optionalUrl(['smtp://', 'smtps://']),
  MAIL_FROM: z.string().default('Vitrine <no-reply@vitrine.test>'),
  CAPTCHA_HMAC_KEY: z
    .string()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine((v) => v === undefined || v.length >= 32, { message: 'must be at least 32 characters' }),
  /** `relaxed` lifts the per-IP and per-account sign-in limits for browser-test runs; refused in production. */
  RATE_LIMITS: z.enum(['default', 'relaxed']).default('default'),
  /**
   * Days after which funds added by card and sale proceeds may be cashed out (decision 009): until then they buy
   * NFTs but do not leave the platform, so a stolen card's money (added, or paid for another account's NFT) is still
   * there when its owner disputes it within those days.
   */
  CARD_FUNDS_CASHOUT_DAYS: z.coerce.number().int().min(0).max(60).default(7),
  CAPTCHA_MAX_NUMBER: z.coerce.number().int().min(1000).max(10_000_000).default(50_000),
  // Payments (docs/decisions/009-trading-and-ledger.md): cards through Stripe when the key is set, else
  // the simulated card processor.
  STRIPE_SECRET_KEY: z.preprocess(
    emptyUnset,
    z
      .string()
      .trim()
      .regex(/^(sk|rk)_(test|live)_\w+$/, { message: 'must be a Stripe secret key (sk_test_… or sk_live_…)' })
      .optional(),
  ),
  /**
   * The publishable key (`pk_test_…` / `pk_live_…`) the web app gives Stripe.js, which takes the card in the
   * browser (its fields, 3-D Secure): the API only ever sees the PaymentMethod's id. Needed with the secret key.
   */
  STRIPE_PUBLISHABLE_KEY: z.preprocess(
    emptyUnset,
    z
      .string()
      .trim()
      .regex(/^pk_(test|live)_\w+$/, { message: 'must be a Stripe publishable key (pk_test_… or pk_live_…)' })
      .optional(),
  ),
  /** The webhook endpoint's signing secret (`whsec_…`): POST /api/payments/stripe/webhook needs it. */
  STRIPE_WEBHOOK_SECRET: z.preprocess(
    emptyUnset,
    z
      .string()
      .trim()
      .regex(/^whsec_\w+$/, { message: 'must be a Stripe webhook signing secret (whsec_…)' })
      .optional(),
  ),
  /** Another Stripe API origin (a local fake in tests); Stripe's own when unset. */
  STRIPE_API_BASE: optionalUrl(['http://', 'https://']),
  // Pinning uploads to IPFS (docs/decisions/018): through Pinata when its JWT is set; unset, nothing leaves
  // the machine (the CID is computed locally either way).
  PINATA_JWT: z.preprocess(emptyUnset, z.string().trim().min(20).max(4000).optional()),
  /** Another Pinata API origin (a local fake in tests); Pinata's own when unset. */
  PINATA_API_URL: optionalUrl(['http://', 'https://']),
});

/** `test` or `live`, as a Stripe key says (`sk_test_…`, `pk_live_…`). */
const stripeMode = (key: string) => (/^\w+?_live_/.test(key) ? 'live' : 'test');

const checkedEnvSchema = envSchema
  .refine((env) => !(env.NODE_ENV === 'production' && env.RATE_LIMITS === 'relaxed'), {
    path: ['RATE_LIMITS'],
    message: 'relaxed is not allowed when NODE_ENV=production',
  })
  // With Stripe, the web app takes cards only through Stripe.js (the simulated card form is not served): without
  // the publishable key no card could be entered anywhere. Both keys of one mode, or every card is refused.
  .superRefine((env, ctx) => {
    if (!env.STRIPE_SECRET_KEY) return;
    if (!env.STRIPE_PUBLISHABLE_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_PUBLISHABLE_KEY'],
        message: 'required with STRIPE_SECRET_KEY (the web app takes cards through Stripe.js with it)',
      });
    } else if (stripeMode(env.STRIPE_PUBLISHABLE_KEY) !== stripeMode(env.STRIPE_SECRET_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_PUBLISHABLE_KEY'],
        message: 'must be of the same mode as STRIPE_SECRET_KEY (both test or both live)',
      });
    }
  })
  // Production needs what the one-laptop defaults stand in for (docs/security.md); each missing
  // setting is named.
  .superRefine((env, ctx) => {
    if (env.NODE_ENV !== 'production') return;
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (!env.PUBLIC_ORIGIN?.startsWith('https://'))
      issue('PUBLIC_ORIGIN', 'required when NODE_ENV=production (https://…)');
    if (!env.CAPTCHA_HMAC_KEY) issue('CAPTCHA_HMAC_KEY', 'required when NODE_ENV=production');
    if (!env.SMTP_URL)
      issue('SMTP_URL', 'required when NODE_ENV=production (no outbox there: codes must reach people)');
    if (env.DEV_WEB_ORIGIN) issue('DEV_WEB_ORIGIN', 'not allowed when NODE_ENV=production');
    // Without Stripe the simulated card processor takes payments: any test card number would add to a balance
    // and buy NFTs with money nobody collected (security review, 2026-12-06).
    if (!env.STRIPE_SECRET_KEY)
      issue(
        'STRIPE_SECRET_KEY',
        'required when NODE_ENV=production (the simulated card processor takes no money)',
      );
    if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET)
      issue('STRIPE_WEBHOOK_SECRET', 'required with STRIPE_SECRET_KEY when NODE_ENV=production');
    if (env.STRIPE_API_BASE) issue('STRIPE_API_BASE', 'not allowed when NODE_ENV=production');
    if (env.PINATA_API_URL) issue('PINATA_API_URL', 'not allowed when NODE_ENV=production');
  });

export type Env = z.infer<typeof envSchema> & { DATA_DIR: string };

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = checkedEnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration (see .env.example):\n${lines.join('\n')}`);
  }
  return { ...parsed.data, DATA_DIR: resolve(parsed.data.DATA_DIR) };
}
