// The open global offers on a nifty type, public (the work's collection page; offers contract, 2026-11-24):
// highest first, token offers and closed offers left out, an unknown type a 404.
import { fixtures } from '@vitrine/db/testing';
import type { Offer } from '@vitrine/domain/trading-responses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../testing/test-app';
import { buyer, fund } from './trading-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ seed: false });
});
afterAll(async () => {
  await t.close();
});

const db = () => t.app.config.database.db;

describe('global offers on a nifty type', () => {
  it('lists the open global offers of that type only, highest first, to anyone', async () => {
    const f = fixtures(db(), { now: t.clock.now() });
    const owner = await f.user();
    const collection = await f.collection({});
    const nifty = await f.nifty({ collectionId: collection.id });
    const other = await f.nifty({ collectionId: collection.id });
    const [token] = await f.tokens({ niftyId: nifty.id, ownerId: owner.id, count: 1 });
    if (!token) throw new Error('no token');
    const make = async (payload: Record<string, unknown>) => {
      const maker = await buyer(t.app);
      await fund(db(), maker.userId, 10_000, t.clock.now());
      const made = await t.app.inject({
        method: 'POST',
        url: '/api/v2/offer',
        headers: maker.headers,
        payload: { payment_method: 'balance', contractAddress: nifty.contractAddress, ...payload },
      });
      expect(made.statusCode, made.body).toBe(201);
      return { maker, offer: (made.json() as { offer: Offer }).offer };
    };
    const global = (typeNumber: number, amount: string) =>
      make({ type: 'global_offer', niftyType: String(typeNumber), amount: { amount, currency: 'USD' } });
    const low = await global(nifty.typeNumber, '10');
    const high = await global(nifty.typeNumber, '25');
    const cancelled = await global(nifty.typeNumber, '40');
    await global(other.typeNumber, '50');
    await make({ type: 'offer', tokenId: token.tokenId, amount: { amount: '30', currency: 'USD' } });
    const cancel = await t.app.inject({
      method: 'DELETE',
      url: `/api/v2/offer?purchase_intent_id=${cancelled.offer.id}`,
      headers: cancelled.maker.headers,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);

    const list = await t.app.inject({
      url: `/api/v2/offer?contractAddress=${nifty.contractAddress}&niftyType=${nifty.typeNumber}`,
    });
    expect(list.statusCode, list.body).toBe(200);
    const page = list.json() as { count: number; results: Offer[] };
    expect(page.results.length).toBeGreaterThan(0);
    expect(page.count).toBe(2);
    expect(page.results.map((o) => o.id)).toEqual([high.offer.id, low.offer.id]);
    expect(page.results.every((o) => o.type === 'global_offer' && o.status === 'open')).toBe(true);

    const unknown = await t.app.inject({
      url: `/api/v2/offer?contractAddress=${nifty.contractAddress}&niftyType=999999`,
    });
    expect(unknown.statusCode).toBe(404);
  });
});
