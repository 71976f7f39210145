// Item, collection (and listing table), storefront, profile and nbno pages (docs/decisions/004-catalog-api.md §3).
import type {
  CollectionDetail,
  HomeDrop,
  ItemDetail,
  NftCard,
  PublicProfile,
  Storefront,
  TableNifty,
} from '@vitrine/domain/catalog-responses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../testing/test-app';

type Page<T> = { count: number; page: number; page_size: number; total_pages: number; results: T[] };

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => {
  await t.close();
});

async function get<T>(url: string, status = 200): Promise<T> {
  const res = await t.app.inject(url);
  expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(status);
  return res.json() as T;
}

describe('GET /api/v1/marketplace/items/{contractAddress}/{tokenId}/', () => {
  it('answers the token with owner, listings, sale and price history', async () => {
    // A token that traded and has other editions for sale.
    const traded = await get<Page<NftCard>>(
      '/api/v1/explore/nfts/?sort=-last_sale_at&quickFilter=buy_now&page_size=50',
    );
    const card = traded.results.find((c) => c.editions > 1)!;
    const item = await get<ItemDetail>(
      `/api/v1/marketplace/items/${card.contractAddress.toUpperCase().replace('0X', '0x')}/${card.tokenId}/`,
    );
    expect(item.token.id).toBe(card.id);
    expect(item.owner?.username).toBe(card.owner?.username);
    expect(item.listing?.id).toBe(card.listing?.id);
    expect(item.nifty.typeNumber).toBe(card.typeNumber);
    expect(item.collection.slug).toBe(card.project.slug);
    expect(item.offers).toEqual([]);
    expect(item.saleHistory.length).toBeGreaterThan(0);
    const sold = item.saleHistory.map((s) => s.soldAt);
    expect([...sold].sort().reverse()).toEqual(sold);
    expect(item.saleHistory[0]!.priceInCents).toBe(card.lastSale!.amount);
    const times = item.priceHistory.map((p) => p.time);
    expect([...times].sort()).toEqual(times);
    expect(item.listings.every((l) => l.tokenId !== card.tokenId)).toBe(true);
    const prices = item.listings.map((l) => l.priceInCents);
    expect([...prices].sort((a, b) => a - b)).toEqual(prices);
    expect(item.subscription).toEqual({ totalCount: expect.any(Number), isSubscribed: false });
  });

  it('answers 404 for an unknown token and 400 for a malformed address', async () => {
    await get(`/api/v1/marketplace/items/0x${'0'.repeat(40)}/1/`, 404);
    await get('/api/v1/marketplace/items/0x123/1/', 400);
    await get(`/api/v1/marketplace/items/0x${'0'.repeat(40)}/abc/`, 400);
  });
});

