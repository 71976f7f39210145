// The fixture builders (packages/db/src/testing/fixtures.ts) make rows the real API shows, in an empty
// store: what tests of sales and bids build on instead of the demo seed.
import { fixtures } from '@vitrine/db/testing';
import type { ItemDetail } from '@vitrine/domain/catalog-responses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ seed: false });
});
afterAll(async () => {
  await t.close();
});

describe('fixtures', () => {
  it('build a drop, a collection, a nifty, tokens with an owner and a listing that the item page shows', async () => {
    const f = fixtures(t.app.config.database.db, { now: t.clock.now() });
    const artist = await f.user({ name: 'Mira Solis', profileUrl: 'mira' });
    const owner = await f.user({ name: 'Ines Vidal', profileUrl: 'ines' });
    const publisher = await f.publisher({ name: 'Atlas Editions', slug: 'atlas' });
    const drop = await f.drop({ publisherId: publisher.id });
    const collection = await f.collection({
      publisherId: publisher.id,
      dropId: drop.id,
      name: 'Neon Tides',
      creatorIds: [artist.id],
    });
    const nifty = await f.nifty({ collectionId: collection.id, editionSize: 5, title: 'Tide One' });
    const minted = await f.tokens({ niftyId: nifty.id, count: 2, ownerId: owner.id });
    expect(minted.map((m) => m.editionNumber)).toEqual([1, 2]);
    const second = minted[1];
    if (!second) throw new Error('no second token');
    const listing = await f.listing({ tokenRowId: second.id, priceInCents: 12_500 });

    const res = await t.app.inject(`/api/v1/marketplace/items/${second.contractAddress}/${second.tokenId}/`);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const item = res.json() as ItemDetail;
    expect(item).toMatchObject({
      token: { name: `Token ${nifty.typeNumber} #2`, editionNumber: 2, editions: 5, priceInCents: 12_500 },
      owner: { id: owner.id, displayName: 'Ines Vidal', username: 'ines' },
      listing: { id: listing.id, priceInCents: 12_500, seller: { id: owner.id } },
      nifty: { title: 'Tide One', editionSize: 5 },
      collection: {
        name: 'Neon Tides',
        publisher: { name: 'Atlas Editions', slug: 'atlas' },
        creators: [{ id: artist.id, name: 'Mira Solis' }],
      },
    });
  });

  it('build what they depend on when not given, and nothing of the demo', async () => {
    const f = fixtures(t.app.config.database.db, { now: t.clock.now() });
    const [token] = await f.tokens();
    if (!token) throw new Error('no token');
    const res = await t.app.inject(`/api/v1/marketplace/items/${token.contractAddress}/${token.tokenId}/`);
    expect(res.statusCode).toBe(200);
    expect((res.json() as ItemDetail).listing).toBeNull();
    const demo = await t.app.inject('/api/v1/drops/?status=live');
    expect(demo.json()).toMatchObject({ count: 1 });
  });
});
