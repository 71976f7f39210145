// A seller's discount off a listing (000 §3 listingDiscount, the dashboard's Active Discounts): buyers see the list
// price and the discount, and pay the price it leaves, through the same purchase as any price. A checkout quoted
// before the discount changed is refused like one quoted before a reprice; a discount and a sale of the listing at
// once end in one of the two, never a sale at a price nobody quoted.
import { schema } from '@vitrine/db';
import { feeBreakdown } from '@vitrine/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../testing/test-app';
import type { TestSession } from '../social/test-session';
import {
  accountBalance,
  buyer,
  fund,
  ledgerInvariants,
  listedToken,
  listingMatchOf,
  ownerOfToken,
  payIntent,
} from './trading-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ seed: false });
});
afterAll(async () => {
  await t.close();
});

type Price = { amount: string | number; currency: 'USD' | 'ETH' };

const patch = (session: TestSession, id: number, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PATCH', url: `/api/v2/listings/${id}`, headers: session.headers, payload });
const discount = (session: TestSession, id: number, d: Price | null) => patch(session, id, { discount: d });
const usd = (amount: string | number): Price => ({ amount, currency: 'USD' });
const item = (token: { contractAddress: string; tokenId: string }) =>
  t.app.inject(`/api/v1/marketplace/items/${token.contractAddress}/${token.tokenId}/`);

/** A buyer with `cents` on their balance. */
async function fundedBuyer(cents: number) {
  const b = await buyer(t.app);
  await fund(t.app.config.database.db, b.userId, cents, t.clock.now());
  return b;
}

const balanceOf = (userId: number) => accountBalance(t.app.config.database.db, { userId });

describe('a listing discount', () => {
  it('shows the list price and the discount everywhere the listing shows, and the buyer pays the price it leaves', async () => {
    const { seller, token, listing } = await listedToken(t.app, {
      priceInCents: 10_000,
      royaltyPercentage: 10,
    });
    const set = await discount(seller, listing.id, usd('20'));
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({
      status: 'active',
      baseListingPrice: { amount: '10000', currency: 'USD' },
      listingDiscount: { amount: '2000', currency: 'USD' },
      priceInCents: 8_000,
    });
    // The item page (the collection's table is checked in the browser, on the demo data).
    expect((await item(token)).json()).toMatchObject({
      listing: {
        id: listing.id,
        baseListingPrice: { amount: '10000', currency: 'USD' },
        listingDiscount: { amount: '2000', currency: 'USD' },
        priceInCents: 8_000,
      },
    });
    const db = t.app.config.database.db;
    const b = await fundedBuyer(10_000);
    const m = await listingMatchOf(t.app, b, listing.id);
    const quote = m.purchaseIntent.quotes.find((q) => q.paymentMethod === 'balance');
    expect(quote).toMatchObject({ priceInCents: 8_000, totalInCents: 8_000 });
    const paid = await payIntent(t.app, b, m.listingMatchId, { payment_method: 'balance' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ paymentState: 'paid' });
    expect(await ownerOfToken(db, token.id)).toBe(b.userId);
    const fees = feeBreakdown({
      priceCents: 8_000,
      royaltyBps: 1_000,
      method: 'balance',
      isExternal: false,
      deliveryFeeCents: 0,
    });
    expect(await balanceOf(b.userId)).toBe(2_000);
    expect(await balanceOf(seller.userId)).toBe(fees.sellerReceivesCents);
    expect(fees.sellerReceivesCents).toBe(8_000 - 400 - 800);
    await ledgerInvariants(db);
  });

  it('refuses a discount that is not one, or that leaves less than the lowest price; the listing stays as it was', async () => {
    const { seller, token, listing } = await listedToken(t.app, { priceInCents: 10_000 });
    for (const [d, message] of [
      [usd('0'), 'Enter a discount above 0'],
      [usd('-5'), 'Enter a discount like 5 or 2.50'],
      [usd('2.505'), 'Enter a discount like 5 or 2.50'],
      [usd('100'), 'A discount must leave a price of $1.00 or more: at most $99.00 off $100.00'],
      [usd('99.01'), 'A discount must leave a price of $1.00 or more: at most $99.00 off $100.00'],
      [{ amount: '0.001', currency: 'ETH' }, "Enter the discount in USD, the listing's currency"],
    ] as const) {
      const refused = await discount(seller, listing.id, d);
      expect(refused.statusCode, `${JSON.stringify(d)}: ${refused.body}`).toBe(400);
      const body = refused.json() as { errorType: string; fields?: Record<string, string> };
      expect(body.errorType).toBe('validation-error');
      // The route's own check of the amount names the field by its path; the rule's by 'discount'.
      expect(Object.values(body.fields ?? {}), JSON.stringify(d)).toContain(message);
    }
    // Nothing was written by the refusals; nor by a body that mixes two changes (each is one change at a time).
    const unchanged = {
      baseListingPrice: { amount: '10000', currency: 'USD' },
      listingDiscount: null,
      priceInCents: 10_000,
    };
    expect((await item(token)).json()).toMatchObject({ listing: unchanged });
    for (const mixed of [
      { price: usd('90'), discount: usd('5') },
      { status: 'cancelled', discount: null },
    ]) {
      const refused = await patch(seller, listing.id, mixed);
      expect(refused.statusCode, JSON.stringify(mixed)).toBe(400);
    }
    expect((await item(token)).json()).toMatchObject({ listing: { ...unchanged, id: listing.id } });
    // At most: $99.00 off leaves the lowest price, $1.00.
    const most = await discount(seller, listing.id, usd('99'));
    expect(most.json()).toMatchObject({ priceInCents: 100, listingDiscount: { amount: '9900' } });
    expect((await item(token)).json()).toMatchObject({ listing: { priceInCents: 100 } });
  });

  it('only the seller sets one, and only on an active listing', async () => {
    const { seller, listing } = await listedToken(t.app, { priceInCents: 10_000 });
    const stranger = await buyer(t.app);
    const notTheirs = await discount(stranger, listing.id, usd('10'));
    expect(notTheirs.statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'PATCH',
      url: `/api/v2/listings/${listing.id}`,
      payload: { discount: usd('10') },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await patch(seller, listing.id, { status: 'cancelled' })).statusCode).toBe(200);
    const closed = await discount(seller, listing.id, usd('10'));
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toMatchObject({ errorType: 'listing-unavailable' });
    const missing = await discount(seller, 999_999_999, usd('10'));
    expect(missing.statusCode).toBe(404);
  });

  it('a checkout quoted before the discount changed is refused; a new Buy Now pays the new price; removing it restores the list price', async () => {
    const { seller, token, listing } = await listedToken(t.app, { priceInCents: 5_000 });
    const b = await fundedBuyer(10_000);
    const before = await listingMatchOf(t.app, b, listing.id);
    expect((await discount(seller, listing.id, usd('5'))).statusCode).toBe(200);
    const stale = await payIntent(t.app, b, before.listingMatchId, { payment_method: 'balance' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ errorType: 'price-changed' });
    expect(await balanceOf(b.userId)).toBe(10_000);

    // Quoted at the discount, then the discount is removed: the buyer is not charged the higher list price.
    const discounted = await listingMatchOf(t.app, b, listing.id);
    expect(discounted.purchaseIntent.quotes[0]).toMatchObject({ priceInCents: 4_500 });
    const removed = await discount(seller, listing.id, null);
    expect(removed.json()).toMatchObject({
      baseListingPrice: { amount: '5000' },
      listingDiscount: null,
      priceInCents: 5_000,
    });
    const refused = await payIntent(t.app, b, discounted.listingMatchId, { payment_method: 'balance' });
    expect(refused.json()).toMatchObject({ errorType: 'price-changed' });
    expect(await ownerOfToken(t.app.config.database.db, token.id)).toBe(seller.userId);

    const fresh = await listingMatchOf(t.app, b, listing.id);
    expect(fresh.purchaseIntent.quotes[0]).toMatchObject({ priceInCents: 5_000 });
    const paid = await payIntent(t.app, b, fresh.listingMatchId, { payment_method: 'balance' });
    expect(paid.json()).toMatchObject({ paymentState: 'paid' });
    expect(await balanceOf(b.userId)).toBe(5_000);
  });

  it('a new list price keeps the discount, refuses a price with no room for it, and a new currency drops it', async () => {
    const { seller, listing } = await listedToken(t.app, { priceInCents: 10_000 });
    expect((await discount(seller, listing.id, usd('20'))).statusCode).toBe(200);
    const higher = await patch(seller, listing.id, { price: usd('150') });
    expect(higher.json()).toMatchObject({
      baseListingPrice: { amount: '15000' },
      listingDiscount: { amount: '2000' },
      priceInCents: 13_000,
    });
    const tooLow = await patch(seller, listing.id, { price: usd('20.99') });
    expect(tooLow.statusCode).toBe(400);
    expect(tooLow.json()).toMatchObject({
      fields: {
        price: 'Your discount of $20.00 needs a price of at least $21.00: lower or remove the discount first',
      },
    });
    const lowest = await patch(seller, listing.id, { price: usd('21') });
    expect(lowest.json()).toMatchObject({ priceInCents: 100, listingDiscount: { amount: '2000' } });

    // A discount of $20.00 means nothing in ETH: the new currency's price is the price buyers pay.
    await t.app.config.database.db
      .insert(schema.fxRates)
      .values({ sourceCurrency: 'ETH', baseCurrency: 'USD', price: '3000', createdAt: t.clock.now() });
    const eth = await patch(seller, listing.id, { price: { amount: '0.5', currency: 'ETH' } });
    expect(eth.json()).toMatchObject({
      baseListingPrice: { amount: '500000000000000000', currency: 'ETH' },
      listingDiscount: null,
      priceInCents: 150_000,
    });
    // And one in ETH comes off an ETH price.
    const ethOff = await discount(seller, listing.id, { amount: '0.1', currency: 'ETH' });
    expect(ethOff.json()).toMatchObject({
      baseListingPrice: { amount: '500000000000000000', currency: 'ETH' },
      listingDiscount: { amount: '100000000000000000', currency: 'ETH' },
      priceInCents: 120_000,
    });
  });
});

