// Every path that pays a primary sale's publisher proceeds divides them by the nifty's primary split
// (decision 017 "Splits in the ledger"): Buy Now by card, open editions, blind editions, packs, a
// burn-required redemption with a price, ranked and silent auctions, and drawing winners (balance and card).
// Each payee gets exactly splitAmount's share (integer cents, the leftover cents to the largest remainders),
// the publisher's own account nothing, and every movement sums to zero. A nifty without a split pays the
// publisher as before.
import { schema } from '@vitrine/db';
import { fixtures } from '@vitrine/db/testing';
import { primaryFeeBreakdown, splitAmount } from '@vitrine/domain';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../testing/test-app';
import { auctionNifty, placeBid } from '../bids/bids-helpers';
import type { TestSession } from '../social/test-session';
import { createLedgerRepo } from '../trading/ledger.repo';
import { TEST_CARDS } from '../trading/payment-providers';
import { buyer, dropNifty, fund, ledgerInvariants } from '../trading/trading-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ seed: false });
});
afterAll(async () => {
  await t.close();
});

const db = () => t.app.config.database.db;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Three payees whose shares of most totals leave cents over (33.33 / 33.33 / 33.34). */
const PERCENTAGES = [33.33, 33.33, 33.34];

type Nifty = { id: number; contractAddress: string; typeNumber: number };

/** Three fresh users as the nifty's primary split (the studio's rows, in order). */
async function primarySplit(niftyId: number): Promise<number[]> {
  const f = fixtures(db(), { now: t.clock.now() });
  const payees: number[] = [];
  for (const [position, percentage] of PERCENTAGES.entries()) {
    const user = await f.user();
    await db()
      .insert(schema.salesSplits)
      .values({ niftyId, kind: 'primary', userId: user.id, percentage: String(percentage), position });
    payees.push(user.id);
  }
  return payees;
}

const balanceOf = (userId: number) => createLedgerRepo(db()).balanceOf(userId);

async function entriesOf(references: string[]) {
  const txs = await db()
    .select()
    .from(schema.ledgerTransactions)
    .where(inArray(schema.ledgerTransactions.reference, references));
  expect(txs).toHaveLength(references.length);
  return Promise.all(
    txs.map((tx) =>
      db().select().from(schema.ledgerEntries).where(eq(schema.ledgerEntries.transactionId, tx.id)),
    ),
  );
}

/**
 * The movements at `references` each sum to zero and pay their publisher proceeds (`proceedsEach`, one per
 * movement) to the payees by splitAmount; each payee's balance is the sum of its shares, the publisher's 0.
 */
async function expectSplitPaid(o: {
  references: string[];
  proceedsEach: number[];
  payees: number[];
  publisherUserId: number;
}) {
  const movements = await entriesOf(o.references);
  const totals = new Map<number, number>();
  const accounts = await createLedgerRepo(db()).userAccounts(o.payees);
  for (const entries of movements) {
    expect(entries.reduce((sum, e) => sum + e.amountCents, 0)).toBe(0);
    const proceeds = entries.filter((e) => e.memo === 'publisher_proceeds');
    const total = proceeds.reduce((sum, e) => sum + e.amountCents, 0);
    expect(o.proceedsEach).toContain(total);
    const shares = splitAmount(total, PERCENTAGES);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
    expect(proceeds.map((e) => [e.accountId, e.amountCents])).toEqual(
      o.payees.map((p, i) => [accounts.get(p), shares[i]]),
    );
    for (const [i, p] of o.payees.entries()) totals.set(p, (totals.get(p) ?? 0) + (shares[i] ?? 0));
  }
  expect(movements.flat().filter((e) => e.memo === 'publisher_proceeds')).toHaveLength(
    o.payees.length * o.references.length,
  );
  for (const p of o.payees) expect(await balanceOf(p)).toBe(totals.get(p));
  expect(await balanceOf(o.publisherUserId)).toBe(0);
  expect(await ledgerInvariants(db())).toMatchObject({
    unbalancedTransactions: 0,
    holdsBeyondBalance: 0,
    negativeBalances: 0,
  });
}

