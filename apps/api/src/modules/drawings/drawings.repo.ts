// Drawings and their entries (decision 013). Rows are mapped before they leave.
import { type Db, lockRows, schema } from '@vitrine/db';
import { and, asc, eq, inArray, isNotNull, isNull, ne, or, type SQL, sql } from 'drizzle-orm';

const { drawings, drawingEntries: entries, users, tokens, sales } = schema;

export type DrawingRow = typeof drawings.$inferSelect;

export interface EntryView {
  id: number;
  userId: number;
  username: string;
  priceCents: number;
  /** The card authorisation of a card entry (null: by balance, or free). */
  providerReference: string | null;
  status: 'entered' | 'won' | 'lost' | 'forfeited';
  tokenRowId: number | null;
  /** Not drawn: a forfeited edition passed to it. */
  promoted: boolean;
}

/** An entry as the public lists show it: id, the entrant's username, status, promoted. */
export interface ListedEntry {
  id: number;
  username: string;
  status: EntryView['status'];
  promoted: boolean;
}

/** A locked entry (decision 013 "Refused captures"). */
export type EntryRow = typeof entries.$inferSelect;

export function createDrawingsRepo(db: Db) {
  async function listed(where: SQL | undefined, limit?: number, offset = 0): Promise<ListedEntry[]> {
    const query = db
      .select({
        id: entries.id,
        username: users.profileUrl,
        status: entries.status,
        promoted: sql<boolean>`${entries.promotedAt} is not null`,
      })
      .from(entries)
      .innerJoin(users, eq(users.id, entries.userId))
      .where(where)
      .orderBy(asc(entries.id))
      .$dynamic();
    const rows = await (limit === undefined ? query : query.limit(limit).offset(offset));
    return rows.map((r) => ({ ...r, status: r.status as ListedEntry['status'] }));
  }

  return {
    async byNifty(niftyId: number): Promise<DrawingRow | null> {
      const [row] = await db.select().from(drawings).where(eq(drawings.niftyId, niftyId));
      return row ?? null;
    },
    async byId(id: number): Promise<DrawingRow | null> {
      const [row] = await db.select().from(drawings).where(eq(drawings.id, id));
      return row ?? null;
    },
    /** Makes the nifty's drawing once (a second writer's insert does nothing); true when this one made it. */
    async create(values: { niftyId: number; seed: string; commitment: string; at: Date }): Promise<boolean> {
      const made = await db
        .insert(drawings)
        .values({
          niftyId: values.niftyId,
          seed: values.seed,
          commitment: values.commitment,
          createdAt: values.at,
        })
        .onConflictDoNothing()
        .returning({ id: drawings.id });
      return made.length > 0;
    },
    /** The drawing row locked for this transaction: entries and the draw take it first. */
    async lock(id: number): Promise<DrawingRow | null> {
      const [row] = await lockRows(db, drawings, eq(drawings.id, id));
      return row ?? null;
    },
    /** Every entry, sorted by id (the order the draw reads them in). */
    async entriesOf(drawingId: number): Promise<EntryView[]> {
      const rows = await db
        .select({
          id: entries.id,
          userId: entries.userId,
          username: users.profileUrl,
          priceCents: entries.priceCents,
          providerReference: entries.providerReference,
          status: entries.status,
          tokenRowId: entries.tokenRowId,
          promoted: sql<boolean>`${entries.promotedAt} is not null`,
        })
        .from(entries)
        .innerJoin(users, eq(users.id, entries.userId))
        .where(eq(entries.drawingId, drawingId))
        .orderBy(asc(entries.id));
      return rows.map((r) => ({ ...r, status: r.status as EntryView['status'] }));
    },
    /** How many entries the drawing has (counted in the store, no rows read). */
    async countEntries(drawingId: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(entries)
        .where(eq(entries.drawingId, drawingId));
      return Number(row?.n ?? 0);
    },
    /** One page of the drawing's entries as listed, by id ascending. */
    async listEntries(drawingId: number, limit: number, offset: number): Promise<ListedEntry[]> {
      return listed(eq(entries.drawingId, drawingId), limit, offset);
    },
    /**
     * Who won, by id: the drawn winners (won, or forfeited without having been promoted) and the entries
     * holding a passed-on edition (won, promoted). Bounded by twice the editions drawn.
     */
    async winnerEntries(drawingId: number): Promise<ListedEntry[]> {
      return listed(
        and(
          eq(entries.drawingId, drawingId),
          or(eq(entries.status, 'won'), and(eq(entries.status, 'forfeited'), isNull(entries.promotedAt))),
        ),
      );
    },
    /** Every entry id of the drawing, ascending (the draw's input): ids only, from the index. */
    async entryIds(drawingId: number): Promise<number[]> {
      const rows = await db
        .select({ id: entries.id })
        .from(entries)
        .where(eq(entries.drawingId, drawingId))
        .orderBy(asc(entries.id));
      return rows.map((r) => r.id);
    },
    async entriesOfUser(drawingId: number, userId: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(entries)
        .where(and(eq(entries.drawingId, drawingId), eq(entries.userId, userId)));
      return Number(row?.n ?? 0);
    },
    /** The user's own entries of the drawing as listed, by id (one unless specified): what its viewer is told. */
    async entriesOfUserListed(drawingId: number, userId: number): Promise<ListedEntry[]> {
      return listed(and(eq(entries.drawingId, drawingId), eq(entries.userId, userId)));
    },
    async insertEntry(values: {
      drawingId: number;
      userId: number;
      priceCents: number;
      at: Date;
      paymentMethod?: 'balance' | 'stripe_card';
      providerReference?: string | null;
      /** The card authorised, as the purchase history names it. */
      card?: { brand: string; last4: string } | null;
    }) {
      const { card, ...rest } = values;
      const [row] = await db
        .insert(entries)
        .values({
          ...rest,
          cardBrand: card?.brand ?? null,
          cardLast4: card?.last4 ?? null,
          createdAt: values.at,
        })
        .returning({ id: entries.id });
      if (!row) throw new Error('drawing entry not written');
      return row.id;
    },
    /** Settles entries still `entered` (a second run changes nothing). */
    async settle(ids: number[], status: 'won' | 'lost', at: Date, tokenRowIds?: Map<number, number>) {
      if (ids.length === 0) return 0;
      if (!tokenRowIds) {
        const done = await db
          .update(entries)
          .set({ status, settledAt: at })
          .where(and(inArray(entries.id, ids), eq(entries.status, 'entered')))
          .returning({ id: entries.id });
        return done.length;
      }
      let n = 0;
      for (const id of ids) {
        const done = await db
          .update(entries)
          .set({ status, settledAt: at, tokenRowId: tokenRowIds.get(id) ?? null })
          .where(and(eq(entries.id, id), eq(entries.status, 'entered')))
          .returning({ id: entries.id });
        n += done.length;
      }
      return n;
    },
    /**
     * Settled card entries whose authorisation is not yet captured (won) or voided (lost, forfeited),
     * winners first: a lost entry's authorisation is kept while a card winner's capture is still pending
     * (its entrant may be the next in the draw order when that winner forfeits).
     */
    async cardsToSettle(drawingId: number): Promise<{ id: number; userId: number; status: string }[]> {
      const rows = await db
        .select({ id: entries.id, userId: entries.userId, status: entries.status })
        .from(entries)
        .where(
          and(
            eq(entries.drawingId, drawingId),
            isNotNull(entries.providerReference),
            isNull(entries.cardSettledAt),
            ne(entries.status, 'entered'),
          ),
        )
        .orderBy(sql`${entries.status} = 'won' desc`, asc(entries.id));
      return rows;
    },
    /** The edition a won entry holds (null: none). */
    async tokenOfEntry(id: number): Promise<number | null> {
      const [row] = await db.select({ id: entries.tokenRowId }).from(entries).where(eq(entries.id, id));
      return row?.id ?? null;
    },
    async lockEntry(id: number): Promise<EntryRow | null> {
      const [row] = await lockRows(db, entries, eq(entries.id, id));
      return row ?? null;
    },
    /** Every entry of the drawing (id order), as the draw saw them. */
    async allEntries(drawingId: number): Promise<EntryRow[]> {
      return db.select().from(entries).where(eq(entries.drawingId, drawingId)).orderBy(asc(entries.id));
    },
    /** A capture the processor did not answer: its moment kept (the next try waits), no refusal counted. */
    async markCaptureUnanswered(id: number, at: Date): Promise<void> {
      await db
        .update(entries)
        .set({ captureRefusedAt: at })
        .where(and(eq(entries.id, id), eq(entries.status, 'won'), isNull(entries.cardSettledAt)));
    },
    /** Counts a refused capture of a won, unsettled card entry (locked); the new count, null if settled. */
    async addCaptureAttempt(id: number, at: Date): Promise<number | null> {
      const [row] = await db
        .update(entries)
        .set({ captureAttempts: sql`${entries.captureAttempts} + 1`, captureRefusedAt: at })
        .where(and(eq(entries.id, id), eq(entries.status, 'won'), isNull(entries.cardSettledAt)))
        .returning({ n: entries.captureAttempts });
      return row?.n ?? null;
    },
    /** A winner's win forfeited (conditional: still won, not captured). */
    async markForfeited(id: number, at: Date): Promise<boolean> {
      const rows = await db
        .update(entries)
        .set({ status: 'forfeited', forfeitedAt: at })
        .where(and(eq(entries.id, id), eq(entries.status, 'won'), isNull(entries.cardSettledAt)))
        .returning({ id: entries.id });
      return rows.length === 1;
    },
    /** The next entrant in the draw order promoted to winner (conditional: still lost, never charged). */
    async promote(id: number, tokenRowId: number, at: Date): Promise<boolean> {
      const rows = await db
        .update(entries)
        .set({ status: 'won', settledAt: at, promotedAt: at, tokenRowId })
        .where(and(eq(entries.id, id), eq(entries.status, 'lost'), isNull(entries.cardSettledAt)))
        .returning({ id: entries.id });
      return rows.length === 1;
    },
    /** A forfeited edition passed to the next entrant (conditional: still the forfeiting winner's), its sale too. */
    async passToken(tokenRowId: number, fromUserId: number, toUserId: number, priceCents: number, at: Date) {
      const moved = await db
        .update(tokens)
        .set({ ownerId: toUserId, lastSaleInCents: priceCents, lastSaleAt: at })
        .where(and(eq(tokens.id, tokenRowId), eq(tokens.ownerId, fromUserId)))
        .returning({ id: tokens.id });
      if (moved.length !== 1) return false;
      await db
        .update(sales)
        .set({ buyerId: toUserId, amount: String(priceCents), priceInCents: priceCents, soldAt: at })
        .where(
          and(eq(sales.tokenRowId, tokenRowId), eq(sales.market, 'primary'), eq(sales.buyerId, fromUserId)),
        );
      return true;
    },
    /** A forfeited edition nobody else can take: released (its token and primary sale go). */
    async removeToken(tokenRowId: number): Promise<void> {
      await db.delete(tokens).where(eq(tokens.id, tokenRowId));
    },
    /** A card entry still to capture or void, locked (null when another run did it meanwhile). */
    async lockCardToSettle(id: number): Promise<{ status: string; providerReference: string } | null> {
      const [row] = await lockRows(
        db,
        entries,
        and(
          eq(entries.id, id),
          isNotNull(entries.providerReference),
          isNull(entries.cardSettledAt),
          ne(entries.status, 'entered'),
        ),
      );
      return row?.providerReference ? { status: row.status, providerReference: row.providerReference } : null;
    },
    async markCardSettled(id: number, at: Date): Promise<void> {
      await db
        .update(entries)
        .set({ cardSettledAt: at })
        .where(and(eq(entries.id, id), isNull(entries.cardSettledAt)));
    },
    /** Marks the drawing drawn, once (conditional on `open`). */
    async markDrawn(id: number, editionsDrawn: number, at: Date): Promise<boolean> {
      const done = await db
        .update(drawings)
        .set({ status: 'drawn', drawnAt: at, editionsDrawn })
        .where(and(eq(drawings.id, id), eq(drawings.status, 'open')))
        .returning({ id: drawings.id });
      return done.length > 0;
    },
    async isValidated(userId: number): Promise<boolean> {
      const [row] = await db.select({ v: users.verifiedPhone }).from(users).where(eq(users.id, userId));
      return row?.v === true;
    },
    /** What a winner's receipt says: the work, the edition won, the price and the card that paid (if one did). */
    async receiptOf(entryId: number): Promise<{
      title: string;
      editionNumber: number | null;
      priceCents: number;
      cardBrand: string | null;
      cardLast4: string | null;
    } | null> {
      const [row] = await db
        .select({
          title: schema.nifties.title,
          editionNumber: tokens.editionNumber,
          priceCents: entries.priceCents,
          cardBrand: entries.cardBrand,
          cardLast4: entries.cardLast4,
        })
        .from(entries)
        .innerJoin(drawings, eq(drawings.id, entries.drawingId))
        .innerJoin(schema.nifties, eq(schema.nifties.id, drawings.niftyId))
        .leftJoin(tokens, eq(tokens.id, entries.tokenRowId))
        .where(eq(entries.id, entryId));
      return row ?? null;
    },
    async contactOf(userId: number): Promise<{ email: string | null } | null> {
      const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
      return row ?? null;
    },
  };
}

export type DrawingsRepo = ReturnType<typeof createDrawingsRepo>;
