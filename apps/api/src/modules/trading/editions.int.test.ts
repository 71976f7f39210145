// Primary editions beyond fcfs through the real app (issue 15, decision 016): the one-purchase limit and
// reserved editions, open editions minted by their job after purchasing closes ('may take up to 4 hours'),
// blind editions revealed by their job at the end, sealed packs opened once by their owner with contents
// drawn from the remaining pool, burn-required redemptions (burnt and minted in one unit, refused without
// a token to burn), free redemptions paid with no_payment_required, not_for_sale refused.
import { schema, withTransaction } from '@vitrine/db';
import { fixtures } from '@vitrine/db/testing';
import type { EditionInfo, PackOpening, PurchaseIntent } from '@vitrine/domain/trading-responses';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../testing/test-app';
import type { TestSession } from '../social/test-session';
import { OPEN_EDITION_DELIVERY_MESSAGE } from './editions.service';
import { createLedgerRepo } from './ledger.repo';
import { createTradingRepo } from './trading.repo';
import { buyer, dropNifty, fund, ledgerInvariants, sentLater } from './trading-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ seed: false });
});
afterAll(async () => {
  await t.close();
});

const db = () => t.app.config.database.db;
const DAY = 24 * 60 * 60 * 1000;

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

async function created(s: TestSession, nifty: Nifty, quantity = 1, extra: Record<string, unknown> = {}) {
  const res = await create(s, nifty, quantity, extra);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PurchaseIntent;
}

