// A USD listing price is in cents: a fraction of a cent is refused, not rounded away (QA: 0.001 was listed
// for $0.00 and 1.234 for $1.23 without a word). The same for an offer's and a bid's amount, whether sent
// as a string or as a JSON number (10.005 was an offer of $10.01; a listing at 1e-9 was listed at $0).
import { fixtures } from '@vitrine/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../testing/test-app';
import { buyer } from './trading-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ seed: false });
});
afterAll(async () => {
  await t.close();
});

type Owner = Awaited<ReturnType<typeof buyer>>;
type Price = { amount: string | number; currency: 'USD' | 'ETH' };

/** A new owner of one token, fresh from the fixtures. */
async function ownerWithToken() {
  const f = fixtures(t.app.config.database.db, { now: t.clock.now() });
  const owner = await buyer(t.app);
  const [token] = await f.tokens({ ownerId: owner.userId });
  if (!token) throw new Error('no token');
  return { owner, token };
}

const listAt = (owner: Owner, token: { contractAddress: string; tokenId: string }, price: Price) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v2/listings',
    headers: owner.headers,
    payload: { contractAddress: token.contractAddress, tokenId: token.tokenId, price },
  });

const repriceTo = (owner: Owner, id: number, price: Price) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/v2/listings/${id}`,
    headers: owner.headers,
    payload: { price },
  });

describe('listing prices in USD', () => {
  it('refuses a fraction of a cent when listing and repricing, and nothing is listed or changed', async () => {
    const { owner, token } = await ownerWithToken();
    const list = (amount: string | number) => listAt(owner, token, { amount, currency: 'USD' });
    for (const amount of ['0.001', '1.234', 0.001, 1e-9, 10.005]) {
      const refused = await list(amount);
      expect(refused.statusCode, `${amount}: ${refused.body}`).toBe(400);
      expect(refused.json()).toMatchObject({ errorType: 'validation-error' });
    }
    const item = () => t.app.inject(`/api/v1/marketplace/items/${token.contractAddress}/${token.tokenId}/`);
    expect((await item()).json()).toMatchObject({ listing: null });

    const listed = await list('1.5');
    expect(listed.json()).toMatchObject({ status: 'active', priceInCents: 150 });
    const id = (listed.json() as { listingId: number }).listingId;
    const repriced = await repriceTo(owner, id, { amount: '2.999', currency: 'USD' });
    expect(repriced.statusCode, repriced.body).toBe(400);
    expect((await item()).json()).toMatchObject({ listing: { id, priceInCents: 150 } });
    expect((await list(1.25)).json()).toMatchObject({ errorType: 'listing-exists' });
  });

  it('a browsing refresh that fails after the change is committed does not answer the change as failed', async () => {
    const { owner, token } = await ownerWithToken();
    const { changes } = t.app.services;
    const touch = changes.touch;
    changes.touch = () => {
      throw new Error('the cache is down');
    };
    try {
      const listed = await listAt(owner, token, { amount: '5', currency: 'USD' });
      // Before, a 500 over a listing that was made: its retry then read 'listing-exists'.
      expect(listed.statusCode, listed.body).toBe(200);
      const id = (listed.json() as { listingId: number }).listingId;
      const repriced = await repriceTo(owner, id, { amount: '6', currency: 'USD' });
      expect(repriced.statusCode, repriced.body).toBe(200);
      const switched = await t.app.inject({
        method: 'POST',
        url: '/api/user/set-nifty-sm-pref/',
        headers: owner.headers,
        payload: { contractAddress: token.contractAddress, tokenId: token.tokenId, isAcceptingOffers: false },
      });
      expect(switched.statusCode, switched.body).toBe(200);
      const cancelled = await t.app.inject({
        method: 'DELETE',
        url: `/api/v2/listings/${id}`,
        headers: owner.headers,
      });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
    } finally {
      changes.touch = touch;
    }
  });

  it("refuses a price below 001 §5's lowest ($1, 0.001 ETH) when listing and repricing: a $0 listing gave the NFT away", async () => {
    const { owner, token } = await ownerWithToken();
    const list = (amount: string, currency: 'USD' | 'ETH') => listAt(owner, token, { amount, currency });
    for (const [amount, currency, message] of [
      ['0', 'USD', 'Please enter a value 1 or greater'],
      ['0.99', 'USD', 'Please enter a value 1 or greater'],
      ['0.0009', 'ETH', 'Please enter a value 0.001 or greater'],
    ] as const) {
      const refused = await list(amount, currency);
      expect(refused.statusCode, `${amount} ${currency}: ${refused.body}`).toBe(400);
      expect(refused.json()).toMatchObject({ fields: { price: message } });
    }
    const listed = await list('1', 'USD');
    expect(listed.statusCode, listed.body).toBe(200);
    const id = (listed.json() as { listingId: number }).listingId;
    const repriced = await repriceTo(owner, id, { amount: '0', currency: 'USD' });
    expect(repriced.statusCode, repriced.body).toBe(400);
    expect(repriced.json()).toMatchObject({ fields: { price: 'Please enter a value 1 or greater' } });
  });

  it('refuses a fraction of a cent in an offer or a bid, sent as a string or a number', async () => {
    const f = fixtures(t.app.config.database.db, { now: t.clock.now() });
    const [token] = await f.tokens({ ownerId: (await buyer(t.app)).userId });
    if (!token) throw new Error('no token');
    const maker = await buyer(t.app);
    for (const amount of ['10.005', 10.005, 1e-9, 0.001]) {
      const offer = await t.app.inject({
        method: 'POST',
        url: '/api/v2/offer',
        headers: maker.headers,
        payload: {
          type: 'offer',
          contractAddress: token.contractAddress,
          tokenId: token.tokenId,
          amount: { amount, currency: 'USD' },
          payment_method: 'balance',
        },
      });
      expect(offer.statusCode, `offer ${amount}: ${offer.body}`).toBe(400);
      const bid = await t.app.inject({
        method: 'POST',
        url: '/api/v2/bids',
        headers: maker.headers,
        payload: {
          contractAddress: token.contractAddress,
          niftyType: 1,
          amount: { amount, currency: 'USD' },
          payment_method: 'balance',
        },
      });
      expect(bid.statusCode, `bid ${amount}: ${bid.body}`).toBe(400);
      expect(bid.json()).toMatchObject({ errorType: 'validation-error' });
    }
  });
});
