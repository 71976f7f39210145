// Drawings and their entries (decision 013). Rows are mapped before they leave.
import { type Db, lockRows, schema } from '@vitrine/db';
import { and, asc, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';

const { drawings, drawingEntries: entries, users } = schema;

export type DrawingRow = typeof drawings.$inferSelect;

export interface EntryView {
  id: number;
  userId: number;
  username: string;
  priceCents: number;
  /** The card authorisation of a card entry (null: by balance, or free). */
  providerReference: string | null;
  status: 'entered' | 'won' | 'lost';
  tokenRowId: number | null;
}

export function createDrawingsRepo(db: Db) {
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
        })
        .from(entries)
        .innerJoin(users, eq(users.id, entries.userId))
        .where(eq(entries.drawingId, drawingId))
        .orderBy(asc(entries.id));
      return rows.map((r) => ({ ...r, status: r.status as EntryView['status'] }));
    },
    async entriesOfUser(drawingId: number, userId: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(entries)
        .where(and(eq(entries.drawingId, drawingId), eq(entries.userId, userId)));
      return Number(row?.n ?? 0);
    },
    async insertEntry(values: {
      drawingId: number;
      userId: number;
      priceCents: number;
      at: Date;
      paymentMethod?: 'balance' | 'stripe_card';
      providerReference?: string | null;
    }) {
      const [row] = await db
        .insert(entries)
        .values({ ...values, createdAt: values.at })
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
    /** Settled card entries whose authorisation is not yet captured (won) or voided (lost). */
    async cardsToSettle(drawingId: number): Promise<number[]> {
      const rows = await db
        .select({ id: entries.id })
        .from(entries)
        .where(
          and(
            eq(entries.drawingId, drawingId),
            isNotNull(entries.providerReference),
            isNull(entries.cardSettledAt),
            ne(entries.status, 'entered'),
          ),
        )
        .orderBy(asc(entries.id));
      return rows.map((r) => r.id);
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
    async contactOf(userId: number): Promise<{ email: string | null } | null> {
      const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
      return row ?? null;
    },
  };
}

export type DrawingsRepo = ReturnType<typeof createDrawingsRepo>;