describe('collection pages', () => {
  it('finds a collection by slug, contract address or drop slug', async () => {
    const bySlug = await get<CollectionDetail>('/api/v1/marketplace/collections/Chromatic-Saints/');
    expect(bySlug).toMatchObject({
      slug: 'chromatic-saints',
      title: 'Chromatic Saints',
      drop: null,
      status: 'ended',
    });
    expect(bySlug.creators.map((c) => c.name)).toContain('Mira Solis');
    expect(bySlug.nifties.map((n) => n.typeNumber)).toEqual([1, 2, 3]);
    expect(bySlug.stats.mintedEditions).toBeGreaterThan(0);
    expect(bySlug.stats.owners).toBeGreaterThan(0);
    expect(bySlug.stats.volumeInCents).toBeGreaterThan(0);
    const byContract = await get<CollectionDetail>(
      `/api/v1/marketplace/collections/${bySlug.contractAddress}/`,
    );
    expect(byContract.id).toBe(bySlug.id);
    const byDrop = await get<CollectionDetail>('/api/v1/marketplace/collections/field-notes/');
    expect(byDrop.drop?.slug).toBe('field-notes');
  });

  it("names every collection of the collection's drop, so a drop with two shows both", async () => {
    const byDrop = await get<CollectionDetail>('/api/v1/marketplace/collections/field-notes/');
    expect(byDrop.drop?.collections.map((c) => c.slug)).toEqual([
      'field-notes-coast',
      'field-notes-interior',
    ]);
    expect(byDrop.drop?.collections[1]).toMatchObject({ name: 'Field Notes: Interior' });
    const interior = await get<CollectionDetail>('/api/v1/marketplace/collections/field-notes-interior/');
    expect(interior.drop?.collections).toEqual(byDrop.drop?.collections);
    const alone = await get<CollectionDetail>('/api/v1/marketplace/collections/chromatic-saints/');
    expect(alone.drop).toBeNull();
  });

  it('hides collections of unpublished drops', async () => {
    await get('/api/v1/marketplace/collections/studies-in-ochre/', 404);
    await get('/api/v1/marketplace/collections/no-such-thing/', 404);
  });

  it('answers one nifty by contract and type, and 404 for an unknown type', async () => {
    const c = await get<CollectionDetail>('/api/v1/marketplace/collections/pixel-pilgrims/');
    const n = await get<{
      collection: CollectionDetail;
      nifty: { typeNumber: number; title: string; likes: unknown };
    }>(`/api/v1/marketplace/collections/${c.contractAddress}/nifties/2/`);
    expect(n.nifty).toMatchObject({ typeNumber: 2, title: 'Pilgrim (Lantern)' });
    expect(n.nifty.likes).toEqual({ likesAmount: expect.any(Number), isLiked: false });
    await get(`/api/v1/marketplace/collections/${c.contractAddress}/nifties/99/`, 404);
  });

  it("answers a drop's work with the price its drop card shows, and a work outside a drop with none", async () => {
    const drops = await get<Page<HomeDrop>>('/api/v1/drops/?page_size=50');
    const cards = drops.results.flatMap((d) => d.cards);
    expect(cards.length).toBeGreaterThan(0);
    // Every sale type the seed sells, auctions ('Minimum Bid:') and drawings among them.
    const saleTypes = new Set(cards.map((c) => c.saleType));
    expect(saleTypes).toContain('drawing');
    expect([...saleTypes].some((s) => s.includes('auction'))).toBe(true);
    for (const card of cards) {
      const n = await get<{ nifty: { priceInCents: number | null } }>(
        `/api/v1/marketplace/collections/${card.contractAddress}/nifties/${card.typeNumber}/`,
      );
      expect(n.nifty.priceInCents, `${card.nifty.name} (${card.saleType})`).toBe(card.saleDetails.price);
    }
    const alone = await get<{ nifty: { priceInCents: number | null } }>(
      '/api/v1/marketplace/collections/chromatic-saints/nifties/1/',
    );
    expect(alone.nifty.priceInCents).toBeNull();
  });

  it('serves the listing table: 10 rows by default, sortable, with ranges', async () => {
    const url = '/api/v1/marketplace/collections/chromatic-saints/tokens/';
    const first = await get<Page<TableNifty>>(url);
    expect(first.page_size).toBe(10);
    expect(first.results).toHaveLength(10);
    const editions = first.results.map((r) => r.editionNumber);
    expect([...editions].sort((a, b) => a - b)).toEqual(editions);

    const rarest = await get<Page<TableNifty>>(`${url}?sort=rarity&page_size=50`);
    const rarity = rarest.results.map((r) => r.rarity!);
    expect([...rarity].sort((a, b) => a - b)).toEqual(rarity);

    const listed = await get<Page<TableNifty>>(`${url}?sort=-list_price&listed=true&page_size=50`);
    const prices = listed.results.map((r) => r.price!);
    expect(prices.every((p) => p !== null)).toBe(true);
    expect([...prices].sort((a, b) => b - a)).toEqual(prices);
    expect(listed.results[0]!.listingPrice).not.toBeNull();

    const range = await get<Page<TableNifty>>(`${url}?type=1&minEdition=5&maxEdition=9&page_size=50`);
    expect(
      range.results.every((r) => r.typeNumber === 1 && r.editionNumber >= 5 && r.editionNumber <= 9),
    ).toBe(true);

    const bySale = await get<Page<TableNifty>>(`${url}?sort=-last_sale_at&page_size=1`);
    const day = bySale.results[0]!.lastSale!.time.slice(0, 10);
    const sameDay = await get<Page<TableNifty>>(`${url}?lastSaleFrom=${day}&lastSaleTo=${day}&page_size=100`);
    expect(sameDay.count).toBeGreaterThan(0);
    expect(sameDay.results.every((r) => r.lastSale!.time.startsWith(day))).toBe(true);

    await get(`${url}?sort=owner`, 400);
    await get(`${url}?lastSaleFrom=06/15/2026`, 400);
    await get(`${url}?minPrice=-5`, 400);
  });
});

