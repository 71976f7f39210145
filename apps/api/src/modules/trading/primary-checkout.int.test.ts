// Primary sales of a drop's editions through the real app (issue #14, decision 009 "Primary sales"): a
// purchase intent for a live fcfs nifty holds its editions, its quantity changes (re-quoted, more held or
// given back), it expires and gives them back, and paying mints N edition tokens to the buyer in one unit
// of work with the ledger crediting the publisher 90 % and the platform 10 % (card fee the buyer's).
import { schema } from '@vitrine/db';
import { primaryFeeBreakdown } from '@vitrine/domain';
import type { PurchaseIntent } from '@vitrine/domain/trading-responses';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../testing/test-app';
import { outbox } from '../auth/testing/auth-kit';
import { sessionFor, type TestSession } from '../social/test-session';
import { createLedgerRepo } from './ledger.repo';
import { SIM_EXTERNAL_TOKENS, TEST_CARDS } from './payment-providers';
import { EDITIONS_HELD_MESSAGE, PURCHASE_INTENT_TTL_MS } from './trading.service';
import { accountBalance, buyer, dropNifty, fund, ledgerInvariants } from './trading-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ seed: false });
});
afterAll(async () => {
  await t.close();
});

const db = () => t.app.config.database.db;

const emailOf = async (id: number) =>
  (await db().select({ email: schema.users.email }).from(schema.users).where(eq(schema.users.id, id)))[0]
    ?.email ?? '';

type Nifty = Awaited<ReturnType<typeof dropNifty>>['nifty'];

const create = (s: TestSession, nifty: Nifty, quantity = 1, extra: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/purchase-intents/',
    headers: s.headers,
    payload: {
      contract_address: nifty.contractAddress,
      nifty_type: nifty.typeNumber,
      requested_quantity: quantity,
      ...extra,
    },
  });

async function created(s: TestSession, nifty: Nifty, quantity = 1): Promise<PurchaseIntent> {
  const res = await create(s, nifty, quantity);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PurchaseIntent;
}

const patch = (s: TestSession, id: number, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/payments/purchase-intents/',
    headers: s.headers,
    payload: { purchase_intent_id: id, ...payload },
  });

