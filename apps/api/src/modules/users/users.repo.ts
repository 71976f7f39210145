import { type Db, lockRows, schema } from '@vitrine/db';
import { and, eq, gt, lte, ne, sql } from 'drizzle-orm';
import { createLedgerRepo } from '../trading/ledger.repo';

type SocialLink = schema.SocialLink;

const {
  users,
  userTwoFactor,
  publisherMembers,
  publishers,
  phoneVerifications,
  termsOfService,
  formerProfileUrls,
} = schema;

export type UserRow = typeof users.$inferSelect;

export interface ProfileRow {
  user: {
    id: number;
    email: string | null;
    emailVerified: boolean;
    firstName: string;
    lastName: string;
    name: string;
    bio: string;
    profileUrl: string;
    profilePicUrl: string | null;
    walletAddress: string | null;
    verified: boolean;
    creator: boolean;
    twoFaEnabled: boolean;
    verifiedPhone: boolean;
    countryCode: string | null;
    phoneNumber: string | null;
    socialLinks: SocialLink[];
    preferences: Record<string, unknown>;
    needsTermsAndConditionsApproval: boolean;
    isBidSafetyNetExempt: boolean;
    maxBidAllowanceOverrideInCents: number | null;
  };
  twoFaMethod: string | null;
  shouldSkipPrompt: boolean;
  hasPassword: boolean;
  /** The publishers the user may act for, by name. */
  publishers: { slug: string; name: string }[];
  /** The user's USD ledger balance (decision 009). */
  balanceCents: number;
  /** The balance less its active holds (offers backed by the balance): what may be spent now. */
  availableCents: number;
}

export interface PendingPhone {
  phoneNumber: string;
  codeHash: string;
  attempts: number;
  expiresAt: Date;
}

