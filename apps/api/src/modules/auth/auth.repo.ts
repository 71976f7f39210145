// Accounts queries (Drizzle). Rows are mapped before they leave. Every single-use secret is claimed
// by a conditional UPDATE … WHERE used_at IS NULL … RETURNING, so of two concurrent uses exactly one
// wins (PostgreSQL re-checks the condition after the first commits).
import { type Db, schema } from '@vitrine/db';
import { isReservedStorefrontSlug } from '@vitrine/domain';
import { and, count, desc, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { createBatcher } from '../../lib/batch';
import { rowsOf } from '../../lib/sql-rows';
import { termsRequiredSql } from '../terms/terms.repo';

const { users, sessions, sessionTokens, oneTimeCodes, twofaChallenges, userTwoFactor, publisherMembers } =
  schema;

export interface AccountUser {
  id: number;
  email: string | null;
  emailVerified: boolean;
  passwordHash: string | null;
  firstName: string;
  lastName: string;
  walletAddress: string | null;
  twoFaEnabled: boolean;
  verifiedPhone: boolean;
  countryCode: string | null;
  phoneNumber: string | null;
}

export interface TwoFactorSettings {
  method: string | null;
  enabled: boolean;
  pendingMethod: string | null;
  pendingTotpSecret: string | null;
  totpSecret: string | null;
  shouldSkipPrompt: boolean;
}

export interface ChallengeRow {
  id: string;
  userId: number;
  method: string;
  loginMethod: string;
  codeHash: string | null;
  codeExpiresAt: Date | null;
  attempts: number;
  resends: number;
  oneTouchStatus: string | null;
  oneTouchExpiresAt: Date | null;
  expiresAt: Date;
  consumedAt: Date | null;
}

export interface SessionRow {
  id: string;
  method: string;
  ip: string | null;
  userAgent: string | null;
  createdAt: Date;
  lastUsedAt: Date;
}

const toUser = (r: typeof users.$inferSelect): AccountUser => ({
  id: r.id,
  email: r.email,
  emailVerified: r.emailVerifiedAt !== null,
  passwordHash: r.passwordHash,
  firstName: r.firstName,
  lastName: r.lastName,
  walletAddress: r.walletAddress,
  twoFaEnabled: r.twoFaEnabled,
  verifiedPhone: r.verifiedPhone,
  countryCode: r.countryCode,
  phoneNumber: r.phoneNumber,
});

const toChallenge = (r: typeof twofaChallenges.$inferSelect): ChallengeRow => ({
  id: r.id,
  userId: r.userId,
  method: r.method,
  loginMethod: r.loginMethod,
  codeHash: r.codeHash,
  codeExpiresAt: r.codeExpiresAt,
  attempts: r.attempts,
  resends: r.resends,
  oneTouchStatus: r.oneTouchStatus,
  oneTouchExpiresAt: r.oneTouchExpiresAt,
  expiresAt: r.expiresAt,
  consumedAt: r.consumedAt,
});

/** True for a unique-constraint violation, whichever driver raised it. */
export function isUniqueViolation(error: unknown): boolean {
  let e: unknown = error;
  for (let i = 0; i < 3 && e; i += 1) {
    if (typeof e === 'object' && e !== null && (e as { code?: unknown }).code === '23505') return true;
    e = typeof e === 'object' && e !== null ? (e as { cause?: unknown }).cause : undefined;
  }
  return false;
}

export function createAuthRepo(db: Db) {
  // Every authenticated request reads its session, with the terms flag the guard of a purchase, listing or
  // offer needs (terms.repo termsRequiredSql): the reads of requests arriving together are one statement
  // (lib/batch.ts, decision 021), each at its own moment.
  const sessionsOfAccessTokens = createBatcher<
    { hash: string; at: Date },
    { sessionId: string; userId: number; termsRequired: boolean } | null
  >(async (keys) => {
    const asked = JSON.stringify(keys.map((k, i) => ({ i, hash: k.hash, at: k.at.toISOString() })));
    const rows = await rowsOf<{ i: number; session_id: string; user_id: number; terms_required: boolean }>(
      db,
      sql`select k.i, ${sessions.id} as session_id, ${sessions.userId} as user_id,
            ${termsRequiredSql(sql`k.at`)} as terms_required
          from jsonb_to_recordset(${asked}::jsonb) as k(i int, hash text, at timestamptz)
          join ${sessionTokens} on ${sessionTokens.tokenHash} = k.hash
            and ${sessionTokens.kind} = 'access' and ${sessionTokens.expiresAt} > k.at
          join ${sessions} on ${sessions.id} = ${sessionTokens.sessionId} and ${sessions.revokedAt} is null
          join ${users} on ${users.id} = ${sessions.userId}`,
    );
    const found = new Map(rows.map((r) => [Number(r.i), r]));
    return keys.map((_, i) => {
      const r = found.get(i);
      return r
        ? { sessionId: r.session_id, userId: Number(r.user_id), termsRequired: Boolean(r.terms_required) }
        : null;
    });
  });

  return {
    // ---- users ----

    async userByEmail(email: string): Promise<AccountUser | null> {
      const [r] = await db
        .select()
        .from(users)
        .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
        .limit(1);
      return r ? toUser(r) : null;
    },

    /** Has this address signed in to the account before (a session, live or ended, began from it)? */
    async signedInFrom(userId: number, ip: string): Promise<boolean> {
      const [r] = await db
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), eq(sessions.ip, ip)))
        .limit(1);
      return r !== undefined;
    },

    async userByWallet(address: string): Promise<AccountUser | null> {
      const [r] = await db
        .select()
        .from(users)
        .where(eq(sql`lower(${users.walletAddress})`, address.toLowerCase()))
        .limit(1);
      return r ? toUser(r) : null;
    },

    async userById(id: number): Promise<AccountUser | null> {
      const [r] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return r ? toUser(r) : null;
    },

    /** Whether another user has the profile URL, or gave it up (former URLs are kept for their users). */
    async profileUrlTaken(profileUrl: string, exceptUserId?: number): Promise<boolean> {
      // A publisher's slug or a reserved word is taken too (one space with the storefronts' slugs).
      if (isReservedStorefrontSlug(profileUrl)) return true;
      const [publisher] = await db
        .select({ id: schema.publishers.id })
        .from(schema.publishers)
        .where(eq(sql`lower(${schema.publishers.slug})`, profileUrl.toLowerCase()))
        .limit(1);
      if (publisher) return true;
      const [r] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(sql`lower(${users.profileUrl})`, profileUrl.toLowerCase()))
        .limit(1);
      if (r) return r.id !== exceptUserId;
      const [former] = await db
        .select({ id: schema.formerProfileUrls.userId })
        .from(schema.formerProfileUrls)
        .where(eq(sql`lower(${schema.formerProfileUrls.profileUrl})`, profileUrl.toLowerCase()))
        .limit(1);
      return former !== undefined && former.id !== exceptUserId;
    },

    async insertUser(values: {
      email: string;
      firstName: string;
      lastName: string;
      profileUrl: string;
      passwordHash: string | null;
      walletAddress: string | null;
      subscribe: boolean;
      referral: string | null;
      at: Date;
    }): Promise<number> {
      const [row] = await db
        .insert(users)
        .values({
          email: values.email,
          firstName: values.firstName,
          lastName: values.lastName,
          name: `${values.firstName} ${values.lastName}`.trim(),
          profileUrl: values.profileUrl,
          passwordHash: values.passwordHash,
          walletAddress: values.walletAddress,
          subscribe: values.subscribe,
          referral: values.referral,
          preferences: { displayCurrency: 'USD', storefrontTabPref: 'NFTS' },
          createdAt: values.at,
          updatedAt: values.at,
        })
        .returning({ id: users.id });
      if (!row) throw new Error('insert returned no row');
      return row.id;
    },

    async setPassword(userId: number, passwordHash: string, at: Date): Promise<void> {
      await db.update(users).set({ passwordHash, updatedAt: at }).where(eq(users.id, userId));
    },

    /** Unlinks the wallet of an account whose email was never confirmed (see confirmPasswordReset). */
    async unlinkWalletOfUnconfirmedEmail(userId: number, at: Date): Promise<void> {
      await db
        .update(users)
        .set({ walletAddress: null, updatedAt: at })
        .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt), isNotNull(users.walletAddress)));
    },

    async markEmailVerified(userId: number, email: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ emailVerifiedAt: at, updatedAt: at })
        .where(and(eq(users.id, userId), eq(sql`lower(${users.email})`, email.toLowerCase())))
        .returning({ id: users.id });
      return rows.length > 0;
    },

    async isPublisherMember(userId: number): Promise<boolean> {
      const [r] = await db
        .select({ n: count() })
        .from(publisherMembers)
        .where(eq(publisherMembers.userId, userId));
      return (r?.n ?? 0) > 0;
    },

    // ---- sessions and tokens ----

    async createSession(s: {
      id: string;
      userId: number;
      method: string;
      ip: string | null;
      userAgent: string | null;
      at: Date;
      access: { hash: string; expiresAt: Date };
      refresh: { hash: string; expiresAt: Date };
    }): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.insert(sessions).values({
          id: s.id,
          userId: s.userId,
          method: s.method,
          ip: s.ip,
          userAgent: s.userAgent,
          createdAt: s.at,
          lastUsedAt: s.at,
        });
        await tx.insert(sessionTokens).values([
          {
            sessionId: s.id,
            kind: 'access',
            tokenHash: s.access.hash,
            expiresAt: s.access.expiresAt,
            createdAt: s.at,
          },
          {
            sessionId: s.id,
            kind: 'refresh',
            tokenHash: s.refresh.hash,
            expiresAt: s.refresh.expiresAt,
            createdAt: s.at,
          },
        ]);
      });
    },

    /**
     * Rotates a refresh token: claims it (single use) and stores the new pair, in one transaction.
     * Returns the session and user, or the reason it failed.
     */
    async rotateRefreshToken(r: {
      hash: string;
      at: Date;
      access: { hash: string; expiresAt: Date };
      refresh: { hash: string; expiresAt: Date };
    }): Promise<{ ok: true; sessionId: string; userId: number } | { ok: false; reused: string | null }> {
      return db.transaction(async (tx) => {
        const claimed = await tx
          .update(sessionTokens)
          .set({ usedAt: r.at })
          .where(
            and(
              eq(sessionTokens.tokenHash, r.hash),
              eq(sessionTokens.kind, 'refresh'),
              isNull(sessionTokens.usedAt),
              gt(sessionTokens.expiresAt, r.at),
              inArray(
                sessionTokens.sessionId,
                tx.select({ id: sessions.id }).from(sessions).where(isNull(sessions.revokedAt)),
              ),
            ),
          )
          .returning({ sessionId: sessionTokens.sessionId });
        const row = claimed[0];
        if (!row) {
          const [old] = await tx
            .select({ sessionId: sessionTokens.sessionId, usedAt: sessionTokens.usedAt })
            .from(sessionTokens)
            .where(and(eq(sessionTokens.tokenHash, r.hash), eq(sessionTokens.kind, 'refresh')))
            .limit(1);
          return { ok: false as const, reused: old?.usedAt ? old.sessionId : null };
        }
        // The session's earlier access tokens end with the rotation.
        await tx
          .update(sessionTokens)
          .set({ expiresAt: r.at })
          .where(
            and(
              eq(sessionTokens.sessionId, row.sessionId),
              eq(sessionTokens.kind, 'access'),
              gt(sessionTokens.expiresAt, r.at),
            ),
          );
        await tx.insert(sessionTokens).values([
          {
            sessionId: row.sessionId,
            kind: 'access',
            tokenHash: r.access.hash,
            expiresAt: r.access.expiresAt,
            createdAt: r.at,
          },
          {
            sessionId: row.sessionId,
            kind: 'refresh',
            tokenHash: r.refresh.hash,
            expiresAt: r.refresh.expiresAt,
            createdAt: r.at,
          },
        ]);
        const [s] = await tx
          .update(sessions)
          .set({ lastUsedAt: r.at })
          .where(eq(sessions.id, row.sessionId))
          .returning({ userId: sessions.userId });
        if (!s) throw new Error('session vanished during rotation');
        return { ok: true as const, sessionId: row.sessionId, userId: s.userId };
      });
    },

    async sessionOfAccessToken(
      hash: string,
      at: Date,
    ): Promise<{ sessionId: string; userId: number; termsRequired: boolean } | null> {
      return sessionsOfAccessTokens.load({ hash, at });
    },

    async sessionOfAnyToken(hash: string): Promise<{ sessionId: string; userId: number } | null> {
      const [r] = await db
        .select({ sessionId: sessions.id, userId: sessions.userId })
        .from(sessionTokens)
        .innerJoin(sessions, eq(sessions.id, sessionTokens.sessionId))
        .where(eq(sessionTokens.tokenHash, hash))
        .limit(1);
      return r ?? null;
    },

    async revokeSession(sessionId: string, reason: string, at: Date, userId?: number): Promise<boolean> {
      const rows = await db
        .update(sessions)
        .set({ revokedAt: at, revokedReason: reason })
        .where(
          and(
            eq(sessions.id, sessionId),
            isNull(sessions.revokedAt),
            userId === undefined ? undefined : eq(sessions.userId, userId),
          ),
        )
        .returning({ id: sessions.id });
      return rows.length > 0;
    },

    async revokeUserSessions(
      userId: number,
      reason: string,
      at: Date,
      exceptSessionId?: string,
    ): Promise<number> {
      const rows = await db
        .update(sessions)
        .set({ revokedAt: at, revokedReason: reason })
        .where(
          and(
            eq(sessions.userId, userId),
            isNull(sessions.revokedAt),
            exceptSessionId ? sql`${sessions.id} <> ${exceptSessionId}` : undefined,
          ),
        )
        .returning({ id: sessions.id });
      return rows.length;
    },

    async activeSessions(
      userId: number,
      since: Date,
      page: { limit: number; offset: number },
    ): Promise<{ count: number; rows: SessionRow[] }> {
      const where = and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.lastUsedAt, since),
      );
      const [rows, total] = await Promise.all([
        db
          .select()
          .from(sessions)
          .where(where)
          .orderBy(desc(sessions.createdAt), desc(sessions.id))
          .limit(page.limit)
          .offset(page.offset),
        db.select({ n: count() }).from(sessions).where(where),
      ]);
      return {
        count: total[0]?.n ?? 0,
        rows: rows.map((r) => ({
          id: r.id,
          method: r.method,
          ip: r.ip,
          userAgent: r.userAgent,
          createdAt: r.createdAt,
          lastUsedAt: r.lastUsedAt,
        })),
      };
    },

    // ---- one-time codes (email verification, password reset, 2FA enrollment) ----

    async replaceOneTimeCode(c: {
      userId: number;
      purpose: string;
      target: string;
      codeHash: string | null;
      tokenHash: string | null;
      expiresAt: Date;
      at: Date;
    }): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(oneTimeCodes)
          .set({ usedAt: c.at })
          .where(
            and(
              eq(oneTimeCodes.userId, c.userId),
              eq(oneTimeCodes.purpose, c.purpose),
              isNull(oneTimeCodes.usedAt),
            ),
          );
        await tx.insert(oneTimeCodes).values({
          userId: c.userId,
          purpose: c.purpose,
          target: c.target,
          codeHash: c.codeHash,
          tokenHash: c.tokenHash,
          expiresAt: c.expiresAt,
          createdAt: c.at,
        });
      });
    },

    /** The user of the live code of `purpose` whose link token hashes to `tokenHash`, without claiming it. */
    async userIdByLiveToken(purpose: string, tokenHash: string, at: Date): Promise<number | null> {
      const [r] = await db
        .select({ userId: oneTimeCodes.userId })
        .from(oneTimeCodes)
        .where(
          and(
            eq(oneTimeCodes.tokenHash, tokenHash),
            eq(oneTimeCodes.purpose, purpose),
            isNull(oneTimeCodes.usedAt),
            gt(oneTimeCodes.expiresAt, at),
          ),
        )
        .limit(1);
      return r?.userId ?? null;
    },

    /** Claims the live code of `purpose` whose link token hashes to `tokenHash`. */
    async claimByToken(
      purpose: string,
      tokenHash: string,
      at: Date,
    ): Promise<{ userId: number; target: string } | null> {
      const [r] = await db
        .update(oneTimeCodes)
        .set({ usedAt: at })
        .where(
          and(
            eq(oneTimeCodes.tokenHash, tokenHash),
            eq(oneTimeCodes.purpose, purpose),
            isNull(oneTimeCodes.usedAt),
            gt(oneTimeCodes.expiresAt, at),
          ),
        )
        .returning({ userId: oneTimeCodes.userId, target: oneTimeCodes.target });
      return r ?? null;
    },

    /**
     * Checks a typed code against the user's live code of `purpose`: claims it when it matches (and, with `target`,
     * only a code sent for that target: a step-up code confirms the action it was asked for), counts a failure
     * otherwise (the code dies after `maxAttempts` failures).
     */
    async claimByCode(
      userId: number,
      purpose: string,
      codeHash: string,
      maxAttempts: number,
      at: Date,
      target?: string,
    ): Promise<{ target: string } | null> {
      const live = and(
        eq(oneTimeCodes.userId, userId),
        eq(oneTimeCodes.purpose, purpose),
        isNull(oneTimeCodes.usedAt),
        gt(oneTimeCodes.expiresAt, at),
      );
      const [r] = await db
        .update(oneTimeCodes)
        .set({ usedAt: at })
        .where(
          and(
            live,
            eq(oneTimeCodes.codeHash, codeHash),
            target === undefined ? undefined : eq(oneTimeCodes.target, target),
          ),
        )
        .returning({ target: oneTimeCodes.target });
      if (r) return r;
      await db
        .update(oneTimeCodes)
        .set({
          attempts: sql`${oneTimeCodes.attempts} + 1`,
          usedAt: sql`case when ${oneTimeCodes.attempts} + 1 >= ${maxAttempts} then ${at.toISOString()}::timestamptz else null end`,
        })
        .where(live);
      return null;
    },

    // ---- two-factor ----

    async twoFactor(userId: number): Promise<TwoFactorSettings> {
      const [r] = await db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, userId)).limit(1);
      return {
        method: r?.enabledAt ? r.method : null,
        enabled: Boolean(r?.enabledAt && r.method),
        pendingMethod: r?.pendingMethod ?? null,
        pendingTotpSecret: r?.pendingTotpSecret ?? null,
        totpSecret: r?.totpSecret ?? null,
        shouldSkipPrompt: r?.shouldSkipPrompt ?? false,
      };
    },

    async updateTwoFactor(
      userId: number,
      values: Partial<{
        method: string | null;
        enabledAt: Date | null;
        pendingMethod: string | null;
        pendingTotpSecret: string | null;
        totpSecret: string | null;
        lastTotpStep: number | null;
        shouldSkipPrompt: boolean;
      }>,
      at: Date,
    ): Promise<void> {
      await db
        .insert(userTwoFactor)
        .values({ userId, ...values, updatedAt: at })
        .onConflictDoUpdate({ target: userTwoFactor.userId, set: { ...values, updatedAt: at } });
      if (values.enabledAt !== undefined) {
        await db
          .update(users)
          .set({ twoFaEnabled: values.enabledAt !== null, updatedAt: at })
          .where(eq(users.id, userId));
      }
    },

    /** Records a TOTP time step as used; false when it (or a later one) was used already: a replay. */
    async claimTotpStep(userId: number, step: number, at: Date): Promise<boolean> {
      const rows = await db
        .update(userTwoFactor)
        .set({ lastTotpStep: step, updatedAt: at })
        .where(
          and(
            eq(userTwoFactor.userId, userId),
            or(isNull(userTwoFactor.lastTotpStep), lt(userTwoFactor.lastTotpStep, step)),
          ),
        )
        .returning({ id: userTwoFactor.userId });
      return rows.length > 0;
    },

    async insertChallenge(c: typeof twofaChallenges.$inferInsert): Promise<void> {
      await db.insert(twofaChallenges).values(c);
    },

    async challengeByToken(tokenHash: string): Promise<ChallengeRow | null> {
      const [r] = await db
        .select()
        .from(twofaChallenges)
        .where(eq(twofaChallenges.tokenHash, tokenHash))
        .limit(1);
      return r ? toChallenge(r) : null;
    },

    async challengeByApproval(approvalHash: string): Promise<ChallengeRow | null> {
      const [r] = await db
        .select()
        .from(twofaChallenges)
        .where(eq(twofaChallenges.approvalTokenHash, approvalHash))
        .limit(1);
      return r ? toChallenge(r) : null;
    },

    /** Consumes a live challenge: true for exactly one caller. */
    async consumeChallenge(id: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(twofaChallenges)
        .set({ consumedAt: at })
        .where(
          and(
            eq(twofaChallenges.id, id),
            isNull(twofaChallenges.consumedAt),
            gt(twofaChallenges.expiresAt, at),
          ),
        )
        .returning({ id: twofaChallenges.id });
      return rows.length > 0;
    },

    /** Counts a wrong code; kills the challenge at `max`. Returns the attempts so far. */
    async failChallenge(id: string, max: number, at: Date): Promise<number> {
      const [r] = await db
        .update(twofaChallenges)
        .set({
          attempts: sql`${twofaChallenges.attempts} + 1`,
          consumedAt: sql`case when ${twofaChallenges.attempts} + 1 >= ${max} then ${at.toISOString()}::timestamptz else ${twofaChallenges.consumedAt} end`,
        })
        .where(eq(twofaChallenges.id, id))
        .returning({ attempts: twofaChallenges.attempts });
      return r?.attempts ?? max;
    },

    async updateChallenge(
      id: string,
      values: Partial<{
        codeHash: string | null;
        codeExpiresAt: Date | null;
        oneTouchStatus: string | null;
        oneTouchExpiresAt: Date | null;
        approvalTokenHash: string | null;
      }>,
      opts: { countResend?: boolean } = {},
    ): Promise<void> {
      await db
        .update(twofaChallenges)
        .set(opts.countResend ? { ...values, resends: sql`${twofaChallenges.resends} + 1` } : values)
        .where(eq(twofaChallenges.id, id));
    },

    /** Approves or denies a pending one-touch request still inside its window. */
    async decideOneTouch(id: string, decision: 'approved' | 'denied', at: Date): Promise<boolean> {
      const rows = await db
        .update(twofaChallenges)
        .set({ oneTouchStatus: decision })
        .where(
          and(
            eq(twofaChallenges.id, id),
            eq(twofaChallenges.oneTouchStatus, 'pending'),
            gt(twofaChallenges.oneTouchExpiresAt, at),
            isNull(twofaChallenges.consumedAt),
          ),
        )
        .returning({ id: twofaChallenges.id });
      return rows.length > 0;
    },
  };
}

export type AuthRepo = ReturnType<typeof createAuthRepo>;
