// Bids and auction state (docs/decisions/012-bids.md). Writers lock the nifty's row first
// (trading.repo `lockNifty`), so what they read of its bids and state stays true until commit.
import { type Db, lockRows, schema } from '@vitrine/db';
import { and, asc, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { OwedCursor } from '../trading/card-authorizations';

const { bids, auctionStates, users, nifties, publisherMembers, sales, tokens } = schema;

export type BidRow = typeof bids.$inferSelect;
export type AuctionStateRow = typeof auctionStates.$inferSelect;

export function createBidsRepo(db: Db) {
  return {
    /** Winning card bids whose money is still owed (the capture after settlement failed), closed between `after` and `before`. */
    async captureOwed(after: OwedCursor, before: Date, limit: number): Promise<BidRow[]> {
      return db
        .select()
        .from(bids)
        .where(
          and(
            eq(bids.status, 'won'),
            sql`${bids.providerReference} is not null`,
            isNull(bids.capturedAt),
            sql`(${bids.closedAt}, ${bids.id}) > (${after.at.toISOString()}::timestamptz, ${after.id}::int)`,
            lte(bids.closedAt, before),
          ),
        )
        .orderBy(asc(bids.closedAt), asc(bids.id))
        .limit(limit);
    },

    async markCaptured(id: number, at: Date): Promise<void> {
      await db
        .update(bids)
        .set({ capturedAt: at })
        .where(and(eq(bids.id, id), isNull(bids.capturedAt)));
    },

    /**
     * A refused capture of a won card bid still owed, counted once: only when its last refusal is still the one
     * read (`seen`), so two sweeps at once (two API processes) count one. The new count; null when another run
     * counted it first, or the money was taken meanwhile.
     */
    async addRefusedCapture(id: number, seen: Date | null, at: Date): Promise<number | null> {
      const [row] = await db
        .update(bids)
        .set({ captureRefusedAt: at, captureAttempts: sql`${bids.captureAttempts} + 1` })
        .where(
          and(
            eq(bids.id, id),
            eq(bids.status, 'won'),
            isNull(bids.capturedAt),
            seen === null ? isNull(bids.captureRefusedAt) : eq(bids.captureRefusedAt, seen),
          ),
        )
        .returning({ n: bids.captureAttempts });
      return row?.n ?? null;
    },

    /** A won card bid whose money is still owed, locked (null: captured, forfeited, or not a card win). */
    async lockOwed(id: number): Promise<BidRow | null> {
      const [row] = await lockRows(
        db,
        bids,
        and(
          eq(bids.id, id),
          eq(bids.status, 'won'),
          isNull(bids.capturedAt),
          sql`${bids.providerReference} is not null`,
        ),
      );
      return row ?? null;
    },

    async markForfeited(id: number, at: Date): Promise<boolean> {
      const rows = await db
        .update(bids)
        .set({ status: 'forfeited', forfeitedAt: at })
        .where(and(eq(bids.id, id), eq(bids.status, 'won'), isNull(bids.capturedAt)))
        .returning({ id: bids.id });
      return rows.length === 1;
    },

    async byId(id: number): Promise<BidRow | null> {
      const [row] = await db.select().from(bids).where(eq(bids.id, id));
      return row ?? null;
    },

    /** The token a won bid's primary sale minted (null: none). */
    async tokenOfSale(saleId: number): Promise<number | null> {
      const [row] = await db.select({ id: sales.tokenRowId }).from(sales).where(eq(sales.id, saleId));
      return row?.id ?? null;
    },

    /** A forfeited win's edition released: its token (and with it its primary sale) removed. */
    async removeToken(tokenRowId: number): Promise<void> {
      await db.delete(tokens).where(eq(tokens.id, tokenRowId));
    },

    /** The starting minimum and increment of a nifty (cents). */
    async bidTerms(niftyId: number) {
      const [row] = await db
        .select({
          minimumBidInCents: nifties.minimumBidInCents,
          bidIncrementInCents: nifties.bidIncrementInCents,
          priceAmount: nifties.priceAmount,
        })
        .from(nifties)
        .where(eq(nifties.id, niftyId));
      return row ?? null;
    },

    async state(niftyId: number): Promise<AuctionStateRow | null> {
      const [row] = await db.select().from(auctionStates).where(eq(auctionStates.niftyId, niftyId));
      return row ?? null;
    },

    /** Writes the state after a bid (made on the first one). Call under the nifty's lock. */
    async saveState(niftyId: number, endsAt: Date, at: Date): Promise<AuctionStateRow> {
      const [row] = await db
        .insert(auctionStates)
        .values({ niftyId, endsAt, bidCount: 1, updatedAt: at })
        .onConflictDoUpdate({
          target: auctionStates.niftyId,
          set: { endsAt, bidCount: sql`${auctionStates.bidCount} + 1`, updatedAt: at },
        })
        .returning();
      if (!row) throw new Error('auction state not written');
      return row;
    },

    /** Marks the auction settled: false when it already was (a second run changes nothing). */
    async markSettled(niftyId: number, endsAt: Date, at: Date): Promise<boolean> {
      const inserted = await db
        .insert(auctionStates)
        .values({ niftyId, endsAt, bidCount: 0, settledAt: at, updatedAt: at })
        .onConflictDoNothing()
        .returning({ id: auctionStates.niftyId });
      if (inserted.length > 0) return true;
      // The end settled at (the state's own end, or now for a forced settlement: bids then read it ended).
      const updated = await db
        .update(auctionStates)
        .set({ endsAt, settledAt: at, updatedAt: at })
        .where(and(eq(auctionStates.niftyId, niftyId), isNull(auctionStates.settledAt)))
        .returning({ id: auctionStates.niftyId });
      return updated.length > 0;
    },

    /** Nifties whose auction ended by `at` and is not settled (the sweep behind the settle jobs). */
    async due(at: Date, limit: number): Promise<number[]> {
      const rows = await db
        .select({ niftyId: auctionStates.niftyId })
        .from(auctionStates)
        .where(and(isNull(auctionStates.settledAt), lte(auctionStates.endsAt, at)))
        .orderBy(asc(auctionStates.endsAt))
        .limit(limit);
      return rows.map((r) => r.niftyId);
    },

    /** The active bids of a nifty in rank order: highest first, the earlier bid first on a tie. */
    /** A bidder's newest bid on a nifty (their own bid state), if any. */
    async latestOf(niftyId: number, userId: number): Promise<BidRow | null> {
      const [row] = await db
        .select()
        .from(bids)
        .where(and(eq(bids.niftyId, niftyId), eq(bids.userId, userId)))
        .orderBy(desc(bids.createdAt), desc(bids.id))
        .limit(1);
      return row ?? null;
    },

    async active(niftyId: number): Promise<BidRow[]> {
      return db
        .select()
        .from(bids)
        .where(and(eq(bids.niftyId, niftyId), eq(bids.currentlyActive, true)))
        .orderBy(desc(bids.amountInCents), asc(bids.createdAt), asc(bids.id));
    },

    /** The amounts of a settled auction's winning bids, highest first (forfeited wins are not among them). */
    async wonAmounts(niftyId: number): Promise<number[]> {
      const rows = await db
        .select({ amount: bids.amountInCents })
        .from(bids)
        .where(and(eq(bids.niftyId, niftyId), eq(bids.status, 'won')))
        .orderBy(desc(bids.amountInCents));
      return rows.map((r) => r.amount);
    },

    /** Everyone who has bid on a nifty (the ending-soon alert's watchers). */
    async bidderIds(niftyId: number): Promise<number[]> {
      const rows = await db
        .selectDistinct({ userId: bids.userId })
        .from(bids)
        .where(eq(bids.niftyId, niftyId));
      return rows.map((r) => r.userId);
    },

    /** What a user's active bids add up to, over every nifty (the bid safety net). */
    async activeSumOf(userId: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<string | null>`sum(${bids.amountInCents})` })
        .from(bids)
        .where(and(eq(bids.userId, userId), eq(bids.currentlyActive, true)));
      return Number(row?.n ?? 0);
    },

    async insert(values: typeof bids.$inferInsert): Promise<BidRow> {
      const [row] = await db.insert(bids).values(values).returning();
      if (!row) throw new Error('bid not written');
      return row;
    },

    /** Ends active bids (outbid, replaced, won, lost); returns those it changed. */
    async close(
      ids: number[],
      set: { status: string; closedAt: Date; saleId?: number; ledgerTransactionId?: number },
    ): Promise<BidRow[]> {
      if (ids.length === 0) return [];
      return db
        .update(bids)
        .set({ ...set, currentlyActive: false })
        .where(and(inArray(bids.id, ids), eq(bids.currentlyActive, true)))
        .returning();
    },

    async setHold(id: number, holdReference: string): Promise<void> {
      await db.update(bids).set({ holdReference }).where(eq(bids.id, id));
    },

    async bidder(userId: number) {
      const [row] = await db
        .select({
          id: users.id,
          name: users.name,
          email: users.email,
          profileUrl: users.profileUrl,
          isBidSafetyNetExempt: users.isBidSafetyNetExempt,
          maxBidAllowanceOverrideInCents: users.maxBidAllowanceOverrideInCents,
        })
        .from(users)
        .where(eq(users.id, userId));
      return row ?? null;
    },

    async count(niftyId: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(bids)
        .where(eq(bids.niftyId, niftyId));
      return Number(row?.n ?? 0);
    },

    /** A page of a nifty's bids with their bidders' profiles; `ranked`: active ones in rank order. */
    async page(niftyId: number, o: { ranked: boolean; limit: number; offset: number }) {
      const where = o.ranked
        ? and(eq(bids.niftyId, niftyId), eq(bids.currentlyActive, true))
        : eq(bids.niftyId, niftyId);
      const order = o.ranked
        ? [desc(bids.amountInCents), asc(bids.createdAt), asc(bids.id)]
        : [desc(bids.createdAt), desc(bids.id)];
      const [rows, [total]] = await Promise.all([
        db
          .select({
            bid: bids,
            user: {
              id: users.id,
              name: users.name,
              bio: users.bio,
              profileUrl: users.profileUrl,
              profilePicUrl: users.profilePicUrl,
              isPublisher: sql<boolean>`exists (select 1 from ${publisherMembers} where ${publisherMembers.userId} = ${users.id})`,
            },
          })
          .from(bids)
          .innerJoin(users, eq(users.id, bids.userId))
          .where(where)
          .orderBy(...order)
          .limit(o.limit)
          .offset(o.offset),
        db.select({ n: sql<number>`count(*)::int` }).from(bids).where(where),
      ]);
      return { rows, count: Number(total?.n ?? 0) };
    },
  };
}

export type BidsRepo = ReturnType<typeof createBidsRepo>;