export function createUsersRepo(db: Db) {
  const ledger = createLedgerRepo(db);
  return {
    /** `at`: the server clock's now, which decides which terms are published. */
    async profile(userId: number, at: Date = new Date()): Promise<ProfileRow | null> {
      const [u] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
      if (!u) return null;
      const [[tf], memberOf, balance, [newerTerms]] = await Promise.all([
        db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, userId)).limit(1),
        db
          .select({ slug: publishers.slug, name: publishers.name })
          .from(publisherMembers)
          .innerJoin(publishers, eq(publishers.id, publisherMembers.publisherId))
          .where(eq(publisherMembers.userId, userId))
          .orderBy(publishers.name),
        ledger.userBalance(userId),
        // Terms published after the user's last agreement (decision 009 "Terms of service").
        db
          .select({ id: termsOfService.id })
          .from(termsOfService)
          .where(and(lte(termsOfService.publishedAt, at), gt(termsOfService.publishedAt, u.termsAgreedAt)))
          .limit(1),
      ]);
      return {
        user: {
          id: u.id,
          email: u.email,
          emailVerified: u.emailVerifiedAt !== null,
          firstName: u.firstName,
          lastName: u.lastName,
          name: u.name,
          bio: u.bio,
          profileUrl: u.profileUrl,
          profilePicUrl: u.profilePicUrl,
          walletAddress: u.walletAddress,
          verified: u.verified,
          creator: u.creator,
          twoFaEnabled: u.twoFaEnabled,
          verifiedPhone: u.verifiedPhone,
          countryCode: u.countryCode,
          phoneNumber: u.phoneNumber,
          socialLinks: u.socialLinks,
          preferences: u.preferences,
          needsTermsAndConditionsApproval: u.needsTermsAndConditionsApproval || newerTerms !== undefined,
          isBidSafetyNetExempt: u.isBidSafetyNetExempt,
          maxBidAllowanceOverrideInCents: u.maxBidAllowanceOverrideInCents,
        },
        twoFaMethod: tf?.enabledAt ? tf.method : null,
        shouldSkipPrompt: tf?.shouldSkipPrompt ?? false,
        hasPassword: u.passwordHash !== null,
        publishers: memberOf,
        balanceCents: balance.balanceCents,
        availableCents: balance.availableCents,
      };
    },

    async update(
      userId: number,
      values: Partial<{
        name: string;
        bio: string;
        profileUrl: string;
        firstName: string;
        lastName: string;
        profilePicUrl: string;
        socialLinks: SocialLink[];
        preferences: Record<string, unknown>;
        verified: boolean;
        verifiedPhone: boolean;
        countryCode: string | null;
        phoneNumber: string | null;
      }>,
      at: Date,
    ): Promise<void> {
      await db
        .update(users)
        .set({ ...values, updatedAt: at })
        .where(eq(users.id, userId));
    },

    /** The user's preferences, with the user row locked until the transaction ends (in a unit of work). */
    async lockPreferences(userId: number): Promise<Record<string, unknown> | null> {
      const [u] = await lockRows(db, users, eq(users.id, userId));
      return u?.preferences ?? null;
    },

    /** Who a profile URL means: the user who has it, else the user who gave it up (kept for them). */
    /** Whether a publisher's storefront has this slug (profile URLs and storefront slugs share one space). */
    async isPublisherSlug(slug: string): Promise<boolean> {
      const [r] = await db
        .select({ id: publishers.id })
        .from(publishers)
        .where(eq(sql`lower(${publishers.slug})`, slug.toLowerCase()))
        .limit(1);
      return r !== undefined;
    },

    async profileUrlOwner(profileUrl: string): Promise<number | null> {
      const [r] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(sql`lower(${users.profileUrl})`, profileUrl.toLowerCase()))
        .limit(1);
      if (r) return r.id;
      const [former] = await db
        .select({ id: formerProfileUrls.userId })
        .from(formerProfileUrls)
        .where(eq(sql`lower(${formerProfileUrls.profileUrl})`, profileUrl.toLowerCase()))
        .limit(1);
      return former?.id ?? null;
    },

    /**
     * A user's new profile URL (in a unit of work, the user's row locked first): the one given up is kept for
     * them, and one of their own former URLs taken back is theirs again. False: the user is gone.
     */
    async changeProfileUrl(userId: number, profileUrl: string, at: Date): Promise<boolean> {
      const [u] = await lockRows(db, users, eq(users.id, userId));
      if (!u) return false;
      if (u.profileUrl.toLowerCase() !== profileUrl.toLowerCase()) {
        await db
          .insert(formerProfileUrls)
          .values({ profileUrl: u.profileUrl, userId, releasedAt: at })
          .onConflictDoNothing();
        await db
          .delete(formerProfileUrls)
          .where(
            and(
              eq(formerProfileUrls.userId, userId),
              eq(sql`lower(${formerProfileUrls.profileUrl})`, profileUrl.toLowerCase()),
            ),
          );
      }
      await db.update(users).set({ profileUrl, updatedAt: at }).where(eq(users.id, userId));
      return true;
    },

    /** Another user whose verified phone is this E.164 number. */
    async phoneUsedByOther(userId: number, e164: string): Promise<boolean> {
      const [r] = await db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            ne(users.id, userId),
            eq(users.verifiedPhone, true),
            eq(sql`coalesce(${users.countryCode}, '') || ${users.phoneNumber}`, e164),
          ),
        )
        .limit(1);
      return r !== undefined;
    },

    async pendingPhone(userId: number): Promise<PendingPhone | null> {
      const [r] = await db
        .select()
        .from(phoneVerifications)
        .where(eq(phoneVerifications.userId, userId))
        .limit(1);
      return r
        ? { phoneNumber: r.phoneNumber, codeHash: r.codeHash, attempts: r.attempts, expiresAt: r.expiresAt }
        : null;
    },

    async putPendingPhone(
      userId: number,
      phoneNumber: string,
      codeHash: string,
      expiresAt: Date,
      at: Date,
    ): Promise<void> {
      await db
        .insert(phoneVerifications)
        .values({ userId, phoneNumber, codeHash, expiresAt, attempts: 0, createdAt: at })
        .onConflictDoUpdate({
          target: phoneVerifications.userId,
          set: { phoneNumber, codeHash, expiresAt, attempts: 0, createdAt: at },
        });
    },

    async failPendingPhone(userId: number): Promise<void> {
      await db
        .update(phoneVerifications)
        .set({ attempts: sql`${phoneVerifications.attempts} + 1` })
        .where(eq(phoneVerifications.userId, userId));
    },

    /** Turns the pending number into the verified one; false if it changed or went meanwhile. */
    async confirmPhone(
      userId: number,
      e164: string,
      codeHash: string,
      parts: { countryCode: string | null; phoneNumber: string },
      at: Date,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const deleted = await tx
          .delete(phoneVerifications)
          .where(
            and(
              eq(phoneVerifications.userId, userId),
              eq(phoneVerifications.phoneNumber, e164),
              eq(phoneVerifications.codeHash, codeHash),
            ),
          )
          .returning({ id: phoneVerifications.userId });
        if (deleted.length === 0) return false;
        await tx
          .update(users)
          .set({ verified: true, verifiedPhone: true, ...parts, updatedAt: at })
          .where(eq(users.id, userId));
        return true;
      });
    },

    async deletePendingPhone(userId: number): Promise<void> {
      await db.delete(phoneVerifications).where(eq(phoneVerifications.userId, userId));
    },
  };
}

export type UsersRepo = ReturnType<typeof createUsersRepo>;
