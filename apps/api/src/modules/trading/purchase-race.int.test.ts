// Many buyers of one listing at once (issue #14): exactly one sale, every other buyer a clear 409, the
// ledger balanced, no balance below zero, no card charged for a purchase that lost. On PostgreSQL
// (TEST_DATABASE_URL) 200 buyers over a pool of 24 connections run truly side by side; on PGlite, 40.
import { schema, withTransaction } from '@vitrine/db';
import { fixtures } from '@vitrine/db/testing';
import type { ListingMatch } from '@vitrine/domain/trading-responses';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../testing/test-app';
import { createLedgerRepo } from './ledger.repo';
import { TEST_CARDS } from './payment-providers';
import {
  accountBalance,
  answeredWithin,
  buyer,
  fund,
  ledgerInvariants,
  listedToken,
  sentLater,
} from './trading-helpers';

const onPostgres = process.env.TEST_STORE === 'postgres';
const BUYERS = onPostgres ? 200 : 40;

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ seed: false, poolSize: 24 });
});
afterAll(async () => {
  await t.close();
});

type Caller = { headers: Record<string, string> };

/** Buy Now on a listing: the intent's id. */
async function buyNow(b: Caller, listingId: number): Promise<number> {
  const m = await t.app.inject({
    method: 'POST',
    url: '/api/v2/listing-match/',
    headers: b.headers,
    payload: { listing_id: listingId },
  });
  expect(m.statusCode, m.body).toBe(200);
  return (m.json() as ListingMatch).listingMatchId;
}

/** A card tokenised by the simulated processor: its `pm_sim_…` id. */
async function cardOf(b: Caller, number: string = TEST_CARDS.succeeds): Promise<string> {
  const pm = await t.app.inject({
    method: 'POST',
    url: '/api/sim-card-processor/payment_methods',
    headers: b.headers,
    payload: { number, exp_month: 1, exp_year: 2031, cvc: '999' },
  });
  return (pm.json() as { id: string }).id;
}

