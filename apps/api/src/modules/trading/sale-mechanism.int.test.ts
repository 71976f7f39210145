// How a drop's NFT sells is decided by its own sale type, in one place (`checkoutKindOf`), for checkout, bids and
// drawings alike (primary-sales review, 2026-12-06). A studio drop mixes sale types and takes the type chosen last,
// and before this the drawings went by the drop's type while checkout went by another rule: a 1/1 auction in a
// drawing-type drop was given away by the drawing, a fixed-price NFT was both bought and won past its
// one-per-collector limit, a drawing NFT in an fcfs-type drop could not be had at all, and an FCFS NFT of 3 in an
// open-edition-type drop sold 10. Also here: burn-required NFTs (a drawing entered without a burn, one burnt token
// redeeming five editions) and a blind edition paid in its checkout window after the reveal.
import { schema } from '@vitrine/db';
import { fixtures } from '@vitrine/db/testing';
import type { EditionInfo, PurchaseIntent } from '@vitrine/domain/trading-responses';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../testing/test-app';
import { placeBid } from '../bids/bids-helpers';
import type { TestSession } from '../social/test-session';
import { blindPool, buyer, dropNifty, fund, payIntent, primaryCheckout } from './trading-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ seed: false });
});
afterAll(async () => {
  await t.close();
});

const db = () => t.app.config.database.db;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
type Nifty = Awaited<ReturnType<typeof dropNifty>>['nifty'];

const checkout = (s: TestSession, nifty: Nifty, quantity = 1) => primaryCheckout(t.app, s, nifty, quantity);
const pay = (s: TestSession, id: number, method = 'balance') =>
  payIntent(t.app, s, id, { payment_method: method });
const enter = (s: TestSession, n: Nifty) =>
  t.app.inject({
    method: 'POST',
    url: `/api/drawings/${n.contractAddress}/${n.typeNumber}/entries/`,
    headers: s.headers,
  });
const tokensOf = (userId: number, niftyId: number) =>
  db()
    .select()
    .from(schema.tokens)
    .where(and(eq(schema.tokens.ownerId, userId), eq(schema.tokens.niftyId, niftyId)));

/** A buyer with a validated profile (drawings ask for one), funded. */
async function validated(cents = 100_000): Promise<TestSession> {
  const s = await buyer(t.app);
  await db().update(schema.users).set({ verifiedPhone: true }).where(eq(schema.users.id, s.userId));
  if (cents > 0) await fund(db(), s.userId, cents, t.clock.now());
  return s;
}

describe("a drop's NFT sells by its own sale type", () => {
  it('a 1/1 auction in a drawing-type drop takes no entries; the highest bidder wins it', async () => {
    const { nifty } = await dropNifty(t.app, {
      dropType: 'drawing',
      editionSize: 1,
      priceInCents: 0,
      values: { saleType: 'auction', minimumBidInCents: 1_000, bidIncrementInCents: 100 },
    });
    const entrant = await validated(0);
    expect((await enter(entrant, nifty)).statusCode).toBe(404);
    t.clock.advance(DAY - 2 * MINUTE);
    const bidder = await validated(1_000_000);
    expect((await placeBid(t.app, bidder.headers, nifty, '5000.00')).statusCode).toBe(201);
    t.clock.advance(3 * MINUTE);
    await t.app.services.jobs.drain();
    t.clock.advance(6 * MINUTE);
    await t.app.services.jobs.drain();
    expect(await tokensOf(entrant.userId, nifty.id)).toHaveLength(0);
    expect(await tokensOf(bidder.userId, nifty.id)).toHaveLength(1);
  });

  it('a fixed-price NFT in a drawing-type drop is bought at checkout and takes no entries', async () => {
    const { nifty } = await dropNifty(t.app, {
      dropType: 'drawing',
      editionSize: 2,
      priceInCents: 500,
      limitPerUser: 1,
      values: { saleType: 'standard' },
    });
    const s = await validated();
    const intent = await checkout(s, nifty);
    expect(intent.statusCode, intent.body).toBe(200);
    expect((await pay(s, (intent.json() as PurchaseIntent).purchaseIntentId)).statusCode).toBe(200);
    expect((await enter(s, nifty)).statusCode).toBe(404);
    t.clock.advance(DAY + MINUTE);
    await t.app.services.jobs.drain();
    expect(await tokensOf(s.userId, nifty.id)).toHaveLength(1);
  });

  it('a drawing NFT in an fcfs-type drop takes entries, not checkouts', async () => {
    const { nifty } = await dropNifty(t.app, {
      dropType: 'fcfs',
      editionSize: 2,
      priceInCents: 500,
      values: { saleType: 'drawing' },
    });
    const s = await validated();
    expect((await checkout(s, nifty)).statusCode).toBe(422);
    const entry = await enter(s, nifty);
    expect(entry.statusCode, entry.body).toBe(201);
  });

  it('an FCFS NFT of 3 in an open-edition-type drop sells 3, not more', async () => {
    const { nifty } = await dropNifty(t.app, {
      dropType: 'open_edition',
      editionSize: 3,
      maxPurchaseQuantity: 10,
      priceInCents: 500,
      values: { saleType: 'standard' },
    });
    const b = await validated();
    const ten = await checkout(b, nifty, 10);
    expect(ten.statusCode).toBe(409);
    const three = await checkout(b, nifty, 3);
    expect(three.statusCode, three.body).toBe(200);
    expect((await pay(b, (three.json() as PurchaseIntent).purchaseIntentId)).statusCode).toBe(200);
    const [row] = await db().select().from(schema.nifties).where(eq(schema.nifties.id, nifty.id));
    expect(row).toMatchObject({ editionSize: 3, totalSold: 3 });
  });
});

