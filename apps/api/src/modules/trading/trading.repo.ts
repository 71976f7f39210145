// Listings, purchase intents and sales (docs/decisions/009-trading-and-ledger.md). Rows are mapped
// before they leave. Writes that decide something state what must still hold (conditional updates) or
// run after `lockRows` in the service's unit of work.
import { createHash } from 'node:crypto';
import {
  amongIds,
  type Db,
  isTransaction,
  keysSet,
  lockRows,
  type PreparedSql,
  placeholdersOf,
  placeholderValues,
  prepared,
  preparedSql,
  rowFromDriver,
  rowToJson,
  schema,
  shapeName,
} from '@vitrine/db';
import {
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNull,
  lte,
  not,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import { createBatcher } from '../../lib/batch';
import type { OwedCursor } from './card-authorizations';

const {
  listings,
  tokenBurns,
  tokens,
  nifties,
  sales,
  purchaseIntents: intents,
  collectionCreators,
  collections,
  drops,
  publishers,
  publisherMembers,
  fxRates,
  users,
  editionPools,
  packOpenings,
  offers,
  ledgerEntries,
  ledgerTransactions,
  bids,
  drawingEntries,
} = schema;

/**
 * Whether the token (`tokenRowId`, a column or a parameter) is a card win whose money is not taken yet: a drawing's,
 * or an auction's (its capture refused at settlement, owed to the minute sweep), which is not sold on, listed or
 * opened until it is paid (a winner could otherwise sell on an edition never paid for and cash out its proceeds).
 */
const pendingCardWin = (tokenRowId: SQL) =>
  // Aliased and qualified: Drizzle writes a lone table's columns unqualified, which inside these subqueries would
  // name their own tables' columns (the token's "id" read as the entry's).
  sql<boolean>`(exists (select 1 from ${drawingEntries} de where de.token_row_id = ${tokenRowId}
    and de.status = 'won' and de.provider_reference is not null and de.card_settled_at is null)
    or exists (select 1 from ${bids} b inner join ${sales} s on s.id = b.sale_id
    where s.token_row_id = ${tokenRowId} and b.status = 'won' and b.provider_reference is not null
    and b.captured_at is null))`;

/** A row of the buyer's purchase history: a purchase intent, an accepted offer, a won bid, a drawing win. */
export type PurchaseKind = 'intent' | 'offer' | 'auction' | 'drawing';

/** The intent states that still hold editions (while in time). */
const HOLDING_STATES = ['pending', 'requires_action'];

/**
 * What a primary sale's ledger movement (a won bid's, a drawing win's) moved, by memo: the buyer's payment
 * (a debit), the platform's fee and the publisher's proceeds (all payees of a split).
 */
/** The sum of a ledger movement's entries with these memos (null when it has none). */
function ledgerSum(transactionId: SQLWrapper, memos: string[]) {
  return sql<
    string | null
  >`(select sum(${ledgerEntries.amountCents}) from ${ledgerEntries} where ${ledgerEntries.transactionId} = ${transactionId} and ${inArray(ledgerEntries.memo, memos)})`;
}

function primaryMovement(transactionId: SQLWrapper) {
  return {
    paidCents: ledgerSum(transactionId, ['payment', 'card_payment']),
    serviceFeeCents: ledgerSum(transactionId, ['primary_platform_fee']),
    proceedsCents: ledgerSum(transactionId, ['publisher_proceeds']),
  };
}

export type ListingRow = typeof listings.$inferSelect;
/** Another buyer's payment for a listing waiting on its second step, until `expiresAt`. */
export interface ListingHoldRow {
  buyerId: number;
  expiresAt: Date;
}
export type IntentRow = typeof intents.$inferSelect;
export type NewIntent = typeof intents.$inferInsert;

/** A drop's nifty offered in a primary sale, with what the checkout shows and decides on. */
export interface NiftyForSale {
  id: number;
  typeNumber: number;
  title: string;
  assetUrl: string;
  assetType: string;
  saleType: string;
  editionSize: number;
  priceCurrency: string;
  priceAmount: string;
  limitPerUser: number;
  maxPurchaseQuantity: number;
  burnRequired: boolean;
  burnNiftyId: number | null;
  isFreeRedemption: boolean;
  totalSold: number;
  totalReserved: number;
  /** Items in each pack (a pack nifty); null otherwise. */
  packSize: number | null;
  startAt: Date | null;
  endAt: Date | null;
  contractAddress: string;
  collectionSlug: string;
  collectionName: string;
  publisherName: string;
  publisherSlug: string;
  /** The drop's type (fcfs, auction, ...); null for a collection outside any drop. */
  dropType: string | null;
  dropStatus: string | null;
  /** The publisher's owner, whose user account receives the publisher's share (null: none). */
  publisherOwnerId: number | null;
}

export interface TokenForSale {
  id: number;
  ownerId: number | null;
  externalOwner: string | null;
  contractAddress: string;
  tokenId: string;
  /** The token's own name, else its nifty's title. */
  name: string;
  niftyId: number;
  royaltyPercentage: number;
  /** The collection's first creator, who receives the creator fee (null: none). */
  creatorId: number | null;
}

/** A listing's holds (`holdsOf`, `listingForMatch`): payments waiting on their second step, in time. */
const holding = (listingId: SQLWrapper, at: SQLWrapper) =>
  and(
    eq(intents.listingId, listingId),
    eq(intents.paymentState, 'requires_action'),
    gt(intents.expiresAt, at),
  );

/** A value of a statement built once (`prepared`). */
const ph = (name: string) => sql.placeholder(name);

/** An open primary intent still holding editions at the placeholder `at` (a statement built once). */
const holdsEditions = and(
  sql`${intents.heldQuantity} > 0`,
  inArray(intents.paymentState, HOLDING_STATES),
  sql`${intents.expiresAt} > ${ph('at')}::timestamptz`,
);

/** `closeSale`'s statement: the listing sold and its token moved, both or neither counted. */
const closeSaleStatement = preparedSql<{ listings: number; tokens: number }>(
  'trading_close_sale',
  () => sql`
    with l as (
      update ${listings} set status = 'sold', closed_at = ${ph('at')}::timestamptz, updated_at = ${ph('at')}::timestamptz
       where id = ${ph('listing')}::int and status = 'active'
      returning id
    ), k as (
      update ${tokens} set owner_id = ${ph('buyer')}::int, external_owner = null,
             last_sale_in_cents = ${ph('price')}::bigint, last_sale_at = ${ph('at')}::timestamptz
       where id = ${ph('token')}::int and owner_id = ${ph('seller')}::int
      returning id
    )
    select (select count(*) from l)::int as listings, (select count(*) from k)::int as tokens`,
);

/** `packStock`'s statement: a pack's pool items left and its packs sold and not opened. */
const packStockStatement = preparedSql<{ pool_remaining: string; sealed: string }>(
  'trading_pack_stock',
  () => sql`
    select (select coalesce(sum(remaining), 0) from ${editionPools}
             where nifty_id = ${ph('nifty')}::int and content_nifty_id is not null)::text as pool_remaining,
           (select count(*) from ${tokens}
             where nifty_id = ${ph('nifty')}::int and opened_at is null and burnt_at is null)::text as sealed`,
);

/**
 * Intents inserted by one statement built once per set of columns given (Buy Now's are all alike, a
 * primary sale's too): the rows travel as one JSON parameter, a column left out takes its default, and the
 * rows come back in the order given (their ids are taken in that order). Drizzle's multi-row insert was
 * built anew for every batch, its text growing with the batch (3 ms for a burst's batch,
 * bench/results/purchases-2026-12-01.md).
 */
const intentInsertStatements = new Map<string, PreparedSql<Record<string, unknown>>>();
async function insertIntents(db: Db, values: NewIntent[]): Promise<IntentRow[]> {
  const json = values.map((v) => rowToJson(intents, v));
  const byShape = new Map<string, number[]>();
  json.forEach((row, i) => {
    const shape = Object.keys(row).sort().join(',');
    byShape.set(shape, [...(byShape.get(shape) ?? []), i]);
  });
  const out: IntentRow[] = new Array(values.length);
  for (const [shape, at] of byShape) {
    let statement = intentInsertStatements.get(shape);
    if (!statement) {
      const columns = sql.raw(
        shape
          .split(',')
          .map((c) => `"${c}"`)
          .join(', '),
      );
      statement = preparedSql(
        `trading_insert_intents_${createHash('sha1').update(shape).digest('hex').slice(0, 16)}`,
        () => sql`insert into ${intents} (${columns})
          select ${columns} from jsonb_populate_recordset(null::${intents}, ${sql.placeholder('rows')}::jsonb)
          returning *`,
      );
      intentInsertStatements.set(shape, statement);
    }
    const rows = (await statement.execute(db, { rows: JSON.stringify(at.map((i) => json[i])) }))
      .map((raw) => rowFromDriver(intents, raw))
      .sort((a, b) => a.id - b.id);
    at.forEach((i, k) => {
      const row = rows[k];
      if (row) out[i] = row;
    });
  }
  return out;
}

export function createTradingRepo(db: Db) {
  const tokenSelect = {
    id: tokens.id,
    ownerId: tokens.ownerId,
    externalOwner: tokens.externalOwner,
    contractAddress: tokens.contractAddress,
    tokenId: tokens.tokenId,
    /** The token's own name, else its nifty's. */
    name: sql<string>`coalesce(${tokens.name}, ${nifties.title})`,
    niftyId: tokens.niftyId,
    royaltyPercentage: nifties.royaltyPercentage,
    creatorId: sql<number | null>`(select ${collectionCreators.userId} from ${collectionCreators}
      where ${collectionCreators.collectionId} = ${nifties.collectionId}
      order by ${collectionCreators.position}, ${collectionCreators.userId} limit 1)`,
  };

  // Buy Now's read and pay's first read, the first of many buyers at once (a drop's hot listing): the reads
  // of requests arriving together are one statement (lib/batch.ts, decision 021).
  const listingsForMatch = createBatcher<
    { id: number; at: Date },
    { listing: ListingRow; token: TokenForSale; holds: ListingHoldRow[] } | null
  >(async (asked) => {
    const earliest = new Date(Math.min(...asked.map((a) => a.at.getTime())));
    const rows = await prepared(db, 'trading_listings_for_match', (d) =>
      d
        .select({
          listing: listings,
          token: tokenSelect,
          holds: sql<{ buyerId: number; expiresAt: string }[]>`(select coalesce(json_agg(json_build_object(
              'buyerId', ${intents.buyerId}, 'expiresAt', ${intents.expiresAt})), '[]'::json)
            from ${intents}
            where ${holding(listings.id, sql`${sql.placeholder('at')}::timestamptz`)})`,
        })
        .from(listings)
        .innerJoin(tokens, eq(tokens.id, listings.tokenRowId))
        .innerJoin(nifties, eq(nifties.id, tokens.niftyId))
        .where(amongIds(listings.id)),
    ).execute({ ids: JSON.stringify([...new Set(asked.map((a) => a.id))]), at: earliest.toISOString() });
    const byId = new Map(
      rows.map((row) => [
        row.listing.id,
        {
          listing: row.listing,
          token: row.token,
          // Both drivers answer json parsed; its timestamps come as text.
          holds: row.holds.map((h) => ({ buyerId: h.buyerId, expiresAt: new Date(h.expiresAt) })),
        },
      ]),
    );
    return asked.map((a) => byId.get(a.id) ?? null);
  });

  // Buy Now's write: the intents of buyers arriving together are one insert (decision 021). Its rows come
  // back in the order of its values; each is checked against the call it answers. An insert refused as a
  // whole is tried again row by row, so one bad row fails only its own call.
  const matched = (asked: NewIntent[], rows: IntentRow[]): IntentRow[] =>
    asked.map((a, i) => {
      const row = rows[i];
      if (!row || row.buyerId !== a.buyerId || row.listingId !== (a.listingId ?? null)) {
        throw new Error('purchase intent not written');
      }
      return row;
    });
  const intentInserts = createBatcher<NewIntent, IntentRow | { failed: unknown }>(async (asked) => {
    let rows: IntentRow[];
    try {
      rows = await insertIntents(db, asked);
    } catch (error) {
      // Nothing was written: each row again on its own (in a transaction, the failure aborted it).
      if (asked.length === 1 || isTransaction(db)) return asked.map(() => ({ failed: error }));
      return Promise.all(
        asked.map((a) =>
          insertIntents(db, [a])
            .then((one): IntentRow | { failed: unknown } => matched([a], one)[0] as IntentRow)
            .catch((failed: unknown) => ({ failed })),
        ),
      );
    }
    return matched(asked, rows);
  });

  const intentsAndListings = createBatcher<number, { intent: IntentRow; listing: ListingRow | null } | null>(
    async (asked) => {
      const rows = await prepared(db, 'trading_intents_and_listings', (d) =>
        d
          .select({ intent: intents, listing: listings })
          .from(intents)
          .leftJoin(listings, eq(listings.id, intents.listingId))
          .where(amongIds(intents.id)),
      ).execute({ ids: JSON.stringify([...new Set(asked)]) });
      const byId = new Map(rows.map((row) => [row.intent.id, row]));
      return asked.map((id) => byId.get(id) ?? null);
    },
  );

  const niftySelect = {
    id: nifties.id,
    typeNumber: nifties.typeNumber,
    title: nifties.title,
    assetUrl: nifties.assetUrl,
    assetType: nifties.assetType,
    saleType: nifties.saleType,
    editionSize: nifties.editionSize,
    priceCurrency: nifties.priceCurrency,
    priceAmount: nifties.priceAmount,
    limitPerUser: nifties.limitPerUser,
    maxPurchaseQuantity: nifties.maxPurchaseQuantity,
    burnRequired: nifties.burnRequired,
    burnNiftyId: nifties.burnNiftyId,
    isFreeRedemption: nifties.isFreeRedemption,
    totalSold: nifties.totalSold,
    totalReserved: nifties.totalReserved,
    packSize: nifties.packSize,
    startAt: sql<Date | null>`coalesce(${nifties.startAt}, ${drops.startAt})`.mapWith(nifties.startAt),
    endAt: sql<Date | null>`coalesce(${nifties.endAt}, ${drops.endAt})`.mapWith(nifties.endAt),
    contractAddress: collections.contractAddress,
    collectionSlug: collections.slug,
    collectionName: collections.name,
    publisherName: publishers.name,
    publisherSlug: publishers.slug,
    dropType: drops.dropType,
    dropStatus: drops.dropStatus,
    publisherOwnerId: sql<number | null>`(select ${publisherMembers.userId} from ${publisherMembers}
      where ${publisherMembers.publisherId} = ${collections.publisherId} and ${publisherMembers.role} = 'owner'
      order by ${publisherMembers.createdAt}, ${publisherMembers.userId} limit 1)`,
  };
  const niftiesForSale = () =>
    db
      .select(niftySelect)
      .from(nifties)
      .innerJoin(collections, eq(collections.id, nifties.collectionId))
      .innerJoin(publishers, eq(publishers.id, collections.publisherId))
      .leftJoin(drops, eq(drops.id, collections.dropId));

  async function contactsOf(userIds: number[]): Promise<Map<number, { email: string | null; name: string }>> {
    const rows = await prepared(db, 'trading_contacts_of', (d) =>
      d.select({ id: users.id, email: users.email, name: users.name }).from(users).where(amongIds(users.id)),
    ).execute({ ids: JSON.stringify([...new Set(userIds)]) });
    return new Map(rows.map((r) => [r.id, { email: r.email, name: r.name }]));
  }

  return {
    /** A nifty by its contract and number inside it (the checkout URL's {contractAddress}/{niftyType}). */
    async niftyForSale(contractAddress: string, typeNumber: number): Promise<NiftyForSale | null> {
      const [row] = await prepared(db, 'trading_nifty_for_sale', () =>
        niftiesForSale().where(
          and(
            sql`lower(${collections.contractAddress}) = ${ph('contract')}`,
            eq(nifties.typeNumber, ph('type')),
          ),
        ),
      ).execute({ contract: contractAddress.toLowerCase(), type: typeNumber });
      return row ?? null;
    },

    /** When a nifty's sale closes: its own end, else its drop's (null: none). */
    async saleEndOf(niftyId: number): Promise<Date | null> {
      const [row] = await niftiesForSale().where(eq(nifties.id, niftyId));
      return row?.endAt ?? null;
    },

    /**
     * A nifty's sales split to users (the studio's primary or secondary split, decision 017): who is paid
     * which percentage of a sale's publisher proceeds or royalty. Empty: the sale pays as before.
     */
    async userSplitOf(
      niftyId: number,
      kind: 'primary' | 'secondary',
    ): Promise<{ userId: number; percentage: number }[]> {
      const splits = schema.salesSplits;
      const rows = await prepared(db, 'trading_user_split_of', (d) =>
        d
          .select({ userId: splits.userId, percentage: splits.percentage })
          .from(splits)
          .where(
            and(
              eq(splits.niftyId, ph('nifty')),
              eq(splits.kind, ph('kind')),
              sql`${splits.userId} is not null`,
            ),
          )
          .orderBy(asc(splits.position), asc(splits.id)),
      ).execute({ nifty: niftyId, kind });
      return rows.map((r) => ({ userId: r.userId as number, percentage: Number(r.percentage) }));
    },

    async niftyForSaleById(id: number): Promise<NiftyForSale | null> {
      const [row] = await prepared(db, 'trading_nifty_for_sale_by_id', () =>
        niftiesForSale().where(eq(nifties.id, ph('id'))),
      ).execute({ id });
      return row ?? null;
    },

    /**
     * The nifty row locked for this transaction: every writer that changes what is held or sold of a
     * nifty's editions takes it first, so the count of free editions it reads stays true until commit.
     */
    async lockNifty(id: number) {
      if (!isTransaction(db)) throw new Error('lockNifty needs a transaction');
      const [row] = await prepared(db, 'trading_lock_nifty', (d) =>
        d
          .select()
          .from(nifties)
          .where(eq(nifties.id, ph('id')))
          .for('update'),
      ).execute({ id });
      return row ?? null;
    },

    /** Editions held by open primary intents still in time (`except` one intent, or one buyer's). */
    async heldOf(niftyId: number, at: Date, except?: number, exceptBuyer?: number): Promise<number> {
      const [row] = await prepared(db, 'trading_held_of', (d) =>
        d
          .select({ n: sql<string | null>`sum(${intents.heldQuantity})` })
          .from(intents)
          .where(
            and(
              eq(intents.niftyId, ph('nifty')),
              holdsEditions,
              sql`${intents.id} is distinct from ${ph('except')}::int`,
              sql`${intents.buyerId} is distinct from ${ph('exceptBuyer')}::int`,
            ),
          ),
      ).execute({
        nifty: niftyId,
        at: at.toISOString(),
        except: except ?? null,
        exceptBuyer: exceptBuyer ?? null,
      });
      return Number(row?.n ?? 0);
    },

    /** The buyer's purchases of a nifty: paid, or open and holding in time (`except` one intent). */
    /**
     * Closes the buyer's open checkouts of a nifty that still hold editions (one open checkout per buyer
     * and nifty: a new one replaces them). Conditional on each still being open; answers those closed.
     */
    async cancelOpenIntentsOf(niftyId: number, buyerId: number, at: Date): Promise<IntentRow[]> {
      return prepared(db, 'trading_cancel_open_intents_of', (d) =>
        d
          .update(intents)
          .set({ paymentState: 'cancelled', updatedAt: sql`${ph('at')}::timestamptz` })
          .where(and(eq(intents.niftyId, ph('nifty')), eq(intents.buyerId, ph('buyer')), holdsEditions))
          .returning(),
      ).execute({ nifty: niftyId, buyer: buyerId, at: at.toISOString() });
    },

    async purchasesOf(niftyId: number, buyerId: number, at: Date, except?: number): Promise<number> {
      const [row] = await prepared(db, 'trading_purchases_of', (d) =>
        d
          .select({ n: sql<number>`count(*)::int` })
          .from(intents)
          .where(
            and(
              eq(intents.niftyId, ph('nifty')),
              eq(intents.buyerId, ph('buyer')),
              or(eq(intents.paymentState, 'paid'), holdsEditions),
              sql`${intents.id} is distinct from ${ph('except')}::int`,
            ),
          ),
      ).execute({ nifty: niftyId, buyer: buyerId, at: at.toISOString(), except: except ?? null });
      return Number(row?.n ?? 0);
    },

    /**
     * Counts `quantity` editions as sold; null (nothing changed) when that would sell more editions than
     * exist (never oversold, whatever the callers did before).
     */
    async addSold(niftyId: number, quantity: number) {
      const [row] = await db
        .update(nifties)
        .set({ totalSold: sql`${nifties.totalSold} + ${quantity}` })
        .where(
          and(
            eq(nifties.id, niftyId),
            sql`${nifties.totalSold} + ${nifties.totalReserved} + ${quantity} <= ${nifties.editionSize}`,
          ),
        )
        .returning({ totalSold: nifties.totalSold });
      return row ?? null;
    },

    /** The highest edition number minted of a nifty (0 when none). */
    async lastEditionOf(niftyId: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number | null>`max(${tokens.editionNumber})` })
        .from(tokens)
        .where(eq(tokens.niftyId, niftyId));
      return Number(row?.n ?? 0);
    },

    async insertTokens(values: (typeof tokens.$inferInsert)[]) {
      if (values.length === 0) return [];
      return db
        .insert(tokens)
        .values(values)
        .returning({ id: tokens.id, tokenId: tokens.tokenId, editionNumber: tokens.editionNumber });
    },

    async insertSales(values: (typeof sales.$inferInsert)[]): Promise<number[]> {
      if (values.length === 0) return [];
      const rows = await db.insert(sales).values(values).returning({ id: sales.id });
      return rows.map((r) => r.id);
    },

    /** The tokens a primary purchase minted, edition order. */
    async mintedBy(intentId: number) {
      return db
        .select({ tokenId: tokens.tokenId, editionNumber: tokens.editionNumber })
        .from(sales)
        .innerJoin(tokens, eq(tokens.id, sales.tokenRowId))
        .where(eq(sales.purchaseIntentId, intentId))
        .orderBy(asc(tokens.editionNumber));
    },

    async tokenByAddress(contractAddress: string, tokenId: string): Promise<TokenForSale | null> {
      const [row] = await db
        .select(tokenSelect)
        .from(tokens)
        .innerJoin(nifties, eq(nifties.id, tokens.niftyId))
        .where(
          and(
            sql`lower(${tokens.contractAddress}) = ${contractAddress.toLowerCase()}`,
            eq(tokens.tokenId, tokenId),
          ),
        );
      return row ?? null;
    },

    /** The owner's offers switch on one token; null when the token is not theirs (or not there). */
    async setAcceptingOffers(tokenRowId: number, ownerId: number, accepting: boolean) {
      const [row] = await db
        .update(tokens)
        .set({ isAcceptingOffers: accepting })
        .where(and(eq(tokens.id, tokenRowId), eq(tokens.ownerId, ownerId)))
        .returning({ isAcceptingOffers: tokens.isAcceptingOffers });
      return row ?? null;
    },

    async tokenById(id: number): Promise<TokenForSale | null> {
      const [row] = await prepared(db, 'trading_token_by_id', (d) =>
        d
          .select(tokenSelect)
          .from(tokens)
          .innerJoin(nifties, eq(nifties.id, tokens.niftyId))
          .where(eq(tokens.id, sql.placeholder('id'))),
      ).execute({ id });
      return row ?? null;
    },

    /**
     * The purchase's token (as `tokenById`), its row locked for the transaction with `no key update`
     * (Buy Now's intents for it do not wait), in one statement.
     */
    async lockTokenForSale(id: number): Promise<TokenForSale | null> {
      if (!isTransaction(db)) throw new Error('lockTokenForSale needs a transaction');
      const [row] = await prepared(db, 'trading_lock_token_for_sale', (d) =>
        d
          .select(tokenSelect)
          .from(tokens)
          .innerJoin(nifties, eq(nifties.id, tokens.niftyId))
          .where(eq(tokens.id, ph('id')))
          .for('no key update', { of: tokens }),
      ).execute({ id });
      return row ?? null;
    },

    /**
     * Whether the token is a drawing's card win whose money is not taken yet (its capture pending or refused): its
     * winner may not sell, list or open it until it is, or forfeit it (decision 013; review 2026-12-07: a winner
     * whose capture kept failing sold the edition on, and the forfeit could no longer take it back).
     */
    async paymentPending(tokenRowId: number): Promise<boolean> {
      const [row] = await db
        .select({ pending: pendingCardWin(sql`${tokenRowId}::int`) })
        .from(sql`(select 1) as one`);
      return row?.pending === true;
    },

    /**
     * The open offers on a token about to be removed (a forfeited win's edition), and those waiting on their card's
     * verification, closed as cancelled: the caller releases their holds in its unit and voids their cards after it
     * (removing the token deletes the rows; review 2026-12-07: their holds stayed active for ever).
     */
    async cancelOffersOnToken(tokenRowId: number, at: Date) {
      return db
        .update(offers)
        .set({ status: 'cancelled', closedAt: at, updatedAt: at })
        .where(and(eq(offers.tokenRowId, tokenRowId), inArray(offers.status, ['open', 'requires_action'])))
        .returning({
          id: offers.id,
          makerId: offers.makerId,
          amountCents: offers.amountCents,
          paymentMethod: offers.paymentMethod,
          providerReference: offers.providerReference,
        });
    },

    /** The token row locked for this transaction (its owner cannot change under us). */
    async lockToken(id: number) {
      const [row] = await lockRows(db, tokens, eq(tokens.id, id));
      return row ?? null;
    },

    async listing(id: number): Promise<ListingRow | null> {
      const [row] = await prepared(db, 'trading_listing', (d) =>
        d
          .select()
          .from(listings)
          .where(eq(listings.id, sql.placeholder('id'))),
      ).execute({ id });
      return row ?? null;
    },

    /**
     * Buy Now's reads in one statement (bench/results/purchases-2026-11-25.md): the listing, its token, and
     * the holds of `holdsOf`. Null when there is no such listing.
     */
    async listingForMatch(
      id: number,
      at: Date,
    ): Promise<{ listing: ListingRow; token: TokenForSale; holds: ListingHoldRow[] } | null> {
      const found = await listingsForMatch.load({ id, at });
      if (!found) return null;
      // Each call's own moment: a hold in time for the batch's earliest caller may have ended for this one.
      return { ...found, holds: found.holds.filter((h) => h.expiresAt > at) };
    },

    async lockListing(id: number): Promise<ListingRow | null> {
      if (!isTransaction(db)) throw new Error('lockListing needs a transaction');
      const [row] = await prepared(db, 'trading_lock_listing', (d) =>
        d
          .select()
          .from(listings)
          .where(eq(listings.id, ph('id')))
          .for('update'),
      ).execute({ id });
      return row ?? null;
    },

    /**
     * Takes an active listing at the quoted price for a purchase: locks its row (no write yet, so none of
     * the catalog's triggers run and no collection-wide row is held while the purchase reads and checks).
     * Of many buyers at once one takes it; the others wait only for its commit (or rollback), then find it
     * no longer active (PostgreSQL re-checks the condition on the row's newest version) and go on without
     * its lock. Null when it was not active at that price. The purchase marks it sold (`closeSale`) just
     * before its last writes (decision 021).
     */
    async takeListing(id: number, quoted: { currency: string; amount: string }): Promise<ListingRow | null> {
      if (!isTransaction(db)) throw new Error('takeListing needs a transaction');
      // As the conditional update it replaces: an intent inserted for the listing meanwhile (its foreign
      // key's check) does not wait for the purchase (`no key update`).
      const [row] = await prepared(db, 'trading_take_listing', (d) =>
        d
          .select()
          .from(listings)
          .where(
            and(
              eq(listings.id, ph('id')),
              eq(listings.status, 'active'),
              eq(listings.currency, ph('currency')),
              sql`${listings.amount} = ${ph('amount')}::numeric`,
            ),
          )
          .for('no key update'),
      ).execute({ id, currency: quoted.currency, amount: quoted.amount });
      return row ?? null;
    },

    /**
     * The purchase's last write (decision 022): the listing taken by `takeListing` closed as sold and its
     * token moved to the buyer, in one statement. Their catalog triggers write the collection's and the
     * nifty's statistics, rows every sale in the collection writes, locked from here to commit. False
     * when either no longer held (the caller rolls back). Both tables' triggers are AFTER triggers, which
     * run once the whole statement is done (the token's owner trigger then finds its listing sold); a
     * BEFORE ROW trigger on either that wrote the other would make one of the two updates skip its row.
     */
    async closeSale(sale: {
      listingId: number;
      tokenRowId: number;
      sellerId: number;
      buyerId: number;
      priceCents: number;
      at: Date;
    }): Promise<boolean> {
      const at = sale.at.toISOString();
      // Both drivers answer `execute` with `{ rows }` (lib/sql-rows.ts).
      const [row] = await closeSaleStatement.execute(db, {
        at,
        listing: sale.listingId,
        buyer: sale.buyerId,
        price: sale.priceCents,
        token: sale.tokenRowId,
        seller: sale.sellerId,
      });
      return Number(row?.listings) === 1 && Number(row?.tokens) === 1;
    },

    async activeListingOf(tokenRowId: number): Promise<ListingRow | null> {
      const [row] = await db
        .select()
        .from(listings)
        .where(and(eq(listings.tokenRowId, tokenRowId), eq(listings.status, 'active')));
      return row ?? null;
    },

    /** Inserts an active listing; null when the token already has one (the unique partial index). */
    async insertListing(values: typeof listings.$inferInsert): Promise<ListingRow | null> {
      const [row] = await db
        .insert(listings)
        .values(values)
        .onConflictDoNothing({ target: listings.tokenRowId, where: sql`${listings.status} = 'active'` })
        .returning();
      return row ?? null;
    },

    /** Reprices an active listing of `sellerId`; null when it is no longer active or not theirs. */
    /**
     * A new price (and discount) for the seller's active listing, only while it still has the price, currency and
     * discount `read` (a conditional update: null when it changed meanwhile, or is not the seller's or active).
     */
    async reprice(
      id: number,
      sellerId: number,
      price: { currency: string; amount: string; priceInCents: number; discountAmount: string | null },
      at: Date,
      read: Pick<ListingRow, 'currency' | 'amount' | 'discountAmount'>,
    ): Promise<ListingRow | null> {
      const [row] = await db
        .update(listings)
        .set({ ...price, updatedAt: at })
        .where(
          and(
            eq(listings.id, id),
            eq(listings.sellerId, sellerId),
            eq(listings.status, 'active'),
            eq(listings.currency, read.currency),
            eq(listings.amount, read.amount),
            read.discountAmount === null
              ? isNull(listings.discountAmount)
              : eq(listings.discountAmount, read.discountAmount),
          ),
        )
        .returning();
      return row ?? null;
    },

    /** Closes an active listing (cancelled or sold); null when it was not active (or not the seller's). */
    async closeListing(
      id: number,
      status: 'cancelled' | 'sold',
      at: Date,
      sellerId?: number,
    ): Promise<ListingRow | null> {
      const [row] = await db
        .update(listings)
        .set({ status, closedAt: at, updatedAt: at })
        .where(
          and(
            eq(listings.id, id),
            eq(listings.status, 'active'),
            sellerId === undefined ? undefined : eq(listings.sellerId, sellerId),
          ),
        )
        .returning();
      return row ?? null;
    },

    /** Moves a token to its buyer with the sale's price; the store closes other listings of it. */
    async moveToken(
      tokenRowId: number,
      fromOwnerId: number,
      toOwnerId: number,
      priceCents: number,
      at: Date,
    ) {
      const moved = await db
        .update(tokens)
        .set({ ownerId: toOwnerId, externalOwner: null, lastSaleInCents: priceCents, lastSaleAt: at })
        .where(and(eq(tokens.id, tokenRowId), eq(tokens.ownerId, fromOwnerId)))
        .returning({ id: tokens.id });
      return moved.length === 1;
    },

    async insertSale(values: typeof sales.$inferInsert): Promise<number> {
      const keys = keysSet(values);
      const [row] = await prepared(db, shapeName('trading_insert_sale', keys), (d) =>
        d
          .insert(sales)
          .values(placeholdersOf(keys) as never)
          .returning({ id: sales.id }),
      ).execute(placeholderValues(values));
      if (!row) throw new Error('sale not written');
      return row.id;
    },

    /** Newest ETH→USD rate in force (price of 1 ETH in USD), or null. */
    async ethUsdRate(): Promise<string | null> {
      const [row] = await db
        .select({ price: fxRates.price })
        .from(fxRates)
        .where(and(eq(fxRates.sourceCurrency, 'ETH'), eq(fxRates.baseCurrency, 'USD')))
        .orderBy(desc(fxRates.createdAt), desc(fxRates.id))
        .limit(1);
      return row?.price ?? null;
    },

    async insertIntent(values: NewIntent): Promise<IntentRow> {
      const row = await intentInserts.load(values);
      if ('failed' in row) throw row.failed;
      return row;
    },

    async intent(id: number): Promise<IntentRow | null> {
      const [row] = await prepared(db, 'trading_intent', (d) =>
        d
          .select()
          .from(intents)
          .where(eq(intents.id, sql.placeholder('id'))),
      ).execute({ id });
      return row ?? null;
    },

    /** An intent and the listing it buys (null for a primary sale), in one statement (pay's first read). */
    async intentAndListing(id: number): Promise<{ intent: IntentRow; listing: ListingRow | null } | null> {
      return intentsAndListings.load(id);
    },

    async lockIntent(id: number): Promise<IntentRow | null> {
      if (!isTransaction(db)) throw new Error('lockIntent needs a transaction');
      const [row] = await prepared(db, 'trading_lock_intent', (d) =>
        d
          .select()
          .from(intents)
          .where(eq(intents.id, ph('id')))
          .for('update'),
      ).execute({ id });
      return row ?? null;
    },

    /**
     * Drops the buyer's other payments waiting on a second step (back to pending, no authorisation): a person
     * passes one verification at a time, and each waiting payment holds its listing for everyone else. Answers
     * the authorisations dropped (to void).
     */
    async dropOtherWaiting(
      buyerId: number,
      newer: { id: number; updatedAt: Date },
      at: Date,
    ): Promise<{ reference: string; method: string }[]> {
      // Only the steps that began before this one: two payments begun at once drop one of them, never each other.
      const result = await db.execute(sql`
        with waiting as (
          select ${intents.id} as id, ${intents.providerReference} as reference from ${intents}
           where ${intents.buyerId} = ${buyerId} and ${intents.paymentState} = 'requires_action'
             and (${intents.updatedAt}, ${intents.id}) < (${newer.updatedAt.toISOString()}::timestamptz, ${newer.id})
           for update
        )
        update ${intents} set payment_state = 'pending', provider_reference = null, updated_at = ${at.toISOString()}
          from waiting
         where ${intents.id} = waiting.id and ${intents.paymentState} = 'requires_action'
        returning waiting.reference as reference, ${intents.paymentMethod} as method`);
      return (result as unknown as { rows: { reference: string | null; method: string }[] }).rows.flatMap(
        (r) => (r.reference ? [{ reference: r.reference, method: r.method }] : []),
      );
    },

    /** Changes an intent while it is in one of `states`; null when it no longer is. */
    async updateIntent(id: number, states: string[], set: Partial<NewIntent>): Promise<IntentRow | null> {
      // Built once per set of columns and states (a handful in all: each caller sets the same ones).
      const keys = keysSet(set);
      const [row] = await prepared(db, shapeName('trading_update_intent', [...keys, '|', ...states]), (d) =>
        d
          .update(intents)
          .set(placeholdersOf(keys, 'set_') as never)
          .where(and(eq(intents.id, ph('id')), inArray(intents.paymentState, states)))
          .returning(),
      ).execute({ id, ...placeholderValues(set, 'set_') });
      return row ?? null;
    },

    /**
     * Gives up the second step an intent waits on, if it still waits on `reference` (not on a step a payment in
     * another tab started since): back to pending with nothing waiting. Null when it no longer waits on it.
     */
    async dropWaitingStep(id: number, reference: string, at: Date): Promise<IntentRow | null> {
      const [row] = await db
        .update(intents)
        .set({ paymentState: 'pending', providerReference: null, updatedAt: at })
        .where(
          and(
            eq(intents.id, id),
            eq(intents.paymentState, 'requires_action'),
            eq(intents.providerReference, reference),
          ),
        )
        .returning();
      return row ?? null;
    },

    async intentsOf(buyerId: number, q: { states?: string[]; limit: number; offset: number }) {
      const where = and(
        eq(intents.buyerId, buyerId),
        q.states ? inArray(intents.paymentState, q.states) : undefined,
      );
      const [rows, total] = await Promise.all([
        db
          .select()
          .from(intents)
          .where(where)
          .orderBy(desc(intents.createdAt), desc(intents.id))
          .limit(q.limit)
          .offset(q.offset),
        db.$count(intents, where),
      ]);
      return { rows, count: total };
    },

    /**
     * The buyer's purchases, newest first by when each was paid (the dashboard's Purchases tab): paid (or
     * refunded) purchase intents, Buy Now and primary, the offers the buyer made that a seller accepted
     * (an accepted offer has no intent: decision 009 "Offers"), and the NFTs the buyer won at auction (a
     * won bid: decision 012) or in a drawing (a won entry: decision 013), which have neither. One page of
     * (kind, id) and the total.
     */
    async purchaseHistoryOf(buyerId: number, limit: number, offset: number) {
      const intentsWhere = and(
        eq(intents.buyerId, buyerId),
        inArray(intents.paymentState, ['paid', 'refunded']),
      );
      const offersWhere = and(eq(offers.makerId, buyerId), eq(offers.status, 'accepted'));
      const bidsWhere = and(eq(bids.userId, buyerId), eq(bids.status, 'won'));
      // A forfeited win (its payment refused, decision 013) was reversed: only entries still won.
      const entriesWhere = and(eq(drawingEntries.userId, buyerId), eq(drawingEntries.status, 'won'));
      const kind = (k: PurchaseKind) => sql<PurchaseKind>`${sql.raw(`'${k}'`)}`.as('kind');
      const [rows, intentCount, offerCount, bidCount, entryCount] = await Promise.all([
        db
          .select({
            kind: kind('intent'),
            id: intents.id,
            at: sql`coalesce(${intents.paidAt}, ${intents.createdAt})`.as('at'),
          })
          .from(intents)
          .where(intentsWhere)
          .unionAll(
            db
              .select({
                kind: kind('offer'),
                id: offers.id,
                at: sql`coalesce(${offers.closedAt}, ${offers.updatedAt})`.as('at'),
              })
              .from(offers)
              .where(offersWhere),
          )
          .unionAll(
            db
              .select({
                kind: kind('auction'),
                id: bids.id,
                at: sql`coalesce(${bids.closedAt}, ${bids.createdAt})`.as('at'),
              })
              .from(bids)
              .where(bidsWhere),
          )
          .unionAll(
            db
              .select({
                kind: kind('drawing'),
                id: drawingEntries.id,
                at: sql`coalesce(${drawingEntries.settledAt}, ${drawingEntries.createdAt})`.as('at'),
              })
              .from(drawingEntries)
              .where(entriesWhere),
          )
          .orderBy(sql`"at" desc`, sql`"kind" desc`, sql`"id" desc`)
          .limit(limit)
          .offset(offset),
        db.$count(intents, intentsWhere),
        db.$count(offers, offersWhere),
        db.$count(bids, bidsWhere),
        db.$count(drawingEntries, entriesWhere),
      ]);
      return {
        rows: rows.map((r) => ({ kind: r.kind, id: Number(r.id) })),
        count: intentCount + offerCount + bidCount + entryCount,
      };
    },

    async intentsByIds(ids: number[]): Promise<IntentRow[]> {
      if (ids.length === 0) return [];
      return db.select().from(intents).where(inArray(intents.id, ids));
    },

    /** Accepted offers as purchases: the NFT bought and the money the acceptance moved (its ledger entries). */
    async acceptedOffersByIds(ids: number[]) {
      if (ids.length === 0) return [];
      const entries = (memos: string[]) => ledgerSum(offers.ledgerTransactionId, memos);
      return db
        .select({
          id: offers.id,
          type: offers.type,
          paymentMethod: offers.paymentMethod,
          cardBrand: offers.cardBrand,
          cardLast4: offers.cardLast4,
          amountCents: offers.amountCents,
          createdAt: offers.createdAt,
          expiresAt: offers.expiresAt,
          closedAt: offers.closedAt,
          updatedAt: offers.updatedAt,
          contractAddress: tokens.contractAddress,
          tokenId: tokens.tokenId,
          tokenName: tokens.name,
          paidCents: entries(['payment', 'card_payment']),
          serviceFeeCents: entries(['service_fee']),
          creatorFeeCents: entries(['creator_fee']),
          proceedsCents: entries(['proceeds']),
        })
        .from(offers)
        .innerJoin(tokens, eq(tokens.id, offers.acceptedTokenRowId))
        .where(and(inArray(offers.id, ids), eq(offers.status, 'accepted')));
    },

    /**
     * Won bids as purchases (decision 012): the edition minted to the winner (its sale), the auction's sale
     * type and the money the settlement moved (the `purchase` transaction `bid:{id}`'s entries).
     */
    async wonBidsByIds(ids: number[]) {
      if (ids.length === 0) return [];
      return db
        .select({
          id: bids.id,
          saleType: nifties.saleType,
          paymentMethod: bids.paymentMethod,
          cardBrand: bids.cardBrand,
          cardLast4: bids.cardLast4,
          amountCents: bids.amountInCents,
          createdAt: bids.createdAt,
          paidAt: bids.closedAt,
          contractAddress: tokens.contractAddress,
          tokenId: tokens.tokenId,
          tokenName: tokens.name,
          ...primaryMovement(bids.ledgerTransactionId),
        })
        .from(bids)
        .innerJoin(nifties, eq(nifties.id, bids.niftyId))
        .leftJoin(sales, eq(sales.id, bids.saleId))
        .leftJoin(tokens, eq(tokens.id, sales.tokenRowId))
        .where(and(inArray(bids.id, ids), eq(bids.status, 'won')));
    },

    /**
     * Drawing wins as purchases (decision 013): the edition minted to the winner and the money the draw
     * moved (the `purchase` transaction `drawing_entry:{id}`'s entries; none for a free drawing).
     */
    async wonEntriesByIds(ids: number[]) {
      if (ids.length === 0) return [];
      const movement = sql<
        number | null
      >`(select ${ledgerTransactions.id} from ${ledgerTransactions} where ${ledgerTransactions.kind} = 'purchase' and ${ledgerTransactions.reference} = 'drawing_entry:' || ${drawingEntries.id})`;
      return db
        .select({
          id: drawingEntries.id,
          paymentMethod: drawingEntries.paymentMethod,
          cardBrand: drawingEntries.cardBrand,
          cardLast4: drawingEntries.cardLast4,
          amountCents: drawingEntries.priceCents,
          createdAt: drawingEntries.createdAt,
          paidAt: drawingEntries.settledAt,
          contractAddress: tokens.contractAddress,
          tokenId: tokens.tokenId,
          tokenName: tokens.name,
          ...primaryMovement(movement),
        })
        .from(drawingEntries)
        .leftJoin(tokens, eq(tokens.id, drawingEntries.tokenRowId))
        .where(and(inArray(drawingEntries.id, ids), eq(drawingEntries.status, 'won')));
    },

    /** Paid intents whose card money was authorised but not yet taken, paid between `after` and `before`. */
    async uncaptured(after: OwedCursor, before: Date, limit: number): Promise<IntentRow[]> {
      return db
        .select()
        .from(intents)
        .where(
          and(
            eq(intents.paymentState, 'paid'),
            sql`${intents.providerReference} is not null`,
            sql`${intents.capturedAt} is null`,
            sql`(${intents.paidAt}, ${intents.id}) > (${after.at.toISOString()}::timestamptz, ${after.id}::int)`,
            lte(intents.paidAt, before),
          ),
        )
        .orderBy(asc(intents.paidAt), asc(intents.id))
        .limit(limit);
    },

    /** Intents that will not be paid whose card authorisation was not voided yet (a void that failed), since `after`. */
    async unreleased(after: Date, limit: number): Promise<IntentRow[]> {
      return db
        .select()
        .from(intents)
        .where(
          and(
            inArray(intents.paymentState, ['expired', 'cancelled']),
            sql`${intents.providerReference} is not null`,
            sql`${intents.releasedAt} is null`,
            gte(intents.updatedAt, after),
          ),
        )
        .orderBy(asc(intents.updatedAt))
        .limit(limit);
    },

    async markReleased(id: number, at: Date): Promise<void> {
      await db.update(intents).set({ releasedAt: at }).where(eq(intents.id, id));
    },

    async markCaptured(id: number, at: Date): Promise<void> {
      await prepared(db, 'trading_mark_captured', (d) =>
        d
          .update(intents)
          .set({ capturedAt: sql`${ph('at')}::timestamptz` })
          .where(eq(intents.id, ph('id'))),
      ).execute({ id, at: at.toISOString() });
    },

    /** The seller's sales, newest first, with the intent that paid each (if any) for its fees. */
    async salesOf(sellerId: number, limit: number, offset: number) {
      /** The sum of an accepted offer's ledger entries of one kind (null when the sale is not an offer's). */
      const offerEntries = (memo: string) =>
        sql<
          string | null
        >`(select sum(${ledgerEntries.amountCents}) from ${ledgerEntries} where ${ledgerEntries.transactionId} = ${offers.ledgerTransactionId} and ${ledgerEntries.memo} = ${memo})`;
      const where = eq(sales.sellerId, sellerId);
      // The ledger movement that paid a primary sale: its purchase intent's, its won bid's, or its drawing entry's.
      const primaryMovementOf = sql`coalesce(
        (select pi.ledger_transaction_id from purchase_intents pi where pi.id = ${sales.purchaseIntentId}),
        (select b.ledger_transaction_id from bids b where b.sale_id = ${sales.id}),
        (select lt.id from drawing_entries de
           join ledger_transactions lt on lt.kind = 'purchase' and lt.reference = 'drawing_entry:' || de.id
          where de.token_row_id = ${sales.tokenRowId} and de.status = 'won'
          order by lt.id desc limit 1))`;
      const [rows, count] = await Promise.all([
        db
          .select({
            saleId: sales.id,
            soldAt: sales.soldAt,
            currency: sales.currency,
            amount: sales.amount,
            priceInCents: sales.priceInCents,
            market: sales.market,
            purchaseIntentId: sales.purchaseIntentId,
            contractAddress: tokens.contractAddress,
            tokenId: tokens.tokenId,
            tokenName: tokens.name,
            buyerId: sales.buyerId,
            buyerName: users.name,
            buyerProfileUrl: users.profileUrl,
            intentPriceCents: intents.priceCents,
            royaltyBps: intents.royaltyBps,
            paymentMethod: intents.paymentMethod,
            // A sale made by accepting an offer has no intent: its movement's own entries tell the fees.
            offerPaymentMethod: offers.paymentMethod,
            offerProceedsCents: offerEntries('proceeds'),
            offerServiceFeeCents: offerEntries('service_fee'),
            offerCreatorFeeCents: offerEntries('creator_fee'),
            // A primary sale's movement (its purchase's, won bid's or drawing entry's: one movement may pay for
            // several editions): what it credited this seller (their share, when a split divided the proceeds)
            // and the platform's fee, with how many editions it paid and this sale's place among them.
            primaryProceedsCents: sql<string | null>`case when ${sales.market} = 'primary' then (
              select sum(e.amount_cents) from ledger_entries e join ledger_accounts a on a.id = e.account_id
               where e.transaction_id = ${primaryMovementOf} and e.memo = 'publisher_proceeds'
                 and a.kind = 'user' and a.user_id = ${sales.sellerId}) end`,
            primaryMovementId: sql<
              number | null
            >`case when ${sales.market} = 'primary' then ${primaryMovementOf} end`,
            primaryServiceFeeCents: sql<string | null>`case when ${sales.market} = 'primary' then (
              select sum(e.amount_cents) from ledger_entries e
               where e.transaction_id = ${primaryMovementOf} and e.memo = 'primary_platform_fee') end`,
            primaryEditions: sql<number>`case when ${sales.purchaseIntentId} is null then 1 else (
              select count(*)::int from sales s2 where s2.purchase_intent_id = ${sales.purchaseIntentId}) end`,
            primaryPlace: sql<number>`case when ${sales.purchaseIntentId} is null then 0 else (
              select count(*)::int from sales s2
               where s2.purchase_intent_id = ${sales.purchaseIntentId} and s2.id < ${sales.id}) end`,
          })
          .from(sales)
          .innerJoin(tokens, eq(tokens.id, sales.tokenRowId))
          .leftJoin(users, eq(users.id, sales.buyerId))
          .leftJoin(intents, eq(intents.saleId, sales.id))
          .leftJoin(offers, eq(offers.saleId, sales.id))
          .where(where)
          .orderBy(desc(sales.soldAt), desc(sales.id))
          .limit(limit)
          .offset(offset),
        db.$count(sales, where),
      ]);
      return { rows, count };
    },

    /** The email and name of several users in one statement (the sale's emails), by user id. */
    contactsOf,

    async contactOf(userId: number): Promise<{ email: string | null; name: string } | null> {
      return (await contactsOf([userId])).get(userId) ?? null;
    },

    /** The buyers whose payment for a listing is in progress (a second step pending), in time. */
    async holdsOf(listingId: number, at: Date): Promise<ListingHoldRow[]> {
      return prepared(db, 'trading_holds_of', (d) =>
        d
          .select({ buyerId: intents.buyerId, expiresAt: intents.expiresAt })
          .from(intents)
          .where(holding(sql.placeholder('listingId'), sql.placeholder('at'))),
      ).execute({ listingId, at: at.toISOString() });
    },

    /** Open intents past their time, oldest first. */
    async dueToExpire(at: Date, limit: number): Promise<IntentRow[]> {
      return db
        .select()
        .from(intents)
        .where(and(inArray(intents.paymentState, ['pending', 'requires_action']), lte(intents.expiresAt, at)))
        .orderBy(asc(intents.expiresAt))
        .limit(limit);
    },

    // ---- Editions beyond fcfs (decision 016): open editions, blind editions, packs, burns ----

    /** An open edition's editions counted sold: its size grows with what is bought (never a cap). */
    async addSoldOpen(niftyId: number, quantity: number) {
      const [row] = await db
        .update(nifties)
        .set({
          totalSold: sql`${nifties.totalSold} + ${quantity}`,
          editionSize: sql`greatest(${nifties.editionSize}, ${nifties.totalSold} + ${nifties.totalReserved} + ${quantity})`,
        })
        .where(eq(nifties.id, niftyId))
        .returning({ totalSold: nifties.totalSold });
      return row ?? null;
    },

    /** A token of `niftyId` the user owns and has not burnt (the one a redemption would burn). */
    async burnableTokenOf(niftyId: number, userId: number, tokenRowId?: number) {
      const [row] = await db
        .select({ id: tokens.id })
        .from(tokens)
        .where(
          and(
            eq(tokens.niftyId, niftyId),
            eq(tokens.ownerId, userId),
            sql`${tokens.burntAt} is null`,
            tokenRowId === undefined ? undefined : eq(tokens.id, tokenRowId),
            // Not a drawing's card win whose money is not taken yet (see `paymentPending`).
            not(pendingCardWin(sql`${tokens}.id`)),
          ),
        )
        .orderBy(asc(tokens.editionNumber))
        .limit(1);
      return row?.id ?? null;
    },

    /**
     * Burns the owner's token (its owner becomes null, its listing closes by the owner trigger) and counts it
     * burnt on its nifty; null when the token is no longer theirs or already burnt.
     */
    async burnToken(tokenRowId: number, ownerId: number, at: Date) {
      const [row] = await db
        .update(tokens)
        .set({ ownerId: null, burntAt: at })
        .where(and(eq(tokens.id, tokenRowId), eq(tokens.ownerId, ownerId), sql`${tokens.burntAt} is null`))
        .returning({ id: tokens.id, niftyId: tokens.niftyId, contractAddress: tokens.contractAddress });
      if (!row) return null;
      await db
        .update(nifties)
        .set({ totalBurnt: sql`${nifties.totalBurnt} + 1` })
        .where(eq(nifties.id, row.niftyId));
      // The burn counts for the burn rules of drops' criteria (decision 015 `token_burns`).
      await db.insert(tokenBurns).values({
        tokenRowId: row.id,
        userId: ownerId,
        niftyId: row.niftyId,
        contractAddress: row.contractAddress,
        burntAt: at,
      });
      return row;
    },

    /** Paid intents of a nifty whose editions are not minted yet (open editions), locked, oldest first. */
    async lockUndelivered(niftyId: number): Promise<IntentRow[]> {
      const rows = await lockRows(
        db,
        intents,
        and(
          eq(intents.niftyId, niftyId),
          eq(intents.paymentState, 'paid'),
          sql`${intents.deliveredAt} is null`,
        ),
      );
      return rows.sort((a, b) => (a.paidAt?.getTime() ?? 0) - (b.paidAt?.getTime() ?? 0) || a.id - b.id);
    },

    /** The pool rows of a pack or blind edition still able to give something, locked (id order). */
    async lockPool(niftyId: number) {
      const rows = await lockRows(
        db,
        editionPools,
        and(eq(editionPools.niftyId, niftyId), sql`${editionPools.remaining} > 0`),
      );
      return rows.sort((a, b) => a.id - b.id);
    },

    /**
     * A pack's stock of items: what its pool has left to give, and its packs sold and not opened yet (each
     * takes `packSize` of them when opened). Read under the pack nifty's lock, which openings take too.
     */
    async packStock(niftyId: number): Promise<{ poolRemaining: number; sealed: number }> {
      const [row] = await packStockStatement.execute(db, { nifty: niftyId });
      return { poolRemaining: Number(row?.pool_remaining ?? 0), sealed: Number(row?.sealed ?? 0) };
    },

    /** Whether a nifty has pack items (a pack) or artworks (a blind edition) to draw from. */
    async poolKind(niftyId: number): Promise<'pack' | 'blind' | null> {
      const [row] = await db
        .select({
          items: sql<number>`count(${editionPools.contentNiftyId})::int`,
          all: sql<number>`count(*)::int`,
        })
        .from(editionPools)
        .where(eq(editionPools.niftyId, niftyId));
      if (!row || Number(row.all) === 0) return null;
      return Number(row.items) > 0 ? 'pack' : 'blind';
    },

    /** Takes `n` from a pool row; null when fewer remain (never below zero). */
    async takeFromPool(poolId: number, n: number) {
      const [row] = await db
        .update(editionPools)
        .set({ remaining: sql`${editionPools.remaining} - ${n}` })
        .where(and(eq(editionPools.id, poolId), sql`${editionPools.remaining} >= ${n}`))
        .returning({ id: editionPools.id });
      return row ?? null;
    },

    /** Marks the owner's sealed pack opened; null when it is not theirs, burnt or already opened. */
    async markOpened(tokenRowId: number, ownerId: number, at: Date) {
      const [row] = await db
        .update(tokens)
        .set({ openedAt: at })
        .where(
          and(
            eq(tokens.id, tokenRowId),
            eq(tokens.ownerId, ownerId),
            sql`${tokens.openedAt} is null`,
            sql`${tokens.burntAt} is null`,
          ),
        )
        .returning({ id: tokens.id });
      return row ?? null;
    },

    async insertPackOpenings(values: (typeof packOpenings.$inferInsert)[]) {
      if (values.length > 0) await db.insert(packOpenings).values(values);
    },

    /** What an opened pack gave, in the order drawn. */
    async packContents(packTokenId: number) {
      return db
        .select({
          tokenRowId: tokens.id,
          contractAddress: tokens.contractAddress,
          tokenId: tokens.tokenId,
          name: tokens.name,
          editionNumber: tokens.editionNumber,
          assetUrl: nifties.assetUrl,
          niftyTitle: nifties.title,
        })
        .from(packOpenings)
        .innerJoin(tokens, eq(tokens.id, packOpenings.itemTokenId))
        .innerJoin(nifties, eq(nifties.id, tokens.niftyId))
        .where(eq(packOpenings.packTokenId, packTokenId))
        .orderBy(asc(packOpenings.id));
    },

    /** A token's edition facts (pack state, blind reveal) by its contract and token id. */
    async editionToken(contractAddress: string, tokenId: string) {
      const [row] = await db
        .select({
          id: tokens.id,
          niftyId: tokens.niftyId,
          ownerId: tokens.ownerId,
          openedAt: tokens.openedAt,
          burntAt: tokens.burntAt,
          revealedAssetUrl: tokens.revealedAssetUrl,
          revealedName: tokens.revealedName,
          packSize: nifties.packSize,
          niftyRevealedAt: nifties.revealedAt,
        })
        .from(tokens)
        .innerJoin(nifties, eq(nifties.id, tokens.niftyId))
        .where(
          and(
            sql`lower(${tokens.contractAddress}) = ${contractAddress.toLowerCase()}`,
            eq(tokens.tokenId, tokenId),
          ),
        );
      return row ?? null;
    },

    /** A blind edition's tokens still showing the nifty's own asset, edition order. */
    async unrevealedTokens(niftyId: number) {
      return db
        .select({ id: tokens.id })
        .from(tokens)
        .where(and(eq(tokens.niftyId, niftyId), sql`${tokens.revealedAssetUrl} is null`))
        .orderBy(asc(tokens.editionNumber));
    },

    async revealToken(tokenRowId: number, assetUrl: string, name: string) {
      await db
        .update(tokens)
        .set({ revealedAssetUrl: assetUrl, revealedName: name })
        .where(and(eq(tokens.id, tokenRowId), sql`${tokens.revealedAssetUrl} is null`));
    },

    /**
     * Work the edition jobs still owe (after a restart the in-process queue is empty): open editions with
     * paid, undelivered intents, and blind editions with a pool that are not revealed, with their end.
     */
    async pendingEditionWork(): Promise<{ niftyId: number; kind: 'open' | 'blind'; endAt: Date | null }[]> {
      const open = await db
        .selectDistinct({ niftyId: intents.niftyId })
        .from(intents)
        .where(
          and(
            eq(intents.saleKind, 'open_edition'),
            eq(intents.paymentState, 'paid'),
            sql`${intents.deliveredAt} is null`,
          ),
        );
      const blind = await db
        .selectDistinct({ niftyId: editionPools.niftyId })
        .from(editionPools)
        .innerJoin(nifties, eq(nifties.id, editionPools.niftyId))
        .where(and(sql`${editionPools.assetUrl} is not null`, sql`${nifties.revealedAt} is null`));
      const out: { niftyId: number; kind: 'open' | 'blind'; endAt: Date | null }[] = [];
      for (const [kind, rows] of [
        ['open', open],
        ['blind', blind],
      ] as const) {
        for (const r of rows) {
          if (r.niftyId === null) continue;
          const [n] = await niftiesForSale().where(eq(nifties.id, r.niftyId));
          out.push({ niftyId: r.niftyId, kind, endAt: n?.endAt ?? null });
        }
      }
      return out;
    },

    /** Ends one nifty's sale at `at` (the dev route closing an open edition for browser tests). */
    async setNiftyEnd(niftyId: number, at: Date) {
      await db.update(nifties).set({ endAt: at }).where(eq(nifties.id, niftyId));
    },

    /** Marks a blind edition revealed; null when it already was (the job ran before). */
    async markRevealed(niftyId: number, at: Date) {
      const [row] = await db
        .update(nifties)
        .set({ revealedAt: at })
        .where(and(eq(nifties.id, niftyId), sql`${nifties.revealedAt} is null`))
        .returning({ id: nifties.id });
      return row ?? null;
    },
  };
}

export type TradingRepo = ReturnType<typeof createTradingRepo>;
/** An accepted offer as the buyer's purchase (GET /v2/purchase-intent/historical). */
export type OfferPurchaseRow = Awaited<ReturnType<TradingRepo['acceptedOffersByIds']>>[number];
/** An NFT won at auction or in a drawing, as the winner's purchase (GET /v2/purchase-intent/historical). */
export type WinPurchaseRow =
  | ({ kind: 'auction' } & Awaited<ReturnType<TradingRepo['wonBidsByIds']>>[number])
  | ({ kind: 'drawing' } & Awaited<ReturnType<TradingRepo['wonEntriesByIds']>>[number]);
