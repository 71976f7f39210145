// Cards of blind editions in every list (decision 016 "Blind editions"): once revealed, a token card shows
// its edition's revealed artwork and a nifty card the first artwork of its pool; before the reveal every
// answer shows the sealed placeholder and none carries the hidden artworks. A reveal after the lists were
// read (their answers kept) shows at once: the reveal drops the kept answers of every scope.
import { schema } from '@vitrine/db';
import type { NftCard } from '@vitrine/domain/catalog-responses';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../testing/test-app';
import type { TestSession } from '../social/test-session';
import { buyer, dropNifty, fund } from '../trading/trading-helpers';

type Page<T> = { count: number; results: T[] };
type Asset = { src: string };

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => {
  await t.close();
});

const db = () => t.app.config.database.db;
const DAY = 24 * 60 * 60 * 1000;

async function get<T>(url: string): Promise<T> {
  const res = await t.app.inject({ url });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json() as T;
}

async function searchProducts(query: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/search/api/v2/indexes/products/search',
    payload: { query, page_size: 100 },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { results: { item: { id: number; display_image: string } }[] }).results.map(
    (r) => r.item,
  );
}

/** Every list showing a card of this nifty: token cards by token id, nifty cards by list name. */
async function cardsOf(n: { id: number; contract: string; slug: string; dropSlug: string; title: string }) {
  const explore = await get<Page<NftCard>>(
    `/api/v1/explore/nfts/?contractAddress=${n.contract}&page_size=100`,
  );
  const table = await get<Page<{ tokenId: string; asset: Asset }>>(
    `/api/v1/marketplace/collections/${n.slug}/tokens/?page_size=100`,
  );
  const collection = await get<{ nifties: { title: string; asset: Asset }[] }>(
    `/api/v1/marketplace/collections/${n.slug}/`,
  );
  const drop = await get<{ cards: { id: number; asset: Asset }[] }>(`/api/v1/drops/${n.dropSlug}/`);
  const search = (await searchProducts(n.title)).filter((i) => i.id === n.id);
  return {
    explore: new Map(explore.results.map((c) => [c.tokenId, c.asset.src])),
    table: new Map(table.results.map((c) => [c.tokenId, c.asset.src])),
    collection: collection.nifties.filter((x) => x.title === n.title).map((x) => x.asset.src),
    drop: drop.cards.filter((c) => c.id === n.id).map((c) => c.asset.src),
    search: search.map((i) => i.display_image),
  };
}

/** A user's NFTs (narrowed to one collection, or all of them: kept under the owner's scope only). */
async function ownedCards(userId: number, contract?: string): Promise<Map<string, string>> {
  const page = await get<Page<NftCard>>(
    `/api/v2/users/${userId}/nifties/?page_size=100${contract ? `&contractAddress=${contract}` : ''}`,
  );
  return new Map(page.results.map((c) => [c.tokenId, c.asset.src]));
}

async function blindOf(title: string) {
  type Row = {
    id: number;
    contract: string;
    slug: string;
    dropSlug: string;
    assetUrl: string;
    revealedAt: unknown;
  };
  const [row] = (
    (await db().execute(sql`
      select n.id, lower(c.contract_address) as contract, c.slug, d.slug as "dropSlug",
             n.asset_url as "assetUrl", n.revealed_at as "revealedAt"
        from nifties n join collections c on c.id = n.collection_id join drops d on d.id = c.drop_id
       where n.sale_type = 'blind_edition' and n.title = ${title}`)) as unknown as { rows: Row[] }
  ).rows;
  if (!row) throw new Error(`no blind edition ${title}`);
  const pool = await db()
    .select()
    .from(schema.editionPools)
    .where(eq(schema.editionPools.niftyId, row.id))
    .orderBy(asc(schema.editionPools.id));
  const tokens = await db()
    .select()
    .from(schema.tokens)
    .where(eq(schema.tokens.niftyId, row.id))
    .orderBy(asc(schema.tokens.id));
  return { ...row, title, pool, tokens };
}