const read = async (s: TestSession, id: number) => {
  const res = await t.app.inject({ url: `/api/payments/purchase-intents/?id=${id}`, headers: s.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PurchaseIntent;
};

async function card(s: TestSession, number: string = TEST_CARDS.succeeds): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/sim-card-processor/payment_methods',
    headers: s.headers,
    payload: { number, exp_month: 12, exp_year: 2030, cvc: '123' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { id: string }).id;
}

const pay = (s: TestSession, id: number, payload: Record<string, unknown>, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v2/purchase-intent/${id}/pay`,
    headers: { ...s.headers, ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  });

const tokensOf = (userId: number, niftyId: number) =>
  db()
    .select()
    .from(schema.tokens)
    .where(and(eq(schema.tokens.ownerId, userId), eq(schema.tokens.niftyId, niftyId)));

const niftyRow = async (id: number) => {
  const [row] = await db().select().from(schema.nifties).where(eq(schema.nifties.id, id));
  return row;
};

describe('a purchase intent for a live fcfs nifty', () => {
  it('holds the editions asked for and quotes them (price × quantity, card fee on the buyer)', async () => {
    const { nifty } = await dropNifty(t.app, { editionSize: 10, priceInCents: 2_500 });
    const b = await buyer(t.app);
    const intent = await created(b, nifty, 2);
    expect(intent).toMatchObject({
      saleType: 'fcfs',
      paymentState: 'pending',
      paymentMethod: 'stripe_card',
      requestedQuantity: 2,
      listing: null,
      mintedTokens: [],
      nifty: {
        contractAddress: nifty.contractAddress,
        niftyType: nifty.typeNumber,
        unitPriceInCents: 2_500,
        editionSize: 10,
        totalSold: 0,
        available: 8,
        heldElsewhere: 0,
        maxPurchaseQuantity: 5,
        allowedQuantity: 5,
        quantityLimit: 'max_per_purchase',
      },
    });
    const byCard = primaryFeeBreakdown({ unitPriceCents: 2_500, quantity: 2, method: 'stripe_card' });
    expect(intent.quotes[0]).toMatchObject({
      paymentMethod: 'stripe_card',
      priceInCents: 5_000,
      cardFeeInCents: byCard.cardFeeCents,
      totalInCents: byCard.buyerPaysCents,
      creatorFeeInCents: 0,
      sellerReceivesInCents: 4_500,
    });
    expect(intent.quotes.find((q) => q.paymentMethod === 'balance')).toMatchObject({ totalInCents: 5_000 });
    const [row] = await db()
      .select()
      .from(schema.purchaseIntents)
      .where(eq(schema.purchaseIntents.id, intent.purchaseIntentId));
    expect(row).toMatchObject({ heldQuantity: 2, niftyId: nifty.id, listingId: null });
    // A listing-match read of it is not found (it is no listing match).
    const asMatch = await t.app.inject({
      url: `/api/v2/listing-match/${intent.purchaseIntentId}`,
      headers: b.headers,
    });
    expect(asMatch.statusCode).toBe(404);
  });

  it('answers limits: per purchase, one purchase per user, only n remaining, sold out', async () => {
    const { nifty } = await dropNifty(t.app, { editionSize: 4, maxPurchaseQuantity: 3, limitPerUser: 1 });
    const a = await buyer(t.app);
    expect((await create(a, nifty, 4)).statusCode).toBe(400);
    // Asking again (a second Buy, another tab) replaces the open checkout: it is not a second purchase.
    await created(a, nifty, 1);
    const first = await created(a, nifty, 3);
    // Paid, the one purchase allowed is made: another is refused.
    const paid = await pay(a, first.purchaseIntentId, { payment_token: await card(a) });
    expect(paid.statusCode, paid.body).toBe(200);
    const again = await create(a, nifty, 1);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ errorType: 'limit-reached' });
    const b = await buyer(t.app);
    const tooMany = await create(b, nifty, 2);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toMatchObject({ errorType: 'not-enough-editions', message: 'Only 1 Remaining!' });
    const last = await created(b, nifty, 1);
    expect(last.nifty).toMatchObject({ available: 0, allowedQuantity: 1, quantityLimit: 'remaining' });
    const c = await buyer(t.app);
    // The last edition is in b's checkout: it may come back.
    expect((await create(c, nifty, 1)).json()).toMatchObject({ statusCode: 409, errorType: 'editions-held' });
    const lastPaid = await pay(b, last.purchaseIntentId, { payment_token: await card(b) });
    expect(lastPaid.statusCode, lastPaid.body).toBe(200);
    const soldOut = await create(c, nifty, 1);
    expect(soldOut.statusCode).toBe(409);
    expect(soldOut.json()).toEqual({ statusCode: 409, errorType: 'sold-out', message: 'Sold Out' });
  });

  it("every edition left in other buyers' checkouts is not 'Sold Out': the buyer is told they may come back", async () => {
    const { nifty } = await dropNifty(t.app, { editionSize: 3, maxPurchaseQuantity: 2 });
    const a = await buyer(t.app);
    const b = await buyer(t.app);
    const c = await buyer(t.app);
    const held = await created(a, nifty, 2);
    // b's checkout offers the one free edition and says where the other two are (QA 2026-12-07: the drop card read
    // 'Only 3 Remaining!', the checkout offered one without a word).
    const bHeld = await created(b, nifty, 1);
    expect(bHeld.nifty).toMatchObject({ allowedQuantity: 1, quantityLimit: 'remaining', heldElsewhere: 2 });
    // Asked for (QA 2026-12-07: 'Only 1 Remaining!' on the card, then 'Sold Out' on Buy, and later Buy again).
    const refused = await create(c, nifty, 1);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      statusCode: 409,
      errorType: 'editions-held',
      message: EDITIONS_HELD_MESSAGE,
    });
    // a's checkout is replaced by one of one edition: c's Buy holds the edition given back.
    await created(a, nifty, 1);
    expect((await read(a, held.purchaseIntentId)).paymentState).toBe('cancelled');
    await created(c, nifty, 1);
    // Once every edition is sold, it is 'Sold Out'.
    const { nifty: gone } = await dropNifty(t.app, { editionSize: 2, totalSold: 2 });
    expect((await create(c, gone, 1)).json()).toEqual({
      statusCode: 409,
      errorType: 'sold-out',
      message: 'Sold Out',
    });
  });

  it('one open checkout per buyer: asking again releases the editions the first one held', async () => {
    const { nifty } = await dropNifty(t.app, { editionSize: 3, maxPurchaseQuantity: 2 });
    const a = await buyer(t.app);
    const b = await buyer(t.app);
    const first = await created(a, nifty, 2);
    // A second Buy (back, Buy again; another tab): a new checkout, the first one closed and its hold given back.
    const second = await created(a, nifty, 1);
    expect(second.purchaseIntentId).not.toBe(first.purchaseIntentId);
    expect((await read(a, first.purchaseIntentId)).paymentState).toBe('cancelled');
    expect((await pay(a, first.purchaseIntentId, { payment_token: await card(a) })).statusCode).toBe(409);
    // Clicking Buy again and again never holds more than one checkout's editions.
    for (let i = 0; i < 3; i += 1) await created(a, nifty, 1);
    const rest = await created(b, nifty, 2);
    expect(rest.nifty).toMatchObject({ available: 0 });
    const c = await buyer(t.app);
    expect((await create(c, nifty, 1)).json()).toMatchObject({ errorType: 'editions-held' });
    // b asks again for one: b's checkout of two is replaced, and one edition is free for c.
    await created(b, nifty, 1);
    await created(c, nifty, 1);
  });

  it('refuses what checkout cannot sell: a signed-out buyer, a drop not live, other drop and sale types', async () => {
    const { nifty } = await dropNifty(t.app);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/payments/purchase-intents/',
      payload: { contract_address: nifty.contractAddress, nifty_type: nifty.typeNumber },
    });
    expect(anonymous.statusCode).toBe(401);
    const b = await buyer(t.app);
    // An auction NFT (of an auction drop) is bid on, not bought; a fixed-price NFT beside it is (studio-splits).
    const auction = await dropNifty(t.app, { dropType: 'auction', values: { saleType: 'auction' } });
    const r = await create(b, auction.nifty);
    expect(r.statusCode).toBe(422);
    expect(r.json()).toMatchObject({ errorType: 'sale-type-unavailable' });
    // Nor in a drop whose type is a checkout one: a studio drop mixing a 1/1 Auction with an FCFS NFT
    // takes the FCFS type, and its auction and drawing NFTs are still bid on or entered, never bought.
    for (const saleType of ['auction', 'ranked_auction', 'silent_auction', 'drawing']) {
      const mixed = await dropNifty(t.app, { dropType: 'fcfs', values: { saleType } });
      const bought = await create(b, mixed.nifty);
      expect({ saleType, status: bought.statusCode }).toEqual({ saleType, status: 422 });
      expect(bought.json()).toMatchObject({ errorType: 'sale-type-unavailable' });
    }
    const later = await dropNifty(t.app);
    const now = t.clock.now().getTime();
    await db()
      .update(schema.drops)
      .set({ startAt: new Date(now + 3_600_000), endAt: new Date(now + 7_200_000) })
      .where(eq(schema.drops.id, later.drop.id));
    const notLive = await create(b, later.nifty);
    expect(notLive.statusCode).toBe(409);
    expect(notLive.json()).toMatchObject({ errorType: 'drop-not-live' });
    const missing = await create(b, { ...nifty, typeNumber: 999_999 });
    expect(missing.statusCode).toBe(404);
  });

  it('changes quantity: re-quoted, more held when free, the difference given back', async () => {
    const { nifty } = await dropNifty(t.app, { editionSize: 5, priceInCents: 1_000 });
    const a = await buyer(t.app);
    const b = await buyer(t.app);
    const intent = await created(a, nifty, 1);
    const up = await patch(a, intent.purchaseIntentId, { requested_quantity: 4 });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json()).toMatchObject({ requestedQuantity: 4 });
    expect((up.json() as PurchaseIntent).quotes[0]).toMatchObject({ priceInCents: 4_000 });
    expect((await create(b, nifty, 2)).json()).toMatchObject({ message: 'Only 1 Remaining!' });
    await created(b, nifty, 1);
    const tooMany = await patch(a, intent.purchaseIntentId, { requested_quantity: 5 });
    expect(tooMany.statusCode).toBe(409);
    const down = await patch(a, intent.purchaseIntentId, { requested_quantity: 2 });
    expect(down.json()).toMatchObject({ requestedQuantity: 2 });
    expect((down.json() as PurchaseIntent).quotes[0]).toMatchObject({ priceInCents: 2_000 });
    await created(b, nifty, 2);
    const c = await buyer(t.app);
    expect((await create(c, nifty, 2)).json()).toMatchObject({ message: 'Only 1 Remaining!' });
  });

  it('past the sale’s end, a checkout opened before it holds what it held: no more, though less is fine', async () => {
    const { nifty, drop } = await dropNifty(t.app, { dropType: 'open_edition', priceInCents: 1_000 });
    const now = t.clock.now().getTime();
    await db()
      .update(schema.drops)
      .set({ endAt: new Date(now + 60_000) })
      .where(eq(schema.drops.id, drop.id));
    const a = await buyer(t.app);
    const intent = await created(a, nifty, 2);
    t.clock.advance(2 * 60_000);
    const up = await patch(a, intent.purchaseIntentId, { requested_quantity: 5 });
    expect(up.statusCode, up.body).toBe(409);
    expect(up.json()).toMatchObject({ errorType: 'drop-not-live' });
    const down = await patch(a, intent.purchaseIntentId, { requested_quantity: 1 });
    expect(down.statusCode, down.body).toBe(200);
    expect(down.json()).toMatchObject({ requestedQuantity: 1 });
  });

  it('is not changed through the listing-match route, which answers 404 for it', async () => {
    const { nifty } = await dropNifty(t.app, { editionSize: 5, priceInCents: 1_000 });
    const a = await buyer(t.app);
    const intent = await created(a, nifty, 1);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/v2/listing-match/${intent.purchaseIntentId}`,
      headers: a.headers,
      payload: { requested_quantity: 3 },
    });
    expect(res.statusCode, res.body).toBe(404);
    // Nothing changed: the quantity, its quote and the editions it holds.
    const after = await read(a, intent.purchaseIntentId);
    expect(after).toMatchObject({ requestedQuantity: 1 });
    expect(after.quotes[0]).toMatchObject({ priceInCents: 1_000 });
    const [row] = await db()
      .select()
      .from(schema.purchaseIntents)
      .where(eq(schema.purchaseIntents.id, intent.purchaseIntentId));
    expect(row?.heldQuantity).toBe(1);
  });

  it('expires after 15 minutes and gives its editions back, before and after the sweep', async () => {
    const { nifty } = await dropNifty(t.app, { editionSize: 2 });
    const a = await buyer(t.app);
    const b = await buyer(t.app);
    const intent = await created(a, nifty, 2);
    expect((await create(b, nifty, 1)).statusCode).toBe(409);
    t.clock.advance(PURCHASE_INTENT_TTL_MS + 1);
    // Past its time it holds nothing, even before anything marked it expired.
    const taken = await created(b, nifty, 2);
    expect(taken.nifty?.available).toBe(0);
    await t.app.services.trading.expireDue();
    const [row] = await db()
      .select()
      .from(schema.purchaseIntents)
      .where(eq(schema.purchaseIntents.id, intent.purchaseIntentId));
    expect(row).toMatchObject({ paymentState: 'expired', heldQuantity: 0 });
    const paid = await pay(a, intent.purchaseIntentId, { payment_token: await card(a) });
    expect(paid.statusCode).toBe(409);
    expect(paid.json()).toMatchObject({
      errorType: 'purchase-intent-closed',
      message: 'This purchase has expired',
    });
    expect(await tokensOf(a.userId, nifty.id)).toHaveLength(0);
  });
});

