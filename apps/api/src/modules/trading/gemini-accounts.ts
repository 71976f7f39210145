// A buyer's connected Gemini account (000 §7 POST /user/connect-gemini-account/: scope, access_token, expires_in),
// which paying from a Gemini balance (`gemini_balance`, decision 009) charges. Gemini is simulated: its sign-in hands
// over a test token (SIM_EXTERNAL_TOKENS) that the simulated provider reads as a funded or an empty balance.
import { type Db, schema } from '@vitrine/db';
import { eq } from 'drizzle-orm';
import type { Clock } from '../../lib/clock';

/** What the buyer sees of their connection: never the access token. */
export interface GeminiAccountStatus {
  connected: boolean;
  scope: string | null;
  expiresAt: string | null;
}

export function createGeminiAccounts(db: Db, clock: Clock) {
  const table = schema.geminiAccounts;
  const statusOf = (row: typeof table.$inferSelect | undefined, at: Date): GeminiAccountStatus =>
    row && row.expiresAt > at
      ? { connected: true, scope: row.scope, expiresAt: row.expiresAt.toISOString() }
      : { connected: false, scope: null, expiresAt: null };

  return {
    /** Connects (or connects again: the new grant replaces the old) the user's Gemini account. */
    async connect(
      userId: number,
      grant: { scope: string; accessToken: string; expiresInSeconds: number },
    ): Promise<GeminiAccountStatus> {
      const at = clock.now();
      const values = {
        scope: grant.scope,
        accessToken: grant.accessToken,
        expiresAt: new Date(at.getTime() + grant.expiresInSeconds * 1000),
        connectedAt: at,
      };
      const [row] = await db
        .insert(table)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: table.userId, set: values })
        .returning();
      return statusOf(row, at);
    },

    async status(userId: number): Promise<GeminiAccountStatus> {
      const [row] = await db.select().from(table).where(eq(table.userId, userId));
      return statusOf(row, clock.now());
    },

    async disconnect(userId: number): Promise<void> {
      await db.delete(table).where(eq(table.userId, userId));
    },

    /** The access token a Gemini balance payment charges; null when none is connected or its grant expired. */
    async accessTokenOf(userId: number): Promise<string | null> {
      const [row] = await db.select().from(table).where(eq(table.userId, userId));
      return row && row.expiresAt > clock.now() ? row.accessToken : null;
    },
  };
}

export type GeminiAccounts = ReturnType<typeof createGeminiAccounts>;