describe(`${BUYERS} concurrent buyers of one listing`, () => {
  it('give exactly one sale and clear refusals; the ledger sums to zero', { timeout: 120_000 }, async () => {
    const db = t.app.config.database.db;
    const { seller, token, listing } = await listedToken(t.app, { priceInCents: 5_000 });
    // Half pay by card, half by balance (funded enough).
    const buyers = [];
    for (let i = 0; i < BUYERS; i++) {
      const b = await buyer(t.app);
      const byCard = i % 2 === 0;
      if (!byCard) await fund(db, b.userId, 6_000, t.clock.now());
      const intentId = await buyNow(b, listing.id);
      buyers.push({ b, intentId, paymentToken: byCard ? await cardOf(b) : undefined });
    }

    const answers = await Promise.all(
      buyers.map(({ b, intentId, paymentToken }) =>
        t.app.inject({
          method: 'POST',
          url: `/api/v2/purchase-intent/${intentId}/pay`,
          headers: { ...b.headers, 'idempotency-key': `race-${intentId}` },
          payload: paymentToken ? { payment_token: paymentToken } : { payment_method: 'balance' },
        }),
      ),
    );

    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(BUYERS - 1);
    for (const a of answers.filter((x) => x.statusCode === 409)) {
      expect(a.json()).toEqual({
        statusCode: 409,
        errorType: 'listing-unavailable',
        message: 'This listing is no longer available',
      });
    }
    const winner = buyers[statuses.indexOf(200)];
    if (!winner) throw new Error('no winner');

    const [row] = await db.select().from(schema.tokens).where(eq(schema.tokens.id, token.id));
    expect(row?.ownerId).toBe(winner.b.userId);
    expect(await db.$count(schema.sales, eq(schema.sales.tokenRowId, token.id))).toBe(1);
    expect(await db.$count(schema.purchaseIntents, eq(schema.purchaseIntents.paymentState, 'paid'))).toBe(1);
    expect(await ledgerInvariants(db)).toEqual({
      unbalancedTransactions: 0,
      holdsBeyondBalance: 0,
      negativeBalances: 0,
      sumOfAllEntries: 0,
    });
    // The seller got the proceeds once; only the winner's card (if by card) was captured.
    const profile = await t.app.inject({ url: '/api/user/profile/', headers: seller.headers });
    expect(profile.json()).toMatchObject({ account_balance_in_cents: 5_000 - 250 - 500 });
    const captured = t.app.services.cardProcessor.charges().filter((c) => c.status === 'captured');
    expect(captured).toHaveLength(winner.paymentToken ? 1 : 0);
    expect(t.app.services.cardProcessor.charges().filter((c) => c.status === 'authorized')).toHaveLength(0);
  });

  it('one buyer paying the same intent from several requests at once (two tabs) is charged once', async () => {
    const db = t.app.config.database.db;
    const { token, listing } = await listedToken(t.app, { priceInCents: 5_000 });
    const b = await buyer(t.app);
    await fund(db, b.userId, 20_000, t.clock.now());
    const intentId = await buyNow(b, listing.id);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: `/api/v2/purchase-intent/${intentId}/pay`,
          headers: { ...b.headers, 'idempotency-key': `tab-${intentId}-${i}` },
          payload: { payment_method: 'balance' },
        }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    // Each tab answers the purchase paid, or the listing gone (sold: to this very buyer); nothing else.
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s !== 200 && s !== 409)).toEqual([]);
    for (const a of answers.filter((x) => x.statusCode === 200)) {
      expect(a.json()).toMatchObject({ purchaseIntentId: intentId, paymentState: 'paid' });
    }
    const [row] = await db.select().from(schema.tokens).where(eq(schema.tokens.id, token.id));
    expect(row?.ownerId).toBe(b.userId);
    expect(await db.$count(schema.sales, eq(schema.sales.tokenRowId, token.id))).toBe(1);
    // Charged once: 5,000 and no card fee from the balance.
    const profile = await t.app.inject({ url: '/api/user/profile/', headers: b.headers });
    expect(profile.json()).toMatchObject({ account_balance_in_cents: 20_000 - 5_000 });
    expect(await ledgerInvariants(db)).toMatchObject({ unbalancedTransactions: 0, negativeBalances: 0 });
  });

  it('a payment that fails does not turn away the buyer paying right behind it (decision 021)', async () => {
    const db = t.app.config.database.db;
    const { token, listing } = await listedToken(t.app, { priceInCents: 5_000 });
    // Two who fail (a balance too low, a declined card), then one who can pay: all at once, in that order.
    const poor = await buyer(t.app);
    await fund(db, poor.userId, 1_000, t.clock.now());
    const declined = await buyer(t.app);
    const payer = await buyer(t.app);
    const tries = [
      { b: poor, intentId: await buyNow(poor, listing.id), payload: { payment_method: 'balance' } },
      {
        b: declined,
        intentId: await buyNow(declined, listing.id),
        payload: { payment_token: await cardOf(declined, TEST_CARDS.declines) },
      },
      {
        b: payer,
        intentId: await buyNow(payer, listing.id),
        payload: { payment_token: await cardOf(payer) },
      },
    ];
    const answers = await Promise.all(
      tries.map(({ b, intentId, payload }) =>
        t.app.inject({
          method: 'POST',
          url: `/api/v2/purchase-intent/${intentId}/pay`,
          headers: { ...b.headers, 'idempotency-key': `behind-${intentId}` },
          payload,
        }),
      ),
    );
    const [poorAnswer, declinedAnswer, payerAnswer] = answers;
    expect(payerAnswer?.statusCode, payerAnswer?.body).toBe(200);
    expect(poorAnswer?.json()).toMatchObject({ errorType: 'insufficient-funds' });
    expect(declinedAnswer?.json()).toMatchObject({ errorType: 'card_declined' });
    const [row] = await db.select().from(schema.tokens).where(eq(schema.tokens.id, token.id));
    expect(row?.ownerId).toBe(payer.userId);
    expect(await ledgerInvariants(db)).toMatchObject({ unbalancedTransactions: 0, negativeBalances: 0 });
  });

  it('a payment whose processor does not answer holds the next buyer back 2 s at most (decision 021)', async () => {
    const db = t.app.config.database.db;
    const { token, listing } = await listedToken(t.app, { priceInCents: 5_000 });
    const payer = async () => {
      const b = await buyer(t.app);
      return { b, intentId: await buyNow(b, listing.id), card: await cardOf(b) };
    };
    const stuck = await payer();
    const next = await payer();
    // The first buyer's card processor takes 6 s to answer (a network that hangs); the simulated one answers
    // at once, so its answer is held back here.
    const provider = t.app.services.cardProcessor.provider;
    const authorize = provider.authorize;
    provider.authorize = async (request) => {
      if (request.paymentToken === stuck.card) await new Promise((resolve) => setTimeout(resolve, 6_000));
      return authorize(request);
    };
    try {
      const pay = (p: typeof stuck) =>
        t.app.inject({
          method: 'POST',
          url: `/api/v2/purchase-intent/${p.intentId}/pay`,
          headers: { ...p.b.headers, 'idempotency-key': `hang-${p.intentId}` },
          payload: { payment_token: p.card },
        });
      // (inject sends when its answer is first asked for: `then` sends it now.)
      const first = pay(stuck).then((answer) => answer);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const started = Date.now();
      const second = await pay(next);
      const waited = Date.now() - started;
      expect(second.statusCode, second.body).toBe(200);
      // It waited for the stuck payment (the gate), but not for its end: it bought the listing.
      expect(waited).toBeGreaterThanOrEqual(1_500);
      // The stuck payment, answered at last, finds the listing sold; its card is voided, not charged.
      expect((await first).json()).toMatchObject({ errorType: 'listing-unavailable' });
    } finally {
      provider.authorize = authorize;
    }
    const [row] = await db.select().from(schema.tokens).where(eq(schema.tokens.id, token.id));
    expect(row?.ownerId).toBe(next.b.userId);
    const charges = t.app.services.cardProcessor.charges();
    expect(charges.filter((c) => c.status === 'authorized')).toHaveLength(0);
  });

  it('a purchase and a movement that locks the accounts before the catalog (a primary sale, an offer) in one collection do not deadlock', async () => {
    const db = t.app.config.database.db;
    const now = t.clock.now();
    const { token, listing } = await listedToken(t.app, { priceInCents: 5_000 });
    const [row0] = await db.select().from(schema.tokens).where(eq(schema.tokens.id, token.id));
    if (!row0) throw new Error('no token');
    const [other] = await fixtures(db, { now }).tokens({ niftyId: row0.niftyId, ownerId: row0.ownerId });
    if (!other) throw new Error('no second token');
    const b = await buyer(t.app);
    await fund(db, b.userId, 10_000, now);
    const intentId = await buyNow(b, listing.id);
    const buyerAccount = await createLedgerRepo(db).userAccount(b.userId);
    const paid = sentLater(() =>
      t.app.inject({
        method: 'POST',
        url: `/api/v2/purchase-intent/${intentId}/pay`,
        headers: b.headers,
        payload: { payment_method: 'balance' },
      }),
    );
    // As a primary sale, an accepted offer or an auction's settlement: the accounts first (here the one the
    // purchase debits: the buyer's), then a write the catalog's triggers turn into the collection's
    // statistics (a listing of the collection's other token), while the purchase runs.
    await withTransaction(db, async (tx) => {
      await createLedgerRepo(tx).lock([buyerAccount]);
      paid.send();
      await new Promise((resolve) => setTimeout(resolve, 500));
      await fixtures(tx, { now }).listing({ tokenRowId: other.id, priceInCents: 7_000 });
    });
    const answer = await paid.answer;
    expect(answer?.statusCode, answer?.body).toBe(200);
    const [row] = await db.select().from(schema.tokens).where(eq(schema.tokens.id, token.id));
    expect(row?.ownerId).toBe(b.userId);
  });

  it("pays a seller, a creator and the platform while a debit of the seller's account is in progress (credits lock nothing)", async () => {
    const db = t.app.config.database.db;
    const now = t.clock.now();
    const { seller, creator, token, listing } = await listedToken(t.app, { priceInCents: 5_000 });
    await fund(db, seller.userId, 1_000, now);
    const b = await buyer(t.app);
    const intentId = await buyNow(b, listing.id);
    const payment_token = await cardOf(b);
    const sellerAccount = await createLedgerRepo(db).userAccount(seller.userId);
    const paid = sentLater(() =>
      t.app.inject({
        method: 'POST',
        url: `/api/v2/purchase-intent/${intentId}/pay`,
        headers: b.headers,
        payload: { payment_token },
      }),
    );
    // The seller spends from their balance meanwhile (a purchase, an offer, a payout): their account is locked
    // for that debit. The sale crediting them does not wait for it (on PGlite, one transaction at a time, it
    // runs after).
    let answeredWhileLocked: number | null = null;
    await withTransaction(db, async (tx) => {
      await createLedgerRepo(tx).lock([sellerAccount]);
      paid.send();
      if (onPostgres) {
        answeredWhileLocked = (await answeredWithin(paid.answer, 5_000))?.statusCode ?? null;
      }
    });
    const answer = await paid.answer;
    expect(answer.statusCode, answer.body).toBe(200);
    if (onPostgres) expect(answeredWhileLocked).toBe(200);
    const [row] = await db.select().from(schema.tokens).where(eq(schema.tokens.id, token.id));
    expect(row?.ownerId).toBe(b.userId);
    expect(await accountBalance(db, { userId: seller.userId })).toBeGreaterThan(1_000);
    expect(await accountBalance(db, { userId: creator.id })).toBeGreaterThan(0);
    expect(await ledgerInvariants(db)).toMatchObject({
      unbalancedTransactions: 0,
      negativeBalances: 0,
      holdsBeyondBalance: 0,
    });
  });

  it('one buyer paying by balance for two listings at once, with money for one: one sale, one refusal', async () => {
    const db = t.app.config.database.db;
    const now = t.clock.now();
    const first = await listedToken(t.app, { priceInCents: 5_000 });
    const second = await listedToken(t.app, { priceInCents: 5_000 });
    const b = await buyer(t.app);
    await fund(db, b.userId, 7_000, now);
    const intents = [await buyNow(b, first.listing.id), await buyNow(b, second.listing.id)];
    const answers = await Promise.all(
      intents.map((id) =>
        t.app.inject({
          method: 'POST',
          url: `/api/v2/purchase-intent/${id}/pay`,
          headers: b.headers,
          payload: { payment_method: 'balance' },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 402]);
    expect(answers.find((a) => a.statusCode === 402)?.json()).toMatchObject({
      errorType: 'insufficient-funds',
    });
    expect(await accountBalance(db, { userId: b.userId })).toBe(2_000);
    expect(await ledgerInvariants(db)).toMatchObject({
      unbalancedTransactions: 0,
      negativeBalances: 0,
      holdsBeyondBalance: 0,
    });
  });
});