/** A drop's nifty at `priceInCents` whose primary split gives its publisher's owner and a payee half each. */
async function halvedNifty(priceInCents: number) {
  const split = await dropNifty(t.app, { priceInCents });
  const payee = await buyer(t.app);
  await db()
    .insert(schema.salesSplits)
    .values([
      { niftyId: split.nifty.id, kind: 'primary', userId: split.owner.id, percentage: '50', position: 0 },
      { niftyId: split.nifty.id, kind: 'primary', userId: payee.userId, percentage: '50', position: 1 },
    ]);
  return { split, payee };
}

describe('paying a primary intent', () => {
  it('by card mints N editions to the buyer, counts them sold and splits 90/10 in the ledger', async () => {
    const { nifty, owner, collection } = await dropNifty(t.app, {
      editionSize: 10,
      totalSold: 3,
      priceInCents: 2_500,
    });
    const b = await buyer(t.app);
    // The collection page is read (and kept as a shared answer) before the sale.
    const before = await t.app.inject({
      url: `/api/v1/marketplace/collections/${collection.contractAddress}/nifties/${nifty.typeNumber}/`,
    });
    expect(before.json()).toMatchObject({ nifty: { totalSold: 3 } });

    const intent = await created(b, nifty, 2);
    const key = `primary-${intent.purchaseIntentId}`;
    const token = await card(b);
    const res = await pay(b, intent.purchaseIntentId, { payment_token: token }, key);
    expect(res.statusCode, res.body).toBe(200);
    const paid = res.json() as PurchaseIntent;
    expect(paid).toMatchObject({
      paymentState: 'paid',
      requestedQuantity: 2,
      // The card that paid, for the receipt (decision 009 "The card on the receipt").
      paymentCard: { brand: 'Visa', last4: '4242' },
    });
    expect(paid.mintedTokens.map((m) => m.editionNumber)).toEqual([4, 5]);
    expect(paid.mintedTokens.map((m) => m.tokenId)).toEqual([
      String(nifty.typeNumber * 100_000 + 4),
      String(nifty.typeNumber * 100_000 + 5),
    ]);

    // A retry (same key, or a new pay) changes nothing.
    const retry = await pay(b, intent.purchaseIntentId, { payment_token: token }, key);
    expect(retry.json()).toMatchObject({ paymentState: 'paid' });
    expect((await pay(b, intent.purchaseIntentId, {})).json()).toMatchObject({ paymentState: 'paid' });

    expect(await tokensOf(b.userId, nifty.id)).toHaveLength(2);
    expect(await niftyRow(nifty.id)).toMatchObject({ totalSold: 5 });
    const sales = await db()
      .select()
      .from(schema.sales)
      .where(eq(schema.sales.purchaseIntentId, intent.purchaseIntentId));
    expect(sales).toHaveLength(2);
    expect(
      sales.every((s) => s.market === 'primary' && s.sellerId === owner.id && s.priceInCents === 2_500),
    ).toBe(true);

    const fees = primaryFeeBreakdown({ unitPriceCents: 2_500, quantity: 2, method: 'stripe_card' });
    const ledger = createLedgerRepo(db());
    expect(await ledger.balanceOf(owner.id)).toBe(4_500);
    expect(await accountBalance(db(), { kind: 'platform_revenue' })).toBeGreaterThanOrEqual(
      500 + fees.cardFeeCents,
    );
    const [tx] = await db()
      .select()
      .from(schema.ledgerTransactions)
      .where(eq(schema.ledgerTransactions.reference, `purchase_intent:${intent.purchaseIntentId}`));
    const entries = await db()
      .select()
      .from(schema.ledgerEntries)
      .where(eq(schema.ledgerEntries.transactionId, tx?.id ?? -1));
    expect(entries.map((e) => [e.memo, e.amountCents]).sort()).toEqual(
      [
        ['card_payment', -fees.buyerPaysCents],
        ['publisher_proceeds', 4_500],
        ['primary_platform_fee', 500],
        ['card_fee', fees.cardFeeCents],
      ].sort(),
    );
    expect(await ledgerInvariants(db())).toEqual({
      unbalancedTransactions: 0,
      holdsBeyondBalance: 0,
      negativeBalances: 0,
      sumOfAllEntries: 0,
    });
    const captured = t.app.services.cardProcessor
      .charges()
      .filter((c) => c.status === 'captured' && c.amountCents === fees.buyerPaysCents);
    expect(captured.length).toBeGreaterThanOrEqual(1);

    // The collection page shows the new sold count at once (its scope was touched after the commit).
    const after = await t.app.inject({
      url: `/api/v1/marketplace/collections/${collection.contractAddress}/nifties/${nifty.typeNumber}/`,
    });
    expect(after.json()).toMatchObject({ nifty: { totalSold: 5 } });
  });

  it('by balance debits the buyer; too low a balance changes nothing', async () => {
    const { nifty, owner } = await dropNifty(t.app, { priceInCents: 1_000 });
    const b = await buyer(t.app);
    await fund(db(), b.userId, 2_500, t.clock.now());
    const intent = await created(b, nifty, 3);
    const low = await pay(b, intent.purchaseIntentId, { payment_method: 'balance' });
    expect(low.statusCode).toBe(402);
    expect(await tokensOf(b.userId, nifty.id)).toHaveLength(0);
    expect((await patch(b, intent.purchaseIntentId, { requested_quantity: 2 })).statusCode).toBe(200);
    const ok = await pay(b, intent.purchaseIntentId, { payment_method: 'balance' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await tokensOf(b.userId, nifty.id)).toHaveLength(2);
    const ledger = createLedgerRepo(db());
    expect(await ledger.balanceOf(b.userId)).toBe(500);
    expect(await ledger.balanceOf(owner.id)).toBe(1_800);
    expect((await read(b, intent.purchaseIntentId)).mintedTokens).toHaveLength(2);
  });

  it('a free nifty needs no payment; a publisher without an owner is paid to a house account', async () => {
    const free = await dropNifty(t.app, { priceInCents: 0 });
    const b = await buyer(t.app);
    const intent = await created(b, free.nifty, 1);
    expect(intent.paymentMethod).toBe('no_payment_required');
    const res = await pay(b, intent.purchaseIntentId, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(await tokensOf(b.userId, free.nifty.id)).toHaveLength(1);
    // A claim, not a sale (QA 2026-12-07: 'Your NFT sold for $0.00. You received $0.00', and a '$0.00' receipt).
    await t.app.services.accounts.background.idle();
    expect(await outbox(t.app, await emailOf(free.owner.id), 'nft_sold')).toEqual([]);
    const [claimed] = await outbox(t.app, await emailOf(b.userId), 'purchase_receipt');
    expect(claimed?.text).toMatch(/^You claimed .+ #\d+, free\. Order #\d+\./);

    const orphan = await dropNifty(t.app, { priceInCents: 1_000, withOwner: false });
    const c = await buyer(t.app);
    const i2 = await created(c, orphan.nifty, 1);
    expect((await pay(c, i2.purchaseIntentId, { payment_token: await card(c) })).statusCode).toBe(200);
    expect(await accountBalance(db(), { kind: 'unassigned_publisher_proceeds' })).toBe(900);
    expect(await ledgerInvariants(db())).toMatchObject({
      unbalancedTransactions: 0,
      holdsBeyondBalance: 0,
    });
  });

  it("by Klarna (the web offers it): quoted without a card fee, minted only after Klarna's step", async () => {
    const { nifty, owner } = await dropNifty(t.app, { priceInCents: 1_000 });
    const b = await buyer(t.app);
    const intent = await created(b, nifty, 2);
    expect(intent.quotes.find((q) => q.paymentMethod === 'stripe_klarna')).toMatchObject({
      cardFeeInCents: 0,
      totalInCents: 2_000,
    });
    const res = await pay(b, intent.purchaseIntentId, {
      payment_method: 'stripe_klarna',
      payment_token: SIM_EXTERNAL_TOKENS.klarnaApproves,
      expected_total_in_cents: 2_000,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      paymentState: 'requires_action',
      nextAction: { type: 'sim_klarna_redirect' },
    });
    expect(await tokensOf(b.userId, nifty.id)).toHaveLength(0);
    const done = await t.app.inject({
      method: 'POST',
      url: `/api/v2/purchase-intent/${intent.purchaseIntentId}/complete-action`,
      headers: b.headers,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ paymentState: 'paid', paymentMethod: 'stripe_klarna' });
    expect(await tokensOf(b.userId, nifty.id)).toHaveLength(2);
    expect(await createLedgerRepo(db()).balanceOf(owner.id)).toBe(1_800);
    const charges = t.app.services.payments.klarna
      .charges()
      .filter((c) => c.reference === `purchase_intent:${intent.purchaseIntentId}`);
    expect(charges.map((c) => [c.status, c.amountCents])).toEqual([['captured', 2_000]]);
  });

  it('a declined card mints nothing and keeps the hold', async () => {
    const { nifty } = await dropNifty(t.app, { editionSize: 3 });
    const b = await buyer(t.app);
    const intent = await created(b, nifty, 3);
    const res = await pay(b, intent.purchaseIntentId, { payment_token: await card(b, TEST_CARDS.declines) });
    expect(res.statusCode).toBe(402);
    expect(await tokensOf(b.userId, nifty.id)).toHaveLength(0);
    expect(await niftyRow(nifty.id)).toMatchObject({ totalSold: 0 });
    expect((await read(b, intent.purchaseIntentId)).nifty).toMatchObject({ available: 0 });
  });
});

describe("a primary sale's emails", () => {
  // An open edition mints after purchasing closes: its buyer got no receipt and its publisher no 'sold' email.
  it('an open edition: the buyer gets the receipt and the publisher the sold email at payment', async () => {
    const open = await dropNifty(t.app, {
      dropType: 'open_edition',
      priceInCents: 500,
      maxPurchaseQuantity: 10,
    });
    const b = await buyer(t.app);
    await fund(db(), b.userId, 10_000, t.clock.now());
    const intent = await created(b, open.nifty, 3);
    const res = await pay(b, intent.purchaseIntentId, { payment_method: 'balance' });
    expect(res.statusCode, res.body).toBe(200);
    const [receipt] = await outbox(t.app, await emailOf(b.userId), 'purchase_receipt');
    expect(receipt?.text).toMatch(/^You bought .+ \(3 editions\) for \$15\.00/);
    const [sold] = await outbox(t.app, await emailOf(open.owner.id), 'nft_sold');
    expect(sold?.text).toMatch(/^Your NFT .+ \(3 editions\) sold for \$15\.00\. You received \$13\.50/);
  });

  // A publisher with no owner has no one to tell of the sale; the buyer is still sent the receipt.
  it('the buyer gets the receipt though the publisher has no owner to tell', async () => {
    const orphan = await dropNifty(t.app, { priceInCents: 1_000, withOwner: false });
    const b = await buyer(t.app);
    await fund(db(), b.userId, 10_000, t.clock.now());
    const intent = await created(b, orphan.nifty, 1);
    expect((await pay(b, intent.purchaseIntentId, { payment_method: 'balance' })).statusCode).toBe(200);
    const [receipt] = await outbox(t.app, await emailOf(b.userId), 'purchase_receipt');
    // Named by its edition, as the buyer's Purchases row names it (QA 2026-12-07: 'Title × 1').
    expect(receipt?.text).toMatch(/^You bought .+ #\d+ for \$10\.00/);
    expect(receipt?.text).not.toContain('×');
    // It says what paid, as a card receipt names the card.
    expect(receipt?.text).toContain('). Paid from your balance. Order #');
  });

  // Amounts as the site writes them ('$12,500.00'), not '$12500.00'.
  it('writes amounts with thousands separators', async () => {
    const dear = await dropNifty(t.app, { priceInCents: 1_250_000 });
    const b = await buyer(t.app);
    await fund(db(), b.userId, 2_000_000, t.clock.now());
    const intent = await created(b, dear.nifty, 1);
    expect((await pay(b, intent.purchaseIntentId, { payment_method: 'balance' })).statusCode).toBe(200);
    const [receipt] = await outbox(t.app, await emailOf(b.userId), 'purchase_receipt');
    expect(receipt?.text).toContain('for $12,500.00');
    const [sold] = await outbox(t.app, await emailOf(dear.owner.id), 'nft_sold');
    expect(sold?.text).toContain('sold for $12,500.00');
    expect(sold?.text).toContain('You received $11,250.00');
  });

  // Money review, 2026-12-06: the Sales tab showed each edition's 90 % whatever the ledger posted: the whole 90 %
  // to a publisher whose split gave it half, and cents off the movement's own figures for several editions.
  it("the publisher's Sales tab shows what the ledger credited it: its split share, cents adding up", async () => {
    const { split } = await halvedNifty(1_235);
    const b = await buyer(t.app);
    await fund(db(), b.userId, 10_000, t.clock.now());
    const ledger = createLedgerRepo(db());
    const before = await ledger.balanceOf(split.owner.id);
    const intent = await created(b, split.nifty, 2);
    expect((await pay(b, intent.purchaseIntentId, { payment_method: 'balance' })).statusCode).toBe(200);
    const credited = (await ledger.balanceOf(split.owner.id)) - before;
    // $24.70 less the platform's 10 % ($2.47) is $22.23, of which the publisher's half is $11.12.
    expect(credited).toBe(1_112);
    const owner = await sessionFor(t.app, split.owner.profileUrl);
    const res = await t.app.inject({ url: '/api/nifty-dashboard/sales/', headers: owner.headers });
    expect(res.statusCode, res.body).toBe(200);
    const rows = (res.json() as { results: { proceedsInCents: number; serviceFeeInCents: number }[] })
      .results;
    expect(rows).toHaveLength(2);
    expect(rows.reduce((sum, r) => sum + r.proceedsInCents, 0)).toBe(credited);
    expect(rows.reduce((sum, r) => sum + r.serviceFeeInCents, 0)).toBe(247);
    expect(rows.map((r) => r.proceedsInCents)).toEqual([556, 556]);
  });

  // With a primary split the proceeds go to its payees: the owner's email said 'You received' all of them.
  it('with a split, the publisher is told the proceeds were divided, not that it received them', async () => {
    const { split, payee } = await halvedNifty(2_000);
    const b = await buyer(t.app);
    await fund(db(), b.userId, 10_000, t.clock.now());
    const intent = await created(b, split.nifty, 1);
    expect((await pay(b, intent.purchaseIntentId, { payment_method: 'balance' })).statusCode).toBe(200);
    const [sold] = await outbox(t.app, await emailOf(split.owner.id), 'nft_sold');
    expect(sold?.text).toContain(
      'sold for $20.00. Its proceeds of $18.00 were divided by its split, your share $9.00',
    );
    expect(sold?.text).not.toContain('You received');
    // The other payee is told of their share too (they heard nothing), with the same figure as the ledger's.
    const shares = await outbox(t.app, await emailOf(payee.userId), 'nft_sold');
    expect(shares.map((m) => m.text.split('\n\n')[0])).toEqual([
      expect.stringMatching(
        /^.+ #\d+ sold for \$20\.00\. Your share of its proceeds, by its split: \$9\.00\.$/,
      ),
    ]);
    expect(shares[0]?.link).toMatch(/\/dashboard\/transactions$/);
  });
});
