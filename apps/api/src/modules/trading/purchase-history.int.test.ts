// The buyer's purchase history (GET /v2/purchase-intent/historical, the dashboard's Purchases tab) through
// the real app: a Buy Now purchase, a primary purchase and NFTs bought through accepted offers (by balance
// and by card), newest first, with what was paid, how, when and for which NFT, paginated.
import { schema } from '@vitrine/db';
import { fixtures } from '@vitrine/db/testing';
import type { ListingMatch, Offer, PurchaseIntent } from '@vitrine/domain/trading-responses';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../testing/test-app';
import { sessionFor, type TestSession } from '../social/test-session';
import { TEST_CARDS } from './payment-providers';
import { buyer, dropNifty, fund, listedToken } from './trading-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ seed: false });
});
afterAll(async () => {
  await t.close();
});

const db = () => t.app.config.database.db;
const MINUTE = 60_000;

/** An owner with one token of a nifty (royalty 10 %, a creator). */
async function ownedToken() {
  const f = fixtures(db(), { now: t.clock.now() });
  const creator = await f.user();
  const owner = await f.user();
  const collection = await f.collection({ creatorIds: [creator.id] });
  const nifty = await f.nifty({ collectionId: collection.id, royaltyPercentage: 10 });
  const [token] = await f.tokens({ niftyId: nifty.id, ownerId: owner.id, count: 1 });
  if (!token) throw new Error('no token');
  const [named] = await db()
    .select({ name: schema.tokens.name })
    .from(schema.tokens)
    .where(eq(schema.tokens.id, token.id));
  if (!named?.name) throw new Error('token without a name');
  return { owner: await sessionFor(t.app, owner.profileUrl), nifty, token, name: named.name };
}

async function ok<T>(res: Promise<{ statusCode: number; body: string; json: () => unknown }>, status = 200) {
  const r = await res;
  expect(r.statusCode, r.body).toBe(status);
  return r.json() as T;
}

const post = (s: TestSession, url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers: s.headers, payload });

async function cardToken(s: TestSession): Promise<string> {
  const pm = await ok<{ id: string }>(
    post(s, '/api/sim-card-processor/payment_methods', {
      number: TEST_CARDS.succeeds,
      exp_month: 12,
      exp_year: 2031,
      cvc: '123',
    }),
  );
  return pm.id;
}

async function history(s: TestSession, query = '') {
  return ok<{ count: number; total_pages: number; results: PurchaseIntent[] }>(
    t.app.inject({ url: `/api/v2/purchase-intent/historical${query}`, headers: s.headers }),
  );
}

