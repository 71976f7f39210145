import { type Db, schema } from '@vitrine/db';
import { and, desc, eq, lte, type SQLWrapper, sql } from 'drizzle-orm';

const { termsOfService, users } = schema;

export interface TermsRow {
  id: number;
  version: string;
  markdown: string;
  publishedAt: Date;
}

/**
 * Whether the `users` row in the query must agree to the terms before a purchase, listing or offer: terms
 * published by `at` after the user's last agreement, or the account's needs-approval flag. Read with the
 * session on every authenticated request (auth.repo `sessionOfAccessToken`), so the terms guard of a
 * purchase, listing or offer sends no statement of its own.
 */
export function termsRequiredSql(at: SQLWrapper) {
  return sql<boolean>`(${users.needsTermsAndConditionsApproval} or exists (
    select 1 from ${termsOfService}
    where ${termsOfService.publishedAt} <= ${at}::timestamptz
      and ${termsOfService.publishedAt} > ${users.termsAgreedAt}))`;
}

export function createTermsRepo(db: Db) {
  return {
    /** Published terms, newest first (the first is the current version). */
    async published(at: Date, limit: number): Promise<TermsRow[]> {
      return db
        .select({
          id: termsOfService.id,
          version: termsOfService.version,
          markdown: termsOfService.markdown,
          publishedAt: termsOfService.publishedAt,
        })
        .from(termsOfService)
        .where(lte(termsOfService.publishedAt, at))
        .orderBy(desc(termsOfService.publishedAt), desc(termsOfService.id))
        .limit(limit);
    },

    /**
     * Whether the user must agree before a purchase, listing or offer: terms published (by `at`) after
     * the user's last agreement, or the account's needs-approval flag. Null when there is no such user.
     */
    async needsApproval(userId: number, at: Date): Promise<boolean | null> {
      const [row] = await db
        .select({ needs: termsRequiredSql(sql`${at.toISOString()}`) })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return row ? Boolean(row.needs) : null;
    },

    /** Sets the account's needs-approval flag (000 §6); answers whether the account exists. */
    async requireApproval(email: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ needsTermsAndConditionsApproval: true, updatedAt: at })
        .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
        .returning({ id: users.id });
      return rows.length > 0;
    },

    /** Records the agreement (version and time) and clears the account's needs-approval flag. */
    async agree(userId: number, version: string, at: Date): Promise<void> {
      await db
        .update(users)
        .set({
          termsAgreedAt: at,
          termsAgreedVersion: version,
          needsTermsAndConditionsApproval: false,
          updatedAt: at,
        })
        .where(and(eq(users.id, userId)));
    },
  };
}

export type TermsRepo = ReturnType<typeof createTermsRepo>;
