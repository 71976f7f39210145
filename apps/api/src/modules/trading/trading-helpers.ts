// Test helpers for trading: a seller with a listed token, buyers with sessions, a funded balance, and
// the ledger's invariants read straight from the store.

import { randomUUID } from 'node:crypto';
import { type Db, schema, withTransaction } from '@vitrine/db';
import { fixtures } from '@vitrine/db/testing';
import { type DropType, SALE_TYPE_OF_DROP } from '@vitrine/domain';
import type { ListingMatch, Offer } from '@vitrine/domain/trading-responses';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { sessionFor, type TestSession } from '../social/test-session';
import { createLedgerRepo } from './ledger.repo';
import { TEST_CARDS } from './payment-providers';

export async function listedToken(
  app: FastifyInstance,
  o: { priceInCents?: number; royaltyPercentage?: number; withCreator?: boolean } = {},
) {
  const db = app.config.database.db;
  const f = fixtures(db, { now: app.config.clock.now() });
  const creator = await f.user();
  const seller = await f.user();
  const collection = await f.collection(o.withCreator === false ? {} : { creatorIds: [creator.id] });
  const nifty = await f.nifty({ collectionId: collection.id, royaltyPercentage: o.royaltyPercentage ?? 10 });
  const [token] = await f.tokens({ niftyId: nifty.id, ownerId: seller.id });
  if (!token) throw new Error('no token');
  const listing = await f.listing({ tokenRowId: token.id, priceInCents: o.priceInCents ?? 10_000 });
  return {
    creator,
    seller: await sessionFor(app, seller.profileUrl),
    token,
    listing,
  };
}

/** A card tokenised by the simulated processor for `session` (4242… succeeds: see TEST_CARDS), its pm_sim_… id. */
export async function simCard(
  app: FastifyInstance,
  session: TestSession,
  number: string = TEST_CARDS.succeeds,
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/sim-card-processor/payment_methods',
    headers: session.headers,
    payload: { number, exp_month: 1, exp_year: 2031, cvc: '999' },
  });
  if (res.statusCode !== 200) throw new Error(`card not tokenised: ${res.statusCode} ${res.body}`);
  return (res.json() as { id: string }).id;
}

/**
 * `maker`'s offer on `token` backed by a card: a new one of the simulated processor (4242…), or `paymentToken`
 * (Stripe's test payment method); throws unless made.
 */
export async function cardOffer(
  app: FastifyInstance,
  maker: TestSession,
  token: { contractAddress: string; tokenId: string },
  amount: string,
  paymentToken?: string,
): Promise<Offer> {
  const made = await app.inject({
    method: 'POST',
    url: '/api/v2/offer',
    headers: maker.headers,
    payload: {
      type: 'offer',
      contractAddress: token.contractAddress,
      tokenId: token.tokenId,
      amount: { amount, currency: 'USD' },
      payment_method: 'stripe_card',
      payment_token: paymentToken ?? (await simCard(app, maker)),
    },
  });
  if (made.statusCode !== 201) throw new Error(`no offer: ${made.statusCode} ${made.body}`);
  return (made.json() as { offer: Offer }).offer;
}

/** Buy Now: `session`'s listing match (its purchase intent) for a listing. */
export async function listingMatchOf(
  app: FastifyInstance,
  session: TestSession,
  listingId: number,
): Promise<ListingMatch> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v2/listing-match/',
    headers: session.headers,
    payload: { listing_id: listingId },
  });
  if (res.statusCode !== 200) throw new Error(`no listing match: ${res.statusCode} ${res.body}`);
  return res.json() as ListingMatch;
}

/** Pays a purchase intent as `session` (the answer as the route gave it). */
export const payIntent = (
  app: FastifyInstance,
  session: TestSession,
  intentId: number,
  payload: Record<string, unknown>,
) =>
  app.inject({
    method: 'POST',
    url: `/api/v2/purchase-intent/${intentId}/pay`,
    headers: session.headers,
    payload,
  });

