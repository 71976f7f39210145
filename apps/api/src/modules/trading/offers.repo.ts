// Offers (docs/decisions/009-trading-and-ledger.md "Offers"): queries of the `offers` table. Rows are
// mapped before they leave. Decisions run in the service's unit of work (row locks, conditional updates).
import { type Db, lockRows, schema } from '@vitrine/db';
import { and, asc, desc, eq, inArray, isNull, lt, lte, ne, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { OwedCursor } from './card-authorizations';

const { offers, tokens, nifties, collections, users, tokenTraits, ledgerHolds } = schema;

export type OfferRow = typeof offers.$inferSelect;
export type NewOffer = typeof offers.$inferInsert;

/**
 * An offer whose card asked for a second step (3-D Secure) when it was made: written down, backed by nothing
 * until the maker completes the step (then `open`), and never shown to anyone else.
 */
export const OFFER_WAITING = 'requires_action';
/** An offer whose card's second step was never completed (cancelled, refused, replaced or left): it never opened. */
export const OFFER_UNVERIFIED = 'unverified';
/** The statuses of offers that never opened: nobody else sees them, and the maker's lists leave them out. */
const NEVER_BACKED = [OFFER_WAITING, OFFER_UNVERIFIED];

/** The traits an attribute offer may name: the token traits the store keeps (token_traits). */
export const OFFER_TRAITS = ['mass'] as const;

/** Offers that could buy the token `t` (a tokens row alias in the query): on it, its nifty, its traits. */
function matchesToken(tokenRowId: SQL | number, niftyId: SQL | number, collectionId: SQL | number): SQL {
  return sql`(
    (${offers.type} = 'offer' and ${offers.tokenRowId} = ${tokenRowId})
    or (${offers.type} = 'global_offer' and ${offers.niftyId} = ${niftyId})
    or (${offers.type} = 'attribute' and ${offers.collectionId} = ${collectionId}
        and ${offers.attributeTrait} = 'mass'
        and exists (select 1 from ${tokenTraits} tt where tt.token_row_id = ${tokenRowId}
                    and tt.mass::text = ${offers.attributeValue})))`;
}

export interface OfferDetails {
  makerName: string;
  makerProfileUrl: string;
  makerPicUrl: string | null;
  niftyType: string;
  niftyTitle: string;
  niftyImage: string;
  /** The collection the offer is in (an attribute offer's target, with its trait). */
  collectionName: string;
  tokenId: string | null;
  editionNumber: number | null;
}

export function createOffersRepo(db: Db) {
  /** A token as an offer on it needs it: its owner, nifty, collection, and whether offers on it may be made. */
  async function tokenWhere(where: SQL | undefined) {
    const [row] = await db
      .select({
        id: tokens.id,
        ownerId: tokens.ownerId,
        niftyId: tokens.niftyId,
        collectionId: nifties.collectionId,
        contractAddress: tokens.contractAddress,
        tokenId: tokens.tokenId,
        name: tokens.name,
        /** A pack opened: not sold as a pack (no offer on it, none accepted with it). */
        openedAt: tokens.openedAt,
        /** Its owner takes offers on it (000 §7 set-nifty-sm-pref); off, no new offer on it is made. */
        isAcceptingOffers: tokens.isAcceptingOffers,
        /** The token's own name, else its nifty's title: how people know it. */
        label: sql<string>`coalesce(${tokens.name}, ${nifties.title})`,
      })
      .from(tokens)
      .innerJoin(nifties, eq(nifties.id, tokens.niftyId))
      .where(where);
    return row ?? null;
  }

  return {
    async insert(values: NewOffer): Promise<OfferRow | null> {
      const [row] = await db
        .insert(offers)
        .values(values)
        .onConflictDoNothing({
          target: [offers.makerId, offers.targetKey],
          where: sql`${offers.status} = 'open'`,
        })
        .returning();
      return row ?? null;
    },

    async byId(id: number): Promise<OfferRow | null> {
      const [row] = await db.select().from(offers).where(eq(offers.id, id));
      return row ?? null;
    },

    async lock(id: number): Promise<OfferRow | null> {
      const [row] = await lockRows(db, offers, eq(offers.id, id));
      return row ?? null;
    },

    async openOf(makerId: number, targetKey: string): Promise<OfferRow | null> {
      const [row] = await db
        .select()
        .from(offers)
        .where(and(eq(offers.makerId, makerId), eq(offers.targetKey, targetKey), eq(offers.status, 'open')));
      return row ?? null;
    },

    /** The maker's offers on a target whose card's verification (3-D Secure) is still waiting. */
    async waitingOf(makerId: number, targetKey: string): Promise<OfferRow[]> {
      return db
        .select()
        .from(offers)
        .where(
          and(eq(offers.makerId, makerId), eq(offers.targetKey, targetKey), eq(offers.status, OFFER_WAITING)),
        );
    },

    /** Changes an offer still waiting on its card's verification; null when it no longer waits. */
    async updateWaiting(id: number, set: Partial<NewOffer>): Promise<OfferRow | null> {
      const [row] = await db
        .update(offers)
        .set(set)
        .where(and(eq(offers.id, id), eq(offers.status, OFFER_WAITING)))
        .returning();
      return row ?? null;
    },

    /** Offers whose card's verification was begun before `before` and never completed. */
    async abandoned(before: Date, limit: number): Promise<OfferRow[]> {
      return db
        .select()
        .from(offers)
        .where(and(eq(offers.status, OFFER_WAITING), lt(offers.createdAt, before)))
        .orderBy(asc(offers.createdAt))
        .limit(limit);
    },

    /** Changes an open offer; null when it is no longer open (someone else decided first). */
    async updateOpen(id: number, set: Partial<NewOffer>): Promise<OfferRow | null> {
      const [row] = await db
        .update(offers)
        .set(set)
        .where(and(eq(offers.id, id), eq(offers.status, 'open')))
        .returning();
      return row ?? null;
    },

    /** An open offer still backed by `providerReference` (a card offer re-authorised: nobody swapped it first). */
    async updateOpenFrom(
      id: number,
      providerReference: string | null,
      set: Partial<NewOffer>,
    ): Promise<OfferRow | null> {
      const [row] = await db
        .update(offers)
        .set(set)
        .where(
          and(
            eq(offers.id, id),
            eq(offers.status, 'open'),
            providerReference === null
              ? isNull(offers.providerReference)
              : eq(offers.providerReference, providerReference),
          ),
        )
        .returning();
      return row ?? null;
    },

    /** Re-sizes an active hold (a repriced offer). */
    async resizeHold(reference: string, amountCents: number): Promise<boolean> {
      const done = await db
        .update(ledgerHolds)
        .set({ amountCents })
        .where(and(eq(ledgerHolds.reference, reference), eq(ledgerHolds.status, 'active')))
        .returning({ id: ledgerHolds.id });
      return done.length === 1;
    },

    /** Names shown with an offer: maker, nifty type and artwork, token id and edition number. */
    async details(row: OfferRow): Promise<OfferDetails> {
      const [maker] = await db
        .select({ name: users.name, profileUrl: users.profileUrl, pic: users.profilePicUrl })
        .from(users)
        .where(eq(users.id, row.makerId));
      const [nifty] = await db
        .select({
          niftyType: sql<string>`${nifties.typeNumber}::text`,
          title: nifties.title,
          image: nifties.assetUrl,
        })
        .from(nifties)
        .where(eq(nifties.id, row.niftyId));
      const [collection] = await db
        .select({ name: collections.name })
        .from(collections)
        .where(eq(collections.id, row.collectionId));
      let tokenId: string | null = null;
      let editionNumber: number | null = null;
      if (row.tokenRowId !== null) {
        const [t] = await db
          .select({ tokenId: tokens.tokenId, editionNumber: tokens.editionNumber })
          .from(tokens)
          .where(eq(tokens.id, row.tokenRowId));
        tokenId = t?.tokenId ?? null;
        editionNumber = t?.editionNumber ?? null;
      }
      return {
        makerName: maker?.name ?? '',
        makerProfileUrl: maker?.profileUrl ?? '',
        makerPicUrl: maker?.pic ?? null,
        niftyType: nifty?.niftyType ?? '',
        niftyTitle: nifty?.title ?? '',
        niftyImage: nifty?.image ?? '',
        collectionName: collection?.name ?? '',
        tokenId,
        editionNumber,
      };
    },

    /** A token with what offers match on (its nifty and collection) and its owner. */
    async token(contractAddress: string, tokenId: string) {
      return tokenWhere(
        and(
          sql`lower(${tokens.contractAddress}) = ${contractAddress.toLowerCase()}`,
          eq(tokens.tokenId, tokenId),
        ),
      );
    },

    /** The same, by the token's row id (an offer on one NFT names it so). */
    tokenOfRow(tokenRowId: number) {
      return tokenWhere(eq(tokens.id, tokenRowId));
    },

    /** A nifty of a collection by its type number (the URLs' niftyType), for global offers. */
    async niftyType(contractAddress: string, niftyType: string) {
      const [row] = await db
        .select({ id: nifties.id, collectionId: nifties.collectionId })
        .from(nifties)
        .innerJoin(collections, eq(collections.id, nifties.collectionId))
        .where(
          and(
            sql`lower(${collections.contractAddress}) = ${contractAddress.toLowerCase()}`,
            eq(nifties.typeNumber, Number(niftyType)),
          ),
        );
      return row ?? null;
    },

    async collection(contractAddress: string) {
      const [row] = await db
        .select({ id: collections.id })
        .from(collections)
        .where(sql`lower(${collections.contractAddress}) = ${contractAddress.toLowerCase()}`);
      return row ?? null;
    },

    /** Any nifty of a collection (an attribute offer shows the collection through one). */
    async firstNiftyOf(collectionId: number) {
      const [row] = await db
        .select({ id: nifties.id })
        .from(nifties)
        .where(eq(nifties.collectionId, collectionId))
        .orderBy(asc(nifties.typeNumber))
        .limit(1);
      return row ?? null;
    },

    /** Does the offer match this token? */
    async matches(offerId: number, token: { id: number; niftyId: number; collectionId: number }) {
      const [row] = await db
        .select({ id: offers.id })
        .from(offers)
        .where(and(eq(offers.id, offerId), matchesToken(token.id, token.niftyId, token.collectionId)));
      return row !== undefined;
    },

    /** Open offers that could buy one token, highest first. */
    async openForToken(
      token: { id: number; niftyId: number; collectionId: number },
      limit: number,
      offset: number,
    ) {
      const where = and(eq(offers.status, 'open'), matchesToken(token.id, token.niftyId, token.collectionId));
      const [rows, count] = await Promise.all([
        db
          .select()
          .from(offers)
          .where(where)
          .orderBy(desc(offers.amountCents), asc(offers.createdAt), asc(offers.id))
          .limit(limit)
          .offset(offset),
        db.$count(offers, where),
      ]);
      return { rows, count };
    },

    /** The open global offers on a nifty type (its collection page), highest first. */
    async openGlobalForNifty(niftyId: number, limit: number, offset: number) {
      const where = and(
        eq(offers.status, 'open'),
        eq(offers.type, 'global_offer'),
        eq(offers.niftyId, niftyId),
      );
      const [rows, count] = await Promise.all([
        db
          .select()
          .from(offers)
          .where(where)
          .orderBy(desc(offers.amountCents), asc(offers.createdAt), asc(offers.id))
          .limit(limit)
          .offset(offset),
        db.$count(offers, where),
      ]);
      return { rows, count };
    },

    /** Offers a user made, newest first. */
    async madeBy(makerId: number, openOnly: boolean, limit: number, offset: number) {
      const where = and(
        eq(offers.makerId, makerId),
        openOnly ? eq(offers.status, 'open') : notInArray(offers.status, NEVER_BACKED),
      );
      const [rows, count] = await Promise.all([
        db
          .select()
          .from(offers)
          .where(where)
          .orderBy(desc(offers.createdAt), desc(offers.id))
          .limit(limit)
          .offset(offset),
        db.$count(offers, where),
      ]);
      return { rows, count };
    },

    /** Offers that could buy a token the user owns (not their own offers), newest first. */
    async receivedBy(ownerId: number, openOnly: boolean, limit: number, offset: number) {
      // Offers on what the user owns now, and the ones they accepted (QA 2026-12-07: an accepted offer's NFT is no
      // longer theirs, so it left their history).
      const onOwned = sql`exists (select 1 from ${tokens} t join ${nifties} n on n.id = t.nifty_id
          where t.owner_id = ${ownerId}
          and ${matchesToken(sql`t.id`, sql`t.nifty_id`, sql`n.collection_id`)})`;
      const where = and(
        sql`${offers.makerId} <> ${ownerId}`,
        openOnly
          ? and(eq(offers.status, 'open'), onOwned)
          : and(
              notInArray(offers.status, NEVER_BACKED),
              or(eq(offers.acceptedBy, ownerId), and(ne(offers.status, 'accepted'), onOwned)),
            ),
      );
      const [rows, count] = await Promise.all([
        db
          .select()
          .from(offers)
          .where(where)
          .orderBy(desc(offers.createdAt), desc(offers.id))
          .limit(limit)
          .offset(offset),
        db.$count(offers, where),
      ]);
      return { rows, count };
    },

    /**
     * Tokens the user owns that the offer could buy, or (`{ niftyId }`) that a global offer on that nifty type could.
     * `acceptingOnly`: only those whose owner takes offers (000 §6: an owner accepting offers may accept a global bid).
     */
    async eligibleTokens(
      target: { offerId: number } | { niftyId: number },
      ownerId: number,
      limit: number,
      offset: number,
      acceptingOnly = true,
    ) {
      const where = and(
        eq(tokens.ownerId, ownerId),
        // An opened pack cannot fill an offer (it is no longer a pack).
        isNull(tokens.openedAt),
        acceptingOnly ? eq(tokens.isAcceptingOffers, true) : undefined,
        'offerId' in target
          ? sql`exists (select 1 from ${offers} where ${offers.id} = ${target.offerId}
          and ${matchesToken(sql`${tokens.id}`, sql`${tokens.niftyId}`, sql`${nifties.collectionId}`)})`
          : eq(tokens.niftyId, target.niftyId),
      );
      const base = db
        .select({
          contractAddress: tokens.contractAddress,
          tokenId: tokens.tokenId,
          name: tokens.name,
          image: nifties.assetUrl,
          editionNumber: tokens.editionNumber,
        })
        .from(tokens)
        .innerJoin(nifties, eq(nifties.id, tokens.niftyId))
        .where(where);
      const [rows, countRows] = await Promise.all([
        base.orderBy(asc(tokens.editionNumber), asc(tokens.id)).limit(limit).offset(offset),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(tokens)
          .innerJoin(nifties, eq(nifties.id, tokens.niftyId))
          .where(where),
      ]);
      return { rows, count: Number(countRows[0]?.n ?? 0) };
    },

    /** Owners of tokens an offer could buy (its "new offer" email): a token offer's owner only. */
    async ownerOfToken(tokenRowId: number): Promise<number | null> {
      const [row] = await db
        .select({ ownerId: tokens.ownerId })
        .from(tokens)
        .where(eq(tokens.id, tokenRowId));
      return row?.ownerId ?? null;
    },

    /** Other makers' open offers on the same target below `amountCents` (they were outbid). */
    async lowerOnTarget(targetKey: string, amountCents: number, exceptId: number) {
      return db
        .select()
        .from(offers)
        .where(
          and(
            eq(offers.targetKey, targetKey),
            eq(offers.status, 'open'),
            sql`${offers.amountCents} < ${amountCents}`,
            sql`${offers.id} <> ${exceptId}`,
          ),
        );
    },

    /**
     * Open offers on one NFT that nobody can accept any more: its maker owns it now (bought it another way), or
     * it was burnt (redeemed) or, a pack, opened.
     */
    async unfillable(limit: number): Promise<OfferRow[]> {
      return db
        .select({ offer: offers })
        .from(offers)
        .innerJoin(tokens, eq(tokens.id, offers.tokenRowId))
        .where(
          and(
            eq(offers.status, 'open'),
            eq(offers.type, 'offer'),
            sql`(${tokens.ownerId} = ${offers.makerId} or ${tokens.burntAt} is not null or ${tokens.openedAt} is not null)`,
          ),
        )
        .orderBy(asc(offers.id))
        .limit(limit)
        .then((rows) => rows.map((r) => r.offer));
    },

    /** Open offers past their time, oldest first. */
    async dueToExpire(at: Date, limit: number): Promise<OfferRow[]> {
      return db
        .select()
        .from(offers)
        .where(and(eq(offers.status, 'open'), lte(offers.expiresAt, at)))
        .orderBy(asc(offers.expiresAt))
        .limit(limit);
    },

    /** Accepted card offers whose money is still owed (the capture after the commit failed), closed between `after` and `before`. */
    async captureOwed(after: OwedCursor, before: Date, limit: number): Promise<OfferRow[]> {
      return db
        .select()
        .from(offers)
        .where(
          and(
            eq(offers.status, 'accepted'),
            sql`${offers.providerReference} is not null`,
            sql`${offers.capturedAt} is null`,
            sql`(${offers.closedAt}, ${offers.id}) > (${after.at.toISOString()}::timestamptz, ${after.id}::int)`,
            lte(offers.closedAt, before),
          ),
        )
        .orderBy(asc(offers.closedAt), asc(offers.id))
        .limit(limit);
    },

    async markCaptured(id: number, at: Date): Promise<void> {
      await db
        .update(offers)
        .set({ capturedAt: at })
        .where(and(eq(offers.id, id), sql`${offers.capturedAt} is null`));
    },

    async byIds(ids: number[]): Promise<OfferRow[]> {
      if (ids.length === 0) return [];
      return db.select().from(offers).where(inArray(offers.id, ids));
    },
  };
}

export type OffersRepo = ReturnType<typeof createOffersRepo>;