describe('storefronts and profiles', () => {
  it('answers a publisher storefront with stats and followers', async () => {
    const s = await get<Storefront>('/api/v1/storefronts/ATLAS/');
    expect(s).toMatchObject({ kind: 'publisher', slug: 'atlas', name: 'Atlas Editions', verified: true });
    expect(s.stats.map((x) => x.id)).toEqual(
      expect.arrayContaining(['collections', 'items', 'owners', 'volume', 'followers']),
    );
    expect(s.subscription).toEqual({ totalCount: expect.any(Number), isSubscribed: false });
  });

  it('falls back to a creator storefront, and 404 for neither', async () => {
    const s = await get<Storefront>('/api/v1/storefronts/mirasolis/');
    expect(s).toMatchObject({ kind: 'creator', slug: 'mirasolis', name: 'Mira Solis', subscription: null });
    expect(s.stats.find((x) => x.id === 'collections')!.value).toBeGreaterThan(0);
    await get('/api/v1/storefronts/nobody-here/', 404);
  });

  it('answers a public profile by profile_url or id, without private fields', async () => {
    const p = await get<PublicProfile & Record<string, unknown>>('/api/v2/users/caseylinden/');
    expect(p).toMatchObject({
      name: 'Casey Linden',
      profileUrl: 'caseylinden',
      verificationType: 'verified',
    });
    expect(p.stats.owned).toBeGreaterThan(0);
    expect(p).not.toHaveProperty('email');
    expect(p).not.toHaveProperty('phoneNumber');
    const byId = await get<PublicProfile>(`/api/v2/users/${p.id}/`);
    expect(byId.profileUrl).toBe('caseylinden');
    await get('/api/v2/users/nobody-here/', 404);
  });

  it("lists a user's NFTs with the explore filters", async () => {
    const page = await get<Page<NftCard>>('/api/v2/users/caseylinden/nifties/?page_size=100');
    expect(page.count).toBeGreaterThan(0);
    expect(page.results.every((c) => c.owner?.username === 'caseylinden')).toBe(true);
    const listed = await get<Page<NftCard>>(
      '/api/v2/users/caseylinden/nifties/?quickFilter=buy_now&page_size=100',
    );
    expect(listed.results.every((c) => c.listing !== null)).toBe(true);
    await get('/api/v2/users/nobody-here/nifties/', 404);
  });
});

describe('GET /api/v1/nbno/', () => {
  it('finds nifties by text for pickers', async () => {
    const page = await get<Page<{ name: string; collection: { slug: string }; typeNumber: number }>>(
      '/api/v1/nbno/?search=pilgrim',
    );
    expect(page.results.map((r) => r.name).sort()).toEqual([
      'Pilgrim',
      'Pilgrim (Golden)',
      'Pilgrim (Lantern)',
    ]);
    expect(page.results.every((r) => r.collection.slug === 'pixel-pilgrims')).toBe(true);
    const all = await get<Page<unknown>>('/api/v1/nbno/?page_size=5');
    expect(all.count).toBeGreaterThan(5);
  });
});