describe('a discount and a sale of the same listing', () => {
  it('a discount after the sale finds the listing sold, and the sale stands at its price', async () => {
    const { seller, token, listing } = await listedToken(t.app, { priceInCents: 4_000 });
    const b = await fundedBuyer(4_000);
    const m = await listingMatchOf(t.app, b, listing.id);
    expect((await payIntent(t.app, b, m.listingMatchId, { payment_method: 'balance' })).statusCode).toBe(200);
    const late = await discount(seller, listing.id, usd('10'));
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ errorType: 'listing-unavailable' });
    expect(await ownerOfToken(t.app.config.database.db, token.id)).toBe(b.userId);
    expect(await balanceOf(b.userId)).toBe(0);
  });

  it('ends in one of the two: the sale at the quoted price, or the discount and no sale', async () => {
    for (let round = 0; round < 8; round += 1) {
      const { seller, token, listing } = await listedToken(t.app, { priceInCents: 4_000 });
      const buyers = await Promise.all([1, 2, 3, 4].map(() => fundedBuyer(4_000)));
      const matches = await Promise.all(buyers.map((b) => listingMatchOf(t.app, b, listing.id)));
      // The discount sent a little later each round, so that it meets the sale at different points of it.
      const [set, ...pays] = await Promise.all([
        (async () => {
          await new Promise<void>((r) => setTimeout(r, round * 3));
          return await discount(seller, listing.id, usd('10'));
        })(),
        ...buyers.map((b, k) =>
          payIntent(t.app, b, matches[k]?.listingMatchId ?? 0, { payment_method: 'balance' }),
        ),
      ]);
      if (!set) throw new Error('no answer');
      const paid = pays.filter((p) => p.statusCode === 200);
      const db = t.app.config.database.db;
      const owner = await ownerOfToken(db, token.id);
      const balances = await Promise.all(buyers.map((b) => balanceOf(b.userId)));
      if (set.statusCode === 200) {
        // The discount went first: every checkout was quoted at $40.00 and is refused; nothing moved.
        expect(paid).toHaveLength(0);
        for (const p of pays) expect(p.json()).toMatchObject({ errorType: 'price-changed' });
        expect(owner).toBe(seller.userId);
        expect(balances).toEqual([4_000, 4_000, 4_000, 4_000]);
      } else {
        // The sale went first, at the price its buyer was quoted: the discount finds the listing sold.
        expect(set.statusCode, set.body).toBe(409);
        expect(set.json()).toMatchObject({ errorType: 'listing-unavailable' });
        expect(paid).toHaveLength(1);
        const winner = buyers[pays.indexOf(paid[0] as (typeof pays)[number])];
        expect(owner).toBe(winner?.userId);
        expect(balances.filter((c) => c === 0)).toHaveLength(1);
        expect(balances.filter((c) => c === 4_000)).toHaveLength(3);
      }
      await ledgerInvariants(db);
    }
  });
});