describe('burn-required NFTs', () => {
  it('a burn-required drawing takes no entries (burning to enter is not built): nothing is won without a burn', async () => {
    const f = fixtures(db(), { now: t.clock.now() });
    const required = await f.nifty({ editionSize: 5 });
    const { nifty } = await dropNifty(t.app, {
      dropType: 'drawing',
      editionSize: 2,
      priceInCents: 0,
      values: { saleType: 'drawing', burnRequired: true, burnNiftyId: required.id },
    });
    const s = await validated(0);
    await f.tokens({ niftyId: required.id, ownerId: s.userId, count: 1 });
    // The drawing says so, and its page's button reads 'Burn Required' (disabled), as its drop card does.
    const read = await t.app.inject({ url: `/api/drawings/${nifty.contractAddress}/${nifty.typeNumber}/` });
    expect(read.json()).toMatchObject({ burnRequired: true });
    const entry = await enter(s, nifty);
    expect(entry.statusCode).toBe(409);
    expect(entry.json()).toMatchObject({ errorType: 'burn-required' });
    t.clock.advance(DAY + MINUTE);
    await t.app.services.jobs.drain();
    expect(await tokensOf(s.userId, nifty.id)).toHaveLength(0);
  });

  it('one burnt token redeems one edition', async () => {
    const f = fixtures(db(), { now: t.clock.now() });
    const required = await f.nifty({ editionSize: 5 });
    const { nifty } = await dropNifty(t.app, {
      priceInCents: 0,
      maxPurchaseQuantity: 5,
      values: { burnRequired: true, burnNiftyId: required.id, isFreeRedemption: true },
    });
    const holder = await buyer(t.app);
    await f.tokens({ niftyId: required.id, ownerId: holder.userId, count: 1 });
    const five = await checkout(holder, nifty, 5);
    expect(five.statusCode).toBe(400);
    const one = await checkout(holder, nifty, 1);
    expect(one.statusCode, one.body).toBe(200);
    const id = (one.json() as PurchaseIntent).purchaseIntentId;
    const more = await t.app.inject({
      method: 'PATCH',
      url: '/api/payments/purchase-intents/',
      headers: holder.headers,
      payload: { purchase_intent_id: id, requested_quantity: 3 },
    });
    expect(more.statusCode).toBe(400);
    expect((await pay(holder, id, 'no_payment_required')).statusCode).toBe(200);
    const burnt = await db()
      .select()
      .from(schema.tokenBurns)
      .where(eq(schema.tokenBurns.userId, holder.userId));
    expect(burnt).toHaveLength(1);
    expect(await tokensOf(holder.userId, nifty.id)).toHaveLength(1);
  });
});

describe('a blind edition paid after the reveal', () => {
  it('is revealed too', async () => {
    const { nifty } = await dropNifty(t.app, {
      dropType: 'blind_edition',
      editionSize: 4,
      maxPurchaseQuantity: 4,
      priceInCents: 700,
    });
    await blindPool(db(), nifty.id, 2);
    const early = await validated();
    const first = await checkout(early, nifty);
    expect((await pay(early, (first.json() as PurchaseIntent).purchaseIntentId)).statusCode).toBe(200);
    t.clock.advance(DAY - 2 * MINUTE);
    const late = await validated();
    const open = await checkout(late, nifty);
    expect(open.statusCode).toBe(200);
    t.clock.advance(3 * MINUTE);
    await t.app.services.jobs.drain();
    expect((await tokensOf(early.userId, nifty.id))[0]?.revealedAssetUrl).not.toBeNull();
    // Paid within its checkout's window, after the drop ended and the reveal ran.
    const paid = await pay(late, (open.json() as PurchaseIntent).purchaseIntentId);
    expect(paid.statusCode, paid.body).toBe(200);
    const minted = (paid.json() as PurchaseIntent).mintedTokens[0];
    await t.app.services.jobs.drain();
    const info = await t.app.inject({ url: `/api/v2/editions/${nifty.contractAddress}/${minted?.tokenId}` });
    expect((info.json() as EditionInfo).revealed).not.toBeNull();
  });
});