async function payByBalance(s: TestSession, id: number): Promise<PurchaseIntent> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v2/purchase-intent/${id}/pay`,
    headers: s.headers,
    payload: { payment_method: 'balance' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PurchaseIntent;
}

const read = async (s: TestSession, id: number) => {
  const res = await t.app.inject({ url: `/api/payments/purchase-intents/?id=${id}`, headers: s.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PurchaseIntent;
};

const tokensOf = (userId: number, niftyId: number) =>
  db()
    .select()
    .from(schema.tokens)
    .where(and(eq(schema.tokens.ownerId, userId), eq(schema.tokens.niftyId, niftyId)));

const niftyRow = async (id: number) => {
  const [row] = await db().select().from(schema.nifties).where(eq(schema.nifties.id, id));
  return row;
};

/** Moves the server clock past the drops' end (fixtures end a day after their creation) and runs due jobs. */
async function afterTheEnd() {
  t.clock.advance(DAY + 60_000);
  await t.app.services.jobs.drain();
}

describe('limits and reserved editions', () => {
  it('one purchase per user: a second checkout replaces the first; once paid, another is refused', async () => {
    const { nifty } = await dropNifty(t.app, {
      limitPerUser: 1,
      maxPurchaseQuantity: 3,
      priceInCents: 1_000,
    });
    const b = await buyer(t.app);
    await fund(db(), b.userId, 10_000, t.clock.now());
    const abandoned = await created(b, nifty, 2);
    expect(abandoned.nifty?.isOnePurchasePerUser).toBe(true);
    const first = await created(b, nifty, 1);
    expect(first.purchaseIntentId).not.toBe(abandoned.purchaseIntentId);
    await payByBalance(b, first.purchaseIntentId);
    const afterPaid = await create(b, nifty, 1);
    expect(afterPaid.statusCode).toBe(409);
    expect(afterPaid.json()).toMatchObject({ errorType: 'limit-reached' });
    // Another collector is not limited by it.
    await created(await buyer(t.app), nifty, 1);
  });

  it('reserved editions are never sold: the panel counts them out', async () => {
    const { nifty } = await dropNifty(t.app, { editionSize: 5, maxPurchaseQuantity: 5 });
    await db().update(schema.nifties).set({ totalReserved: 3 }).where(eq(schema.nifties.id, nifty.id));
    const b = await buyer(t.app);
    const tooMany = await create(b, nifty, 3);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toMatchObject({ errorType: 'not-enough-editions', message: 'Only 2 Remaining!' });
    const ok = await created(b, nifty, 2);
    expect(ok.nifty?.available).toBe(0);
    const other = await buyer(t.app);
    // The two left are in b's checkout, which may not be paid; once paid, the reserved three are not for sale.
    expect((await create(other, nifty, 1)).json()).toMatchObject({
      statusCode: 409,
      errorType: 'editions-held',
    });
    await fund(db(), b.userId, 1_000_000, t.clock.now());
    await payByBalance(b, ok.purchaseIntentId);
    const none = await create(other, nifty, 1);
    expect(none.json()).toMatchObject({ statusCode: 409, errorType: 'sold-out', message: 'Sold Out' });
  });

  it("the nifty page's answer carries the reserved and burnt counts its button reads (001 §4)", async () => {
    const { nifty } = await dropNifty(t.app, { editionSize: 5 });
    await db()
      .update(schema.nifties)
      .set({ totalReserved: 5, totalBurnt: 0 })
      .where(eq(schema.nifties.id, nifty.id));
    const res = await t.app.inject({
      url: `/api/v1/marketplace/collections/${nifty.contractAddress}/nifties/${nifty.typeNumber}/`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { nifty: unknown }).nifty).toMatchObject({
      editionSize: 5,
      totalSold: 0,
      totalReserved: 5,
      totalBurnt: 0,
    });
  });

  it('not_for_sale is refused', async () => {
    const { nifty } = await dropNifty(t.app, { values: { saleType: 'not_for_sale' } });
    const res = await create(await buyer(t.app), nifty, 1);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ errorType: 'not-for-sale', message: 'This NFT is not for sale' });
  });
});

describe('open editions', () => {
  it('sell any quantity during the window and are minted by the job after purchasing closes', async () => {
    const { nifty } = await dropNifty(t.app, {
      dropType: 'open_edition',
      editionSize: 1,
      maxPurchaseQuantity: 50,
      priceInCents: 500,
    });
    const a = await buyer(t.app);
    const b = await buyer(t.app);
    await fund(db(), a.userId, 100_000, t.clock.now());
    await fund(db(), b.userId, 100_000, t.clock.now());
    // More than the nominal edition size: an open edition has none while it is open.
    const ia = await created(a, nifty, 30);
    expect(ia.saleType).toBe('open_edition');
    const ib = await created(b, nifty, 4);
    const paidA = await payByBalance(a, ia.purchaseIntentId);
    await payByBalance(b, ib.purchaseIntentId);
    expect(paidA).toMatchObject({ paymentState: 'paid', mintedTokens: [] });
    expect(paidA.deliveryMessage).toBe(OPEN_EDITION_DELIVERY_MESSAGE);
    expect(paidA.deliveryMessage).toContain('may take up to 4 hours');
    expect(await tokensOf(a.userId, nifty.id)).toHaveLength(0);
    expect(await niftyRow(nifty.id)).toMatchObject({ totalSold: 34, editionSize: 34 });

    // A restart empties the in-process queue: the owed minting is found and sent again.
    expect(await t.app.services.editions.resumeJobs()).toBeGreaterThanOrEqual(1);
    // The job waits for the end: draining now mints nothing.
    await t.app.services.jobs.drain();
    expect(await tokensOf(a.userId, nifty.id)).toHaveLength(0);
    expect(await t.app.services.editions.mintOpen(nifty.id)).toBe(0);

    await afterTheEnd();
    const mintedA = await tokensOf(a.userId, nifty.id);
    const mintedB = await tokensOf(b.userId, nifty.id);
    expect(mintedA).toHaveLength(30);
    expect(mintedB).toHaveLength(4);
    const editions = [...mintedA, ...mintedB].map((x) => x.editionNumber).sort((x, y) => x - y);
    expect(editions).toEqual(Array.from({ length: 34 }, (_, i) => i + 1));

    // Idempotent: running the job again mints nothing more.
    expect(await t.app.services.editions.mintOpen(nifty.id)).toBe(0);
    const sales = await db()
      .select()
      .from(schema.sales)
      .where(eq(schema.sales.purchaseIntentId, ia.purchaseIntentId));
    expect(sales).toHaveLength(30);
    expect(await ledgerInvariants(db())).toMatchObject({
      unbalancedTransactions: 0,
      holdsBeyondBalance: 0,
      negativeBalances: 0,
    });
  });
});

describe('blind editions', () => {
  it('hide each edition’s artwork until the sale ends, then reveal it from the pool', async () => {
    const { nifty } = await dropNifty(t.app, {
      dropType: 'blind_edition',
      editionSize: 4,
      maxPurchaseQuantity: 4,
      priceInCents: 700,
    });
    await db()
      .insert(schema.editionPools)
      .values([
        { niftyId: nifty.id, assetUrl: '/api/media/fixtures/red.svg', name: 'Red', total: 1, remaining: 1 },
        { niftyId: nifty.id, assetUrl: '/api/media/fixtures/blue.svg', name: 'Blue', total: 3, remaining: 3 },
      ]);
    const b = await buyer(t.app);
    await fund(db(), b.userId, 100_000, t.clock.now());
    const paid = await payByBalance(b, (await created(b, nifty, 4)).purchaseIntentId);
    expect(paid.mintedTokens).toHaveLength(4);
    const first = paid.mintedTokens[0];
    if (!first) throw new Error('no token');
    const info = async () => {
      const res = await t.app.inject({
        url: `/api/v2/editions/${nifty.contractAddress}/${first.tokenId}`,
        headers: b.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as EditionInfo;
    };
    expect(await info()).toMatchObject({ kind: 'blind', revealed: null });

    await afterTheEnd();
    const tokens = await tokensOf(b.userId, nifty.id);
    expect(tokens).toHaveLength(4);
    const names = tokens.map((x) => x.revealedName).sort();
    expect(names).toEqual(['Blue', 'Blue', 'Blue', 'Red']);
    expect((await niftyRow(nifty.id))?.revealedAt).not.toBeNull();
    // Again: already revealed, nothing changes.
    expect(await t.app.services.editions.revealBlind(nifty.id)).toBe(0);
    const pool = await db()
      .select()
      .from(schema.editionPools)
      .where(eq(schema.editionPools.niftyId, nifty.id));
    expect(pool.map((p) => p.remaining)).toEqual([0, 0]);
  });
});

describe('packs', () => {
  async function packDrop(o: { packSize: number; pool: number[] }) {
    const { nifty, collection } = await dropNifty(t.app, {
      dropType: 'pack',
      editionSize: 10,
      maxPurchaseQuantity: 2,
      priceInCents: 1_200,
      values: { niftyType: 'pack', packSize: o.packSize },
    });
    const f = fixtures(db(), { now: t.clock.now() });
    const items = [];
    for (const [i, count] of o.pool.entries()) {
      const item = await f.nifty({
        collectionId: collection.id,
        editionSize: count,
        saleType: 'not_for_sale',
        title: `Item ${i}`,
      });
      items.push(item);
      await db()
        .insert(schema.editionPools)
        .values({
          niftyId: nifty.id,
          contentNiftyId: item.id,
          name: `Item ${i}`,
          total: count,
          remaining: count,
        });
    }
    return { nifty, items };
  }

  const open = (s: TestSession, contract: string, tokenId: string) =>
    t.app.inject({ method: 'POST', url: `/api/v2/editions/${contract}/${tokenId}/open`, headers: s.headers });

  it('a bought pack is sealed; its owner opens it once and gets packSize items from the pool', async () => {
    const { nifty, items } = await packDrop({ packSize: 3, pool: [2, 2, 2] });
    const owner = await buyer(t.app);
    await fund(db(), owner.userId, 100_000, t.clock.now());
    const paid = await payByBalance(owner, (await created(owner, nifty, 2)).purchaseIntentId);
    const [p1, p2] = paid.mintedTokens;
    if (!p1 || !p2) throw new Error('no packs');

    const sealed = await t.app.inject({
      url: `/api/v2/editions/${nifty.contractAddress}/${p1.tokenId}`,
      headers: owner.headers,
    });
    expect(sealed.json()).toMatchObject({
      kind: 'pack',
      isOwner: true,
      opened: false,
      packSize: 3,
      contents: [],
    });

    const stranger = await buyer(t.app);
    const refused = await open(stranger, nifty.contractAddress, p1.tokenId);
    expect(refused.statusCode).toBe(403);

    const res = await open(owner, nifty.contractAddress, p1.tokenId);
    expect(res.statusCode, res.body).toBe(200);
    const { contents } = res.json() as PackOpening;
    expect(contents).toHaveLength(3);
    const itemIds = new Set(items.map((i) => i.id));
    let owned = 0;
    for (const item of items) owned += (await tokensOf(owner.userId, item.id)).length;
    expect(owned).toBe(3);
    expect(itemIds.size).toBe(3);

    const twice = await open(owner, nifty.contractAddress, p1.tokenId);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ errorType: 'pack-opened' });

    const opened = await t.app.inject({ url: `/api/v2/editions/${nifty.contractAddress}/${p1.tokenId}` });
    expect(opened.json()).toMatchObject({ kind: 'pack', isOwner: false, opened: true });
    expect((opened.json() as EditionInfo).contents.map((c) => c.tokenId)).toEqual(
      contents.map((c) => c.tokenId),
    );

    // The second pack takes the last 3 items; the pool is then empty and never below zero.
    const second = await open(owner, nifty.contractAddress, p2.tokenId);
    expect(second.statusCode, second.body).toBe(200);
    const pool = await db()
      .select()
      .from(schema.editionPools)
      .where(eq(schema.editionPools.niftyId, nifty.id));
    expect(pool.reduce((a, p) => a + p.remaining, 0)).toBe(0);
    for (const item of items) expect((await niftyRow(item.id))?.totalSold).toBe(2);
  });

  it('a listed pack is not opened (its buyer would pay for an empty pack); an opened pack is neither listed nor offered on', async () => {
    const { nifty } = await packDrop({ packSize: 1, pool: [3] });
    const owner = await buyer(t.app);
    await fund(db(), owner.userId, 100_000, t.clock.now());
    const paid = await payByBalance(owner, (await created(owner, nifty, 2)).purchaseIntentId);
    const [listedPack, openedPack] = paid.mintedTokens;
    if (!listedPack || !openedPack) throw new Error('no packs');
    const list = (tokenId: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v2/listings',
        headers: owner.headers,
        payload: {
          contractAddress: nifty.contractAddress,
          tokenId,
          price: { amount: '500', currency: 'USD' },
        },
      });
    const listed = await list(listedPack.tokenId);
    expect(listed.statusCode, listed.body).toBe(200);
    const listingId = (listed.json() as { id: number }).id;
    const b = await buyer(t.app);
    await fund(db(), b.userId, 100_000, t.clock.now());
    const match = await t.app.inject({
      method: 'POST',
      url: '/api/v2/listing-match/',
      headers: b.headers,
      payload: { listing_id: listingId },
    });
    expect(match.statusCode, match.body).toBe(200);

    // The owner tries to open it while it is listed (and a buyer is at checkout): refused, still sealed.
    const refused = await open(owner, nifty.contractAddress, listedPack.tokenId);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({
      errorType: 'pack-listed',
      message: 'This pack is listed for sale: cancel the listing before you open it',
    });
    const pay = await payByBalance(b, (match.json() as { listingMatchId: number }).listingMatchId);
    expect(pay.paymentState).toBe('paid');
    const [bought] = await db()
      .select()
      .from(schema.tokens)
      .where(and(eq(schema.tokens.niftyId, nifty.id), eq(schema.tokens.tokenId, listedPack.tokenId)));
    expect({ owner: bought?.ownerId, openedAt: bought?.openedAt }).toEqual({
      owner: b.userId,
      openedAt: null,
    });

    // An opened pack is not sold as a pack: no listing, no offer on it, and an offer made before it was opened
    // is not filled with it.
    const offerOn = (tokenId: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v2/offer',
        headers: b.headers,
        payload: {
          type: 'offer',
          contractAddress: nifty.contractAddress,
          tokenId,
          amount: { amount: '5.00', currency: 'USD' },
          payment_method: 'balance',
        },
      });
    const before = await offerOn(openedPack.tokenId);
    expect(before.statusCode, before.body).toBe(201);
    expect((await open(owner, nifty.contractAddress, openedPack.tokenId)).statusCode).toBe(200);
    const relist = await list(openedPack.tokenId);
    expect(relist.statusCode, relist.body).toBe(409);
    expect(relist.json()).toMatchObject({
      errorType: 'pack-opened',
      message: 'This pack has already been opened',
    });
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/user/accept-bid/',
      headers: owner.headers,
      payload: {
        bid_id: (before.json() as { offer: { id: number } }).offer.id,
        contractAddress: nifty.contractAddress,
        tokenId: openedPack.tokenId,
      },
    });
    expect(accepted.statusCode, accepted.body).toBe(409);
    expect(accepted.json()).toMatchObject({ errorType: 'pack-opened' });
    const cancelled = await t.app.inject({
      method: 'DELETE',
      url: `/api/v2/offer?purchase_intent_id=${(before.json() as { offer: { id: number } }).offer.id}`,
      headers: b.headers,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const after = await offerOn(openedPack.tokenId);
    expect(after.statusCode, after.body).toBe(409);
    expect(after.json()).toMatchObject({ errorType: 'pack-opened' });
    expect(await ledgerInvariants(db())).toMatchObject({ unbalancedTransactions: 0, negativeBalances: 0 });
  });

  it('packs sell only while the pool can fill every sold pack: no one pays for a pack that opens short', async () => {
    // Three items, two a pack: one full pack; the edition size (10) would have sold more.
    const { nifty } = await packDrop({ packSize: 2, pool: [2, 1] });
    const first = await buyer(t.app);
    await fund(db(), first.userId, 100_000, t.clock.now());
    const two = await create(first, nifty, 2);
    expect(two.statusCode, two.body).toBe(409);
    expect(two.json()).toMatchObject({ errorType: 'not-enough-editions', message: 'Only 1 Remaining!' });
    const paid = await payByBalance(first, (await created(first, nifty, 1)).purchaseIntentId);
    const [pack] = paid.mintedTokens;
    if (!pack) throw new Error('no pack');
    // Sold, sealed: its two items are spoken for, so nobody else can buy a pack now.
    const second = await buyer(t.app);
    const late = await create(second, nifty, 1);
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json()).toMatchObject({ errorType: 'sold-out' });
    // The sealed pack opens full.
    const opened = await open(first, nifty.contractAddress, pack.tokenId);
    expect(opened.statusCode, opened.body).toBe(200);
    expect((opened.json() as PackOpening).contents).toHaveLength(2);
    // Opened, the one item left still fills no pack.
    expect((await create(second, nifty, 1)).json()).toMatchObject({ errorType: 'sold-out' });
  });

  it('a quantity raised on an open pack checkout is held to what the pool can fill', async () => {
    const { nifty } = await packDrop({ packSize: 1, pool: [1] });
    const owner = await buyer(t.app);
    const intent = await created(owner, nifty, 1);
    const more = await t.app.inject({
      method: 'PATCH',
      url: '/api/payments/purchase-intents/',
      headers: owner.headers,
      payload: { purchase_intent_id: intent.purchaseIntentId, requested_quantity: 2 },
    });
    expect(more.statusCode, more.body).toBe(409);
  });
});

describe('burn-required and free redemptions', () => {
  /** A free redemption that burns a token of `required` (5 editions), and a new collector to hold one. */
  async function freeBurnRedemption() {
    const f = fixtures(db(), { now: t.clock.now() });
    const required = await f.nifty({ editionSize: 5 });
    const { nifty } = await dropNifty(t.app, {
      priceInCents: 0,
      values: { burnRequired: true, burnNiftyId: required.id, isFreeRedemption: true },
    });
    return { f, required, nifty, holder: await buyer(t.app) };
  }

  // Review 2026-12-07: a drawing's card win whose money was not taken yet could be burnt to redeem another NFT, and
  // its forfeit then stopped, the winner keeping both.
  it('does not burn a drawing win whose payment has not gone through; a paid one of the same kind is burnt', async () => {
    const { f, required, nifty, holder } = await freeBurnRedemption();
    const [pending] = await f.tokens({ niftyId: required.id, ownerId: holder.userId });
    if (!pending) throw new Error('no token');
    // The token is the holder's card win of a drawing, its capture not done yet.
    const [drawing] = await db()
      .insert(schema.drawings)
      .values({ niftyId: required.id, seed: 'seed', commitment: 'commitment', createdAt: t.clock.now() })
      .returning();
    await db()
      .insert(schema.drawingEntries)
      .values({
        drawingId: drawing?.id ?? 0,
        userId: holder.userId,
        priceCents: 1_000,
        paymentMethod: 'stripe_card',
        providerReference: 'ch_sim_pending',
        status: 'won',
        tokenRowId: pending.id,
        createdAt: t.clock.now(),
      });
    const refused = await create(holder, nifty, 1);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ errorType: 'burn-required' });
    // Another edition of the kind, paid for: that one is burnt.
    const [paid] = await f.tokens({ niftyId: required.id, ownerId: holder.userId });
    if (!paid) throw new Error('no token');
    const intent = await created(holder, nifty, 1);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v2/purchase-intent/${intent.purchaseIntentId}/pay`,
      headers: holder.headers,
      payload: { payment_method: 'no_payment_required' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [kept] = await db().select().from(schema.tokens).where(eq(schema.tokens.id, pending.id));
    expect(kept).toMatchObject({ ownerId: holder.userId, burntAt: null });
    const [burnt] = await db().select().from(schema.tokens).where(eq(schema.tokens.id, paid.id));
    expect(burnt?.burntAt).not.toBeNull();
  });

  it('burns the redeemer’s token and mints the edition in one unit; refused without a token to burn', async () => {
    const f = fixtures(db(), { now: t.clock.now() });
    const required = await f.nifty({ editionSize: 5 });
    const { nifty } = await dropNifty(t.app, {
      priceInCents: 0,
      values: { burnRequired: true, burnNiftyId: required.id, isFreeRedemption: true },
    });
    const without = await buyer(t.app);
    const refused = await create(without, nifty, 1);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ errorType: 'burn-required' });

    const holder = await buyer(t.app);
    const [burnable] = await f.tokens({ niftyId: required.id, ownerId: holder.userId });
    if (!burnable) throw new Error('no token');
    const intent = await created(holder, nifty, 1);
    expect(intent.nifty).toMatchObject({ burnRequired: true, isFreeRedemption: true });
    expect(intent.paymentMethod).toBe('no_payment_required');
    expect(intent.quotes[0]?.totalInCents).toBe(0);

    // Sold in between: the burn fails, the redemption rolls back and nothing is minted.
    await db()
      .update(schema.tokens)
      .set({ ownerId: without.userId })
      .where(eq(schema.tokens.id, burnable.id));
    const lost = await t.app.inject({
      method: 'POST',
      url: `/api/v2/purchase-intent/${intent.purchaseIntentId}/pay`,
      headers: holder.headers,
      payload: { payment_method: 'no_payment_required' },
    });
    expect(lost.statusCode).toBe(409);
    expect(lost.json()).toMatchObject({ errorType: 'burn-required' });
    expect(await tokensOf(holder.userId, nifty.id)).toHaveLength(0);
    await db().update(schema.tokens).set({ ownerId: holder.userId }).where(eq(schema.tokens.id, burnable.id));

    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v2/purchase-intent/${intent.purchaseIntentId}/pay`,
      headers: holder.headers,
      payload: { payment_method: 'no_payment_required' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as PurchaseIntent).mintedTokens).toHaveLength(1);
    const [burnt] = await db().select().from(schema.tokens).where(eq(schema.tokens.id, burnable.id));
    expect(burnt).toMatchObject({ ownerId: null });
    expect(burnt?.burntAt).not.toBeNull();
    expect(await niftyRow(required.id)).toMatchObject({ totalBurnt: 1 });
    expect(await tokensOf(holder.userId, nifty.id)).toHaveLength(1);
    // Recorded for the burn rules of drops' criteria (decision 015).
    const burns = await db()
      .select()
      .from(schema.tokenBurns)
      .where(eq(schema.tokenBurns.tokenRowId, burnable.id));
    expect(burns).toMatchObject([{ userId: holder.userId, niftyId: required.id }]);
  });

  it('a redemption and a purchase of its burn token at once do not deadlock (the token before the accounts)', async () => {
    const { f, required, nifty, holder } = await freeBurnRedemption();
    const [burnable] = await f.tokens({ niftyId: required.id, ownerId: holder.userId });
    if (!burnable) throw new Error('no token');
    const listing = await f.listing({ tokenRowId: burnable.id, priceInCents: 5_000 });
    const intent = await created(holder, nifty, 1);
    // An account another movement would lock (house accounts are not locked: decision 022).
    const account = await createLedgerRepo(db()).userAccount(holder.userId);
    const paid = sentLater(() =>
      t.app.inject({
        method: 'POST',
        url: `/api/v2/purchase-intent/${intent.purchaseIntentId}/pay`,
        headers: holder.headers,
        payload: { payment_method: 'no_payment_required' },
      }),
    );
    // As a purchase of the listed burn token takes them: its listing and the token, then the accounts.
    await withTransaction(db(), async (tx) => {
      const trading = createTradingRepo(tx);
      await trading.lockListing(listing.id);
      await trading.lockToken(burnable.id);
      paid.send();
      await new Promise((resolve) => setTimeout(resolve, 500));
      await createLedgerRepo(tx).lock([account]);
    });
    const res = await paid.answer;
    expect(res.statusCode, res.body).toBe(200);
    const [burnt] = await db().select().from(schema.tokens).where(eq(schema.tokens.id, burnable.id));
    expect(burnt?.burntAt).not.toBeNull();
  });

  it('a free redemption is paid with no_payment_required at price 0', async () => {
    const { nifty } = await dropNifty(t.app, { priceInCents: 0, values: { isFreeRedemption: true } });
    const b = await buyer(t.app);
    const intent = await created(b, nifty, 1, { payment_method: 'stripe_card' });
    expect(intent.paymentMethod).toBe('no_payment_required');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v2/purchase-intent/${intent.purchaseIntentId}/pay`,
      headers: b.headers,
      payload: { payment_method: 'no_payment_required' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await read(b, intent.purchaseIntentId)).toMatchObject({ paymentState: 'paid' });
    expect(await tokensOf(b.userId, nifty.id)).toHaveLength(1);
  });
});