describe('purchase history', () => {
  it('lists Buy Now, primary and accepted-offer purchases (balance and card), newest first, paginated', async () => {
    const b = await buyer(t.app);
    await fund(db(), b.userId, 50_000, t.clock.now());

    // 1. Buy Now by balance.
    const listed = await listedToken(t.app, { priceInCents: 4_000 });
    const m = await ok<ListingMatch>(post(b, '/api/v2/listing-match/', { listing_id: listed.listing.id }));
    await ok(post(b, `/api/v2/purchase-intent/${m.listingMatchId}/pay`, { payment_method: 'balance' }));

    // 2. A primary purchase by balance.
    t.clock.advance(MINUTE);
    const { nifty: dropped } = await dropNifty(t.app, { priceInCents: 2_500 });
    const primary = await ok<PurchaseIntent>(
      post(b, '/api/payments/purchase-intents/', {
        contract_address: dropped.contractAddress,
        nifty_type: dropped.typeNumber,
        requested_quantity: 1,
      }),
    );
    await ok(
      post(b, `/api/v2/purchase-intent/${primary.purchaseIntentId}/pay`, { payment_method: 'balance' }),
    );

    // 3. An offer on one NFT by balance, accepted.
    t.clock.advance(MINUTE);
    const first = await ownedToken();
    const byBalance = (
      await ok<{ offer: Offer }>(
        post(b, '/api/v2/offer', {
          type: 'offer',
          contractAddress: first.token.contractAddress,
          tokenId: first.token.tokenId,
          amount: { amount: '60', currency: 'USD' },
          payment_method: 'balance',
        }),
        201,
      )
    ).offer;
    t.clock.advance(MINUTE);
    const acceptedAt1 = t.clock.now().toISOString();
    await ok(
      post(first.owner, '/api/user/accept-bid/', {
        bid_id: byBalance.id,
        contractAddress: first.token.contractAddress,
        tokenId: first.token.tokenId,
      }),
    );

    // 4. A global offer by card, accepted.
    t.clock.advance(MINUTE);
    const second = await ownedToken();
    const byCard = (
      await ok<{ offer: Offer }>(
        post(b, '/api/v2/offer', {
          type: 'global_offer',
          contractAddress: second.nifty.contractAddress,
          niftyType: String(second.nifty.typeNumber),
          amount: { amount: '30', currency: 'USD' },
          payment_method: 'stripe_card',
          payment_token: await cardToken(b),
        }),
        201,
      )
    ).offer;
    t.clock.advance(MINUTE);
    const acceptedAt2 = t.clock.now().toISOString();
    await ok(
      post(second.owner, '/api/user/accept-bid/', {
        bid_id: byCard.id,
        contractAddress: second.token.contractAddress,
        tokenId: second.token.tokenId,
      }),
    );

    // An open offer is not a purchase.
    const third = await ownedToken();
    await ok(
      post(b, '/api/v2/offer', {
        type: 'offer',
        contractAddress: third.token.contractAddress,
        tokenId: third.token.tokenId,
        amount: { amount: '10', currency: 'USD' },
        payment_method: 'balance',
      }),
      201,
    );

    const all = await history(b);
    expect(all.count).toBe(4);
    expect(all.results.map((r) => r.saleType)).toEqual(['global_offer', 'offer', 'fcfs', 'listing']);
    const [cardOffer, balanceOffer, primaryRow, buyNow] = all.results;
    expect(cardOffer).toMatchObject({
      purchaseIntentId: byCard.id,
      paymentState: 'paid',
      paymentMethod: 'stripe_card',
      paidAt: acceptedAt2,
      itemName: second.name,
      token: { contractAddress: second.token.contractAddress, tokenId: second.token.tokenId },
      quotes: [{ paymentMethod: 'stripe_card', priceInCents: 3_000, totalInCents: 3_000 }],
    });
    expect(balanceOffer).toMatchObject({
      purchaseIntentId: byBalance.id,
      paymentState: 'paid',
      paymentMethod: 'balance',
      paidAt: acceptedAt1,
      itemName: first.name,
      token: { contractAddress: first.token.contractAddress, tokenId: first.token.tokenId },
      quotes: [
        {
          paymentMethod: 'balance',
          priceInCents: 6_000,
          totalInCents: 6_000,
          serviceFeeInCents: 300,
          creatorFeeInCents: 600,
          sellerReceivesInCents: 5_100,
        },
      ],
    });
    expect(primaryRow).toMatchObject({
      purchaseIntentId: primary.purchaseIntentId,
      paymentMethod: 'balance',
      paymentState: 'paid',
    });
    expect(buyNow).toMatchObject({
      purchaseIntentId: m.listingMatchId,
      paymentMethod: 'balance',
      paymentState: 'paid',
      token: { contractAddress: listed.token.contractAddress, tokenId: listed.token.tokenId },
    });

    // Pages of 3: the fourth purchase (the oldest) is alone on page 2.
    const page1 = await history(b, '?page=1&page_size=3');
    expect(page1).toMatchObject({ count: 4, total_pages: 2 });
    expect(page1.results.map((r) => r.purchaseIntentId)).toEqual([
      byCard.id,
      byBalance.id,
      primary.purchaseIntentId,
    ]);
    const page2 = await history(b, '?page=2&page_size=3');
    expect(page2.results.map((r) => r.purchaseIntentId)).toEqual([m.listingMatchId]);

    // The sellers' histories hold none of it.
    expect((await history(first.owner)).count).toBe(0);
  });
});