describe('blind editions in the catalog lists', () => {
  it('the demo: revealed Glass Menagerie shows its revealed art, sealed Masks of the Reef its placeholder', async () => {
    const glass = await blindOf('Menagerie Vessel');
    expect(glass.revealedAt).not.toBeNull();
    expect(glass.tokens.length).toBeGreaterThan(0);
    const cards = await cardsOf(glass);
    expect(cards.explore.size).toBeGreaterThan(0);
    expect(cards.table.size).toBeGreaterThan(0);
    for (const token of glass.tokens) {
      expect(token.revealedAssetUrl).not.toBeNull();
      if (cards.explore.has(token.tokenId))
        expect(cards.explore.get(token.tokenId)).toBe(token.revealedAssetUrl);
      if (cards.table.has(token.tokenId)) expect(cards.table.get(token.tokenId)).toBe(token.revealedAssetUrl);
    }
    expect([...cards.explore.values()].every((src) => src !== glass.assetUrl)).toBe(true);
    const firstArt = glass.pool[0]?.assetUrl;
    expect(firstArt).toBeTruthy();
    expect(cards.collection).toEqual([firstArt]);
    expect(cards.drop).toEqual([firstArt]);
    expect(cards.search).toEqual([firstArt]);
    const owned = glass.tokens.find((x) => x.ownerId !== null);
    if (!owned?.ownerId) throw new Error('no owned Glass Menagerie edition');
    const mine = await ownedCards(owned.ownerId, glass.contract);
    expect(mine.size).toBeGreaterThan(0);
    expect(mine.get(owned.tokenId)).toBe(owned.revealedAssetUrl);

    const masks = await blindOf('Reef Mask');
    expect(masks.revealedAt).toBeNull();
    const hidden = new Set(masks.pool.map((p) => p.assetUrl));
    expect(hidden.size).toBeGreaterThan(0);
    const sealed = await cardsOf(masks);
    expect(sealed.collection).toEqual([masks.assetUrl]);
    expect(sealed.drop).toEqual([masks.assetUrl]);
    expect(sealed.search).toEqual([masks.assetUrl]);
    for (const src of [...sealed.explore.values(), ...sealed.table.values()])
      expect(src).toBe(masks.assetUrl);
    expect(hidden.has(masks.assetUrl)).toBe(false);
  });

  it('a reveal after the lists were read shows at once on every card, whoever owns it', async () => {
    const { nifty, collection, drop } = await dropNifty(t.app, {
      dropType: 'blind_edition',
      editionSize: 4,
      maxPurchaseQuantity: 4,
      priceInCents: 700,
      values: { saleType: 'blind_edition', title: `Blind ${crypto.randomUUID()}` },
    });
    await db()
      .insert(schema.editionPools)
      .values([
        { niftyId: nifty.id, assetUrl: '/api/media/fixtures/red.svg', name: 'Red', total: 2, remaining: 2 },
        { niftyId: nifty.id, assetUrl: '/api/media/fixtures/blue.svg', name: 'Blue', total: 2, remaining: 2 },
      ]);
    const buy = async (s: TestSession, quantity: number) => {
      await fund(db(), s.userId, 100_000, t.clock.now());
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/payments/purchase-intents/',
        headers: s.headers,
        payload: {
          contract_address: nifty.contractAddress,
          nifty_type: nifty.typeNumber,
          requested_quantity: quantity,
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      const paid = await t.app.inject({
        method: 'POST',
        url: `/api/v2/purchase-intent/${(res.json() as { purchaseIntentId: number }).purchaseIntentId}/pay`,
        headers: s.headers,
        payload: { payment_method: 'balance' },
      });
      expect(paid.statusCode, paid.body).toBe(200);
    };
    const [a, b] = [await buyer(t.app), await buyer(t.app)];
    await buy(a, 2);
    await buy(b, 2);
    const [row] = await db().select().from(schema.nifties).where(eq(schema.nifties.id, nifty.id));
    const placeholder = row?.assetUrl;
    expect(placeholder).toBeTruthy();
    const n = {
      id: nifty.id,
      contract: nifty.contractAddress.toLowerCase(),
      slug: collection.slug,
      dropSlug: drop.slug,
      title: row?.title ?? '',
    };

    // The sale has ended, the reveal job has not run yet: every card still shows the placeholder (and these
    // answers are now kept, past every status change, within the lag of the catalog's version).
    t.clock.advance(DAY + 60_000);
    const before = await cardsOf(n);
    expect(before.explore.size).toBe(4);
    expect(before.table.size).toBe(4);
    for (const src of [...before.explore.values(), ...before.table.values()]) expect(src).toBe(placeholder);
    expect(before.collection).toEqual([placeholder]);
    expect(before.drop).toEqual([placeholder]);
    for (const s of [a, b]) {
      for (const mine of [await ownedCards(s.userId, n.contract), await ownedCards(s.userId)]) {
        expect(mine.size).toBe(2);
        for (const src of mine.values()) expect(src).toBe(placeholder);
      }
    }

    // The reveal job runs; the lists are read again at once.
    await t.app.services.jobs.drain();
    const tokens = await db().select().from(schema.tokens).where(eq(schema.tokens.niftyId, nifty.id));
    expect(tokens).toHaveLength(4);
    const art = new Map(tokens.map((x) => [x.tokenId, x.revealedAssetUrl]));
    expect([...art.values()].sort()).toEqual([
      '/api/media/fixtures/blue.svg',
      '/api/media/fixtures/blue.svg',
      '/api/media/fixtures/red.svg',
      '/api/media/fixtures/red.svg',
    ]);

    const after = await cardsOf(n);
    expect(after.explore).toEqual(art);
    expect(after.table).toEqual(art);
    expect(after.collection).toEqual(['/api/media/fixtures/red.svg']);
    expect(after.drop).toEqual(['/api/media/fixtures/red.svg']);
    for (const s of [a, b]) {
      for (const mine of [await ownedCards(s.userId, n.contract), await ownedCards(s.userId)]) {
        expect(mine.size).toBe(2);
        for (const [tokenId, src] of mine) expect(src).toBe(art.get(tokenId));
      }
    }
  });
});
