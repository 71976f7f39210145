// The buyer's purchase history (GET /v2/purchase-intent/historical, the dashboard's Purchases tab) through
// the real app: a Buy Now purchase, a primary purchase, NFTs bought through accepted offers (by balance
// and by card), an NFT won at auction and one won in a drawing, newest first, with what was paid, how, when
// and for which NFT, paginated.
import { schema } from '@vitrine/db';
import { fixtures } from '@vitrine/db/testing';
import type { ListingMatch, Offer, PurchaseIntent } from '@vitrine/domain/trading-responses';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../testing/test-app';
import { auctionNifty, placeBid } from '../bids/bids-helpers';
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

/** A buyer with a validated profile (drawings need one) and a funded balance. */
async function validated(cents = 50_000): Promise<TestSession> {
  const s = await buyer(t.app);
  await db().update(schema.users).set({ verifiedPhone: true }).where(eq(schema.users.id, s.userId));
  await fund(db(), s.userId, cents, t.clock.now());
  return s;
}

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
      // 000 §3: what was bid, zeros trimmed.
      bidAmount: '30',
      // The card that backed the offer, as a Buy Now purchase names it (it read only 'Card').
      paymentCard: { brand: 'Visa', last4: '4242' },
    });
    expect(balanceOffer?.paymentCard).toBeNull();
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
      // Buy Now is no bid.
      bidAmount: null,
    });
    expect(balanceOffer?.bidAmount).toBe('60');

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

  it('lists NFTs won at auction and in a drawing beside the other purchases, newest first, paginated; not the losers', async () => {
    const entrants = [await validated(), await validated()];

    // 1. A drawing of one edition at $25, by balance, with two entrants: one wins, the other does not.
    const { nifty: drawn } = await dropNifty(t.app, {
      dropType: 'drawing',
      editionSize: 1,
      priceInCents: 2_500,
    });
    for (const s of entrants) {
      await ok(
        t.app.inject({
          method: 'POST',
          url: `/api/drawings/${drawn.contractAddress}/${drawn.typeNumber}/entries/`,
          headers: s.headers,
        }),
        201,
      );
    }
    const drawingId = await t.app.services.drawings.idOf(drawn.contractAddress, drawn.typeNumber);
    t.clock.advance(MINUTE);
    const drawnAt = t.clock.now().toISOString();
    expect(await t.app.services.drawings.run(drawingId, { force: true })).toBe('drawn');
    const [entry] = await db()
      .select()
      .from(schema.drawingEntries)
      .where(and(eq(schema.drawingEntries.drawingId, drawingId), eq(schema.drawingEntries.status, 'won')));
    if (!entry) throw new Error('nobody won the drawing');
    const b = entrants.find((s) => s.userId === entry.userId) as TestSession;
    const loser = entrants.find((s) => s.userId !== entry.userId) as TestSession;
    const [drawnToken] = await db().select().from(schema.tokens).where(eq(schema.tokens.niftyId, drawn.id));
    if (!drawnToken) throw new Error('no edition minted');

    // 2. The winner buys an NFT (Buy Now, by balance).
    t.clock.advance(MINUTE);
    const listed = await listedToken(t.app, { priceInCents: 4_000 });
    const m = await ok<ListingMatch>(post(b, '/api/v2/listing-match/', { listing_id: listed.listing.id }));
    await ok(post(b, `/api/v2/purchase-intent/${m.listingMatchId}/pay`, { payment_method: 'balance' }));

    // 3. A 1/1 auction: the other bids $10 by balance, the winner $12 by card and wins at the end.
    t.clock.advance(MINUTE);
    const { nifty: auctioned } = await auctionNifty(t.app, { endsInMs: 30 * MINUTE });
    expect((await placeBid(t.app, loser.headers, auctioned, '10')).statusCode).toBe(201);
    const card = { payment_method: 'stripe_card', payment_token: await cardToken(b) };
    expect((await placeBid(t.app, b.headers, auctioned, '12', card)).statusCode).toBe(201);
    t.clock.advance(31 * MINUTE);
    const wonAt = t.clock.now().toISOString();
    expect(await t.app.services.bids.settleAuction(auctioned.id)).toEqual({ settled: true, winners: 1 });
    const [bid] = await db()
      .select()
      .from(schema.bids)
      .where(and(eq(schema.bids.userId, b.userId), eq(schema.bids.niftyId, auctioned.id)));
    const [wonToken] = await db().select().from(schema.tokens).where(eq(schema.tokens.niftyId, auctioned.id));
    if (!bid || !wonToken) throw new Error('the auction was not won');

    const all = await history(b);
    expect(all.count).toBe(3);
    expect(all.results.map((r) => r.saleType)).toEqual(['auction', 'listing', 'drawing']);
    const [auctionRow, buyNow, drawingRow] = all.results;
    expect(auctionRow).toMatchObject({
      purchaseIntentId: bid.id,
      paymentState: 'paid',
      paymentMethod: 'stripe_card',
      paidAt: wonAt,
      bidAmount: '12',
      itemName: wonToken.name,
      token: { contractAddress: wonToken.contractAddress, tokenId: wonToken.tokenId },
      paymentCard: { brand: 'Visa', last4: '4242' },
      quotes: [
        {
          paymentMethod: 'stripe_card',
          priceInCents: 1_200,
          totalInCents: 1_200,
          serviceFeeInCents: 120,
          creatorFeeInCents: 0,
          sellerReceivesInCents: 1_080,
        },
      ],
    });
    expect(buyNow).toMatchObject({ purchaseIntentId: m.listingMatchId, saleType: 'listing' });
    expect(drawingRow).toMatchObject({
      purchaseIntentId: entry.id,
      paymentState: 'paid',
      paymentMethod: 'balance',
      paidAt: drawnAt,
      itemName: drawnToken.name,
      token: { contractAddress: drawnToken.contractAddress, tokenId: drawnToken.tokenId },
      quotes: [
        {
          paymentMethod: 'balance',
          priceInCents: 2_500,
          totalInCents: 2_500,
          serviceFeeInCents: 250,
          creatorFeeInCents: 0,
          sellerReceivesInCents: 2_250,
        },
      ],
    });

    // Pages of 2: the drawing win (the oldest) is alone on page 2.
    const page1 = await history(b, '?page=1&page_size=2');
    expect(page1).toMatchObject({ count: 3, total_pages: 2 });
    expect(page1.results.map((r) => [r.saleType, r.purchaseIntentId])).toEqual([
      ['auction', bid.id],
      ['listing', m.listingMatchId],
    ]);
    const page2 = await history(b, '?page=2&page_size=2');
    expect(page2.results.map((r) => [r.saleType, r.purchaseIntentId])).toEqual([['drawing', entry.id]]);

    // The other entrant and bidder lost both: nothing is theirs.
    expect(await history(loser)).toMatchObject({ count: 0, results: [] });
  });
});