async function intentFor(s: TestSession, nifty: Nifty, quantity = 1): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/payments/purchase-intents/',
    headers: s.headers,
    payload: {
      contract_address: nifty.contractAddress,
      nifty_type: nifty.typeNumber,
      requested_quantity: quantity,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { purchaseIntentId: number }).purchaseIntentId;
}

async function cardToken(s: TestSession): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/sim-card-processor/payment_methods',
    headers: s.headers,
    payload: { number: TEST_CARDS.succeeds, exp_month: 12, exp_year: 2030, cvc: '123' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { id: string }).id;
}

async function pay(s: TestSession, intentId: number, payload: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v2/purchase-intent/${intentId}/pay`,
    headers: s.headers,
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  expect((res.json() as { paymentState: string }).paymentState).toBe('paid');
}

async function funded(cents = 100_000): Promise<TestSession> {
  const s = await buyer(t.app);
  await fund(db(), s.userId, cents, t.clock.now());
  return s;
}

const proceedsOf = (unitPriceCents: number, quantity = 1) =>
  primaryFeeBreakdown({ unitPriceCents, quantity, method: null }).sellerReceivesCents;

describe('primary splits on every primary sale path', () => {
  it('Buy Now by card: 90% of 1,001 cents (901) is 300 / 300 / 301', async () => {
    const { nifty, owner } = await dropNifty(t.app, { priceInCents: 1_001 });
    const payees = await primarySplit(nifty.id);
    const s = await buyer(t.app);
    const id = await intentFor(s, nifty);
    await pay(s, id, { payment_method: 'stripe_card', payment_token: await cardToken(s) });
    expect(splitAmount(proceedsOf(1_001), PERCENTAGES)).toEqual([300, 300, 301]);
    await expectSplitPaid({
      references: [`purchase_intent:${id}`],
      proceedsEach: [proceedsOf(1_001)],
      payees,
      publisherUserId: owner.id,
    });
  });

  it('an open edition: the proceeds of 3 editions are divided when paid; minting pays nothing more', async () => {
    const { nifty, owner } = await dropNifty(t.app, {
      dropType: 'open_edition',
      priceInCents: 777,
      maxPurchaseQuantity: 10,
    });
    const payees = await primarySplit(nifty.id);
    const s = await funded();
    const id = await intentFor(s, nifty, 3);
    await pay(s, id, { payment_method: 'balance' });
    t.clock.advance(DAY + 60_000);
    expect(await t.app.services.editions.mintOpen(nifty.id)).toBe(3);
    await expectSplitPaid({
      references: [`purchase_intent:${id}`],
      proceedsEach: [proceedsOf(777, 3)],
      payees,
      publisherUserId: owner.id,
    });
  });

  it('a blind edition', async () => {
    const { nifty, owner } = await dropNifty(t.app, { dropType: 'blind_edition', priceInCents: 1_234 });
    const payees = await primarySplit(nifty.id);
    const s = await funded();
    const id = await intentFor(s, nifty, 2);
    await pay(s, id, { payment_method: 'balance' });
    await expectSplitPaid({
      references: [`purchase_intent:${id}`],
      proceedsEach: [proceedsOf(1_234, 2)],
      payees,
      publisherUserId: owner.id,
    });
  });

  it('a pack', async () => {
    const { nifty, owner, collection } = await dropNifty(t.app, {
      dropType: 'pack',
      priceInCents: 1_199,
      values: { niftyType: 'pack', packSize: 1 },
    });
    const item = await fixtures(db(), { now: t.clock.now() }).nifty({
      collectionId: collection.id,
      editionSize: 5,
      saleType: 'not_for_sale',
    });
    await db()
      .insert(schema.editionPools)
      .values({ niftyId: nifty.id, contentNiftyId: item.id, name: 'Item', total: 5, remaining: 5 });
    const payees = await primarySplit(nifty.id);
    const s = await funded();
    const id = await intentFor(s, nifty, 1);
    await pay(s, id, { payment_method: 'balance' });
    await expectSplitPaid({
      references: [`purchase_intent:${id}`],
      proceedsEach: [proceedsOf(1_199)],
      payees,
      publisherUserId: owner.id,
    });
  });

  it('a burn-required redemption with a price', async () => {
    const f = fixtures(db(), { now: t.clock.now() });
    const required = await f.nifty({ editionSize: 5 });
    const { nifty, owner } = await dropNifty(t.app, {
      priceInCents: 1_501,
      values: { burnRequired: true, burnNiftyId: required.id },
    });
    const payees = await primarySplit(nifty.id);
    const s = await funded();
    await f.tokens({ niftyId: required.id, ownerId: s.userId });
    const id = await intentFor(s, nifty, 1);
    await pay(s, id, { payment_method: 'balance' });
    await expectSplitPaid({
      references: [`purchase_intent:${id}`],
      proceedsEach: [proceedsOf(1_501)],
      payees,
      publisherUserId: owner.id,
    });
  });

  for (const saleType of ['ranked_auction', 'silent_auction'] as const) {
    it(`a ${saleType}'s winners`, async () => {
      const { nifty, owner } = await auctionNifty(t.app, { saleType, editionSize: 3, endsInMs: HOUR });
      const payees = await primarySplit(nifty.id);
      const amounts = ['17.77', '12.34'];
      for (const dollars of amounts) {
        const s = await funded();
        const res = await placeBid(t.app, s.headers, nifty, dollars);
        expect(res.statusCode, res.body).toBeLessThan(300);
      }
      t.clock.advance(2 * HOUR);
      expect(await t.app.services.bids.settle(nifty.id)).toMatchObject({ settled: true, winners: 2 });
      const won = await db().select().from(schema.bids).where(eq(schema.bids.niftyId, nifty.id));
      expect(won.map((b) => b.status)).toEqual(['won', 'won']);
      await expectSplitPaid({
        references: won.map((b) => `bid:${b.id}`),
        proceedsEach: [proceedsOf(1_777), proceedsOf(1_234)],
        payees,
        publisherUserId: owner.id,
      });
    });
  }

  it('drawing winners, by balance and by card', async () => {
    const { nifty, owner } = await dropNifty(t.app, {
      dropType: 'drawing',
      editionSize: 2,
      priceInCents: 2_333,
    });
    const payees = await primarySplit(nifty.id);
    const url = `/api/drawings/${nifty.contractAddress}/${nifty.typeNumber}/entries/`;
    const byBalance = await funded(10_000);
    const byCard = await buyer(t.app);
    await db()
      .update(schema.users)
      .set({ verifiedPhone: true })
      .where(inArray(schema.users.id, [byBalance.userId, byCard.userId]));
    const entered = [
      await t.app.inject({ method: 'POST', url, headers: byBalance.headers }),
      await t.app.inject({
        method: 'POST',
        url,
        headers: byCard.headers,
        payload: { payment_method: 'stripe_card', payment_token: await cardToken(byCard) },
      }),
    ];
    for (const res of entered) expect(res.statusCode, res.body).toBe(201);
    const drawingId = await t.app.services.drawings.idOf(nifty.contractAddress, nifty.typeNumber);
    expect(await t.app.services.drawings.run(drawingId, { force: true })).toBe('drawn');
    const entries = await db()
      .select()
      .from(schema.drawingEntries)
      .where(eq(schema.drawingEntries.drawingId, drawingId));
    expect(entries.map((e) => e.status)).toEqual(['won', 'won']);
    await expectSplitPaid({
      references: entries.map((e) => `drawing_entry:${e.id}`),
      proceedsEach: [proceedsOf(2_333)],
      payees,
      publisherUserId: owner.id,
    });
  });

  it('a nifty without a split pays its publisher as before', async () => {
    const { nifty, owner } = await dropNifty(t.app, { dropType: 'open_edition', priceInCents: 777 });
    const s = await funded();
    const id = await intentFor(s, nifty, 2);
    await pay(s, id, { payment_method: 'balance' });
    const [entries] = await entriesOf([`purchase_intent:${id}`]);
    const proceeds = (entries ?? []).filter((e) => e.memo === 'publisher_proceeds');
    expect(proceeds.map((e) => e.amountCents)).toEqual([proceedsOf(777, 2)]);
    expect(await balanceOf(owner.id)).toBe(proceedsOf(777, 2));
  });
});