/** Opens a checkout of `quantity` editions of a drop's nifty as `session` (the answer as the route gave it). */
export const primaryCheckout = (
  app: FastifyInstance,
  session: TestSession,
  nifty: { contractAddress: string; typeNumber: number },
  quantity = 1,
) =>
  app.inject({
    method: 'POST',
    url: '/api/payments/purchase-intents/',
    headers: session.headers,
    payload: {
      contract_address: nifty.contractAddress,
      nifty_type: nifty.typeNumber,
      requested_quantity: quantity,
    },
  });

/** A blind edition's pool: two artworks, `each` of each. */
export async function blindPool(db: Db, niftyId: number, each: number): Promise<void> {
  await db.insert(schema.editionPools).values([
    { niftyId, assetUrl: '/api/media/fixtures/red.svg', name: 'Red', total: each, remaining: each },
    { niftyId, assetUrl: '/api/media/fixtures/blue.svg', name: 'Blue', total: each, remaining: each },
  ]);
}

/** Completes a payment's second step as `session`. */
export const completeIntentAction = (app: FastifyInstance, session: TestSession, intentId: number) =>
  app.inject({
    method: 'POST',
    url: `/api/v2/purchase-intent/${intentId}/complete-action`,
    headers: session.headers,
  });

/** Who owns a token now (its user id; null when held outside). */
export async function ownerOfToken(db: Db, tokenRowId: number): Promise<number | null | undefined> {
  const [token] = await db.select().from(schema.tokens).where(eq(schema.tokens.id, tokenRowId));
  return token?.ownerId;
}

export async function buyer(app: FastifyInstance): Promise<TestSession> {
  const f = fixtures(app.config.database.db, { now: app.config.clock.now() });
  return sessionFor(app, (await f.user()).profileUrl);
}

/** Money a user added (as a card top-up would): clearing → user. */
export async function fund(db: Db, userId: number, cents: number, at: Date): Promise<void> {
  const ledger = createLedgerRepo(db);
  const user = await ledger.userAccount(userId);
  const clearing = await ledger.houseAccount('payments_clearing');
  await withTransaction(db, async (tx) => {
    const l = createLedgerRepo(tx);
    await l.lock([user, clearing]);
    await l.post({
      kind: 'deposit',
      reference: `test-fund:${userId}:${cents}:${randomUUID()}`,
      at,
      postings: [
        { accountId: clearing, amountCents: -cents, memo: 'card_payment' },
        { accountId: user, amountCents: cents, memo: 'deposit' },
      ],
    });
  });
}

/**
 * The ledger's invariants: every transaction sums to zero, no account but the payments clearing one below
 * zero, no user's active holds beyond their balance (balances are their entries' sums: decision 022).
 */
export async function ledgerInvariants(db: Db) {
  const unbalanced = await count(
    db,
    sql`
    select count(*)::int as n from (select transaction_id from ledger_entries
      group by transaction_id, currency having sum(amount_cents) <> 0) x`,
  );
  const negative = await count(
    db,
    sql`
    select count(*)::int as n from ledger_accounts a
     where a.kind not in ('payments_clearing', 'card_disputes')
       and coalesce((select sum(e.amount_cents) from ledger_entries e where e.account_id = a.id), 0) < 0`,
  );
  const overHeld = await count(
    db,
    sql`
    select count(*)::int as n from ledger_accounts a
     where a.kind = 'user'
       and coalesce((select sum(h.amount_cents) from ledger_holds h where h.account_id = a.id and h.status = 'active'), 0)
         > coalesce((select sum(e.amount_cents) from ledger_entries e where e.account_id = a.id), 0)`,
  );
  const total = await db.execute(sql`select sum(amount_cents)::text as s from ledger_entries`);
  return {
    unbalancedTransactions: unbalanced,
    negativeBalances: negative,
    holdsBeyondBalance: overHeld,
    sumOfAllEntries: Number((total as unknown as { rows: { s: string | null }[] }).rows[0]?.s ?? 0),
  };
}

