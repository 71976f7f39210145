// Accounts: sessions and their tokens, one-time codes, two-factor, wallet nonces, phone
// verification, the outbox and captcha redemptions (docs/decisions/003-accounts-api.md).
// Every secret a user holds (tokens, codes, links) is stored as a SHA-256 hash, never in clear.
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => ts('created_at').notNull().defaultNow();
const userRef = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** One sign-in (the "family" of its access and refresh tokens). Revoking it ends every token. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: userRef(),
    /** password | wallet | signup | password_reset */
    method: text('method').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastUsedAt: ts('last_used_at').notNull().defaultNow(),
    revokedAt: ts('revoked_at'),
    /** logout | reuse | password_reset | password_change | sign_out_everywhere | revoked */
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('sessions_user_idx').on(t.userId, t.createdAt)],
);

/** Access and refresh tokens of a session. A refresh token is single use (`used_at`). */
export const sessionTokens = pgTable(
  'session_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    /** access | refresh */
    kind: text('kind').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('session_tokens_hash_key').on(t.tokenHash),
    index('session_tokens_session_idx').on(t.sessionId),
  ],
);

/**
 * One-time codes and links: email verification, password reset, two-factor enrollment.
 * `codeHash` is a short code typed by the user (bound to the user), `tokenHash` a long link token.
 */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: userRef(),
    /** email_verification | password_reset | twofa_enroll */
    purpose: text('purpose').notNull(),
    target: text('target').notNull(),
    codeHash: text('code_hash'),
    tokenHash: text('token_hash'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('one_time_codes_user_idx').on(t.userId, t.purpose),
    uniqueIndex('one_time_codes_token_key').on(t.tokenHash),
  ],
);

/** A sign-in waiting for its second factor (the `twofa_token`). */
export const twofaChallenges = pgTable(
  'twofa_challenges',
  {
    id: text('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: userRef(),
    /** sms | email | totp | one_touch */
    method: text('method').notNull(),
    /** password | wallet: the session method once passed */
    loginMethod: text('login_method').notNull(),
    codeHash: text('code_hash'),
    codeExpiresAt: ts('code_expires_at'),
    attempts: integer('attempts').notNull().default(0),
    resends: integer('resends').notNull().default(0),
    /** pending | approved | denied (one-touch only) */
    oneTouchStatus: text('one_touch_status'),
    oneTouchExpiresAt: ts('one_touch_expires_at'),
    approvalTokenHash: text('approval_token_hash'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    expiresAt: ts('expires_at').notNull(),
    consumedAt: ts('consumed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('twofa_challenges_token_key').on(t.tokenHash),
    uniqueIndex('twofa_challenges_approval_key').on(t.approvalTokenHash),
    index('twofa_challenges_user_idx').on(t.userId),
  ],
);

/** A user's two-factor settings. The TOTP secret must be readable to check codes. */
export const userTwoFactor = pgTable('user_two_factor', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  method: text('method'),
  enabledAt: ts('enabled_at'),
  pendingMethod: text('pending_method'),
  pendingTotpSecret: text('pending_totp_secret'),
  totpSecret: text('totp_secret'),
  /** The last accepted TOTP time step: a code is accepted once. */
  lastTotpStep: bigint('last_totp_step', { mode: 'number' }),
  shouldSkipPrompt: boolean('should_skip_prompt').notNull().default(false),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** EIP-4361 nonces: single use, expiring, bound to an address, a domain and a chain. */
export const walletNonces = pgTable(
  'wallet_nonces',
  {
    nonce: text('nonce').primaryKey(),
    address: text('address').notNull(),
    message: text('message').notNull(),
    domain: text('domain').notNull(),
    chainId: integer('chain_id').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('wallet_nonces_expiry_idx').on(t.expiresAt)],
);

/** A phone number being verified (000 §4 "Profile validation"); the verified number lives on users. */
export const phoneVerifications = pgTable('phone_verifications', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** E.164, e.g. +12025550143 */
  phoneNumber: text('phone_number').notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: ts('expires_at').notNull(),
  createdAt: createdAt(),
});

/** Every email and SMS sent (the local Notifier; shown at /dev/outbox outside production). */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** email | sms */
    channel: text('channel').notNull(),
    to: text('to').notNull(),
    kind: text('kind').notNull(),
    subject: text('subject').notNull().default(''),
    text: text('text').notNull(),
    code: text('code'),
    link: text('link'),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_messages_to_idx').on(sql`lower(${t.to})`, t.id)],
);

/** Solved captcha payloads already used: each is accepted once. */
export const captchaRedemptions = pgTable('captcha_redemptions', {
  signatureHash: text('signature_hash').primaryKey(),
  expiresAt: ts('expires_at').notNull(),
});