/**
 * An account's balance: its entries' sum (decision 022). A user's USD account by user id, or a house
 * account by kind; 0 when it has no entries or does not exist.
 */
export async function accountBalance(
  db: Db,
  account: { userId: number } | { kind: string },
): Promise<number> {
  const which =
    'userId' in account
      ? sql`a.kind = 'user' and a.user_id = ${account.userId} and a.currency = 'USD'`
      : sql`a.kind = ${account.kind}`;
  const r = (await db.execute(sql`
    select coalesce(sum(e.amount_cents), 0)::text as s
      from ledger_accounts a join ledger_entries e on e.account_id = a.id where ${which}`)) as unknown as {
    rows: { s: string }[];
  };
  return Number(r.rows[0]?.s ?? 0);
}

async function count(db: Db, query: ReturnType<typeof sql>): Promise<number> {
  const r = (await db.execute(query)) as unknown as { rows: { n: number }[] };
  return Number(r.rows[0]?.n ?? -1);
}

/**
 * A live fcfs drop with one nifty for sale (decision 009 "Primary sales"), its publisher owned by a user
 * (who receives the publisher's share) unless `withOwner` is false.
 */
export async function dropNifty(
  app: FastifyInstance,
  o: {
    editionSize?: number;
    totalSold?: number;
    priceInCents?: number;
    maxPurchaseQuantity?: number;
    limitPerUser?: number;
    withOwner?: boolean;
    dropType?: string;
    /** More of the nifty's columns (decision 016: burnRequired, isFreeRedemption, packSize, saleType ...). */
    values?: Partial<typeof schema.nifties.$inferInsert>;
  } = {},
) {
  const db = app.config.database.db;
  const f = fixtures(db, { now: app.config.clock.now() });
  const publisher = await f.publisher();
  const owner = await f.user();
  if (o.withOwner !== false) {
    await db
      .insert(schema.publisherMembers)
      .values({ publisherId: publisher.id, userId: owner.id, role: 'owner' });
  }
  const drop = await f.drop({ publisherId: publisher.id, dropType: o.dropType ?? 'fcfs' });
  const collection = await f.collection({ publisherId: publisher.id, dropId: drop.id });
  const nifty = await f.nifty({
    collectionId: collection.id,
    editionSize: o.editionSize ?? 10,
    totalSold: o.totalSold ?? 0,
    priceInCents: o.priceInCents ?? 2_500,
    maxPurchaseQuantity: o.maxPurchaseQuantity ?? 5,
    limitPerUser: o.limitPerUser ?? 0,
    royaltyPercentage: 10,
    // The sale type its drop's type gives, as the seed and the studio make it (how it sells: `checkoutKindOf`).
    saleType: SALE_TYPE_OF_DROP[(o.dropType ?? 'fcfs') as DropType] ?? 'standard',
    ...o.values,
  });
  return { publisher, owner, drop, collection, nifty };
}

/**
 * A request made now but sent only on `send()`: a test holding a transaction open sends it from inside,
 * while the request runs outside it (one started inside the transaction's async context would join it).
 */
export function sentLater<T>(request: () => PromiseLike<T>): { send(): void; answer: Promise<T> } {
  let send: () => void = () => undefined;
  const answer = new Promise<void>((resolve) => {
    send = resolve;
  }).then(request);
  return { send: () => send(), answer };
}

/** `answer`, or null when it has not come within `ms` (a request that should not wait on a lock held meanwhile). */
export function answeredWithin<T>(answer: Promise<T>, ms: number): Promise<T | null> {
  return Promise.race([answer, new Promise<null>((resolve) => setTimeout(() => resolve(null), ms).unref())]);
}
