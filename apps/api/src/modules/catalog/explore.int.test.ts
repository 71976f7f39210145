// Explore NFTs, collections and drops (001 §3 filters and sorts; docs/decisions/004-catalog-api.md §2).

import { schema } from '@vitrine/db';
import type { CollectionCard, ExploreDropCard, Facets, NftCard } from '@vitrine/domain/catalog-responses';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_NOW, type TestApp, testApp } from '../../testing/test-app';
import { SHARED_ANSWER_LAG_MS } from './browsing.services';

type ExplorePage<T> = {
  count: number;
  page: number;
  page_size: number;
  total_pages: number;
  results: T[];
  facets: Facets;
};

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => {
  await t.close();
});

async function get<T>(url: string): Promise<ExplorePage<T>> {
  const res = await t.app.inject(url);
  expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
  return res.json() as ExplorePage<T>;
}
const nfts = (q: string) => get<NftCard>(`/api/v1/explore/nfts/?${q}`);

async function dbCount(query: ReturnType<typeof sql>): Promise<number> {
  const r = (await t.app.config.database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  return Number(Object.values(r.rows[0] ?? {})[0] ?? 0);
}

function expectSorted<T>(values: (T | null)[], dir: 'asc' | 'desc', label: string) {
  const present = values.filter((v): v is T => v !== null);
  const firstNull = values.indexOf(null);
  if (firstNull >= 0)
    expect(
      values.slice(firstNull).every((v) => v === null),
      `${label}: nulls last`,
    ).toBe(true);
  const sorted = [...present].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  expect(present, label).toEqual(dir === 'asc' ? sorted : sorted.reverse());
}

describe('GET /api/v1/explore/nfts/', () => {
  it('lists every visible minted token with facets', async () => {
    const page = await nfts('page_size=5');
    const minted = await dbCount(sql`select count(*) from tokens`);
    expect(page.count).toBe(minted);
    expect(page.results).toHaveLength(5);
    expect(page.facets.categories.map((c) => [c.name, c.label])).toEqual([
      ['curated', 'Curated'],
      ['art', 'Art'],
      ['collectibles', 'Collectibles'],
      ['one_of_one', '1 of 1s'],
    ]);
    expect(page.facets.categories.reduce((n, c) => n + c.count, 0)).toBe(page.count);
    expect(page.facets.tags.map((x) => x.name)).toContain('Photography');
    const card = page.results[0]!;
    expect(card.contractAddress).toMatch(/^0x[0-9a-f]{40}$/);
    expect(card.tokenId).toMatch(/^\d+$/);
    expect(card.asset.src).toMatch(/^\/api\/media\//);
    expect(card.project.slug).not.toBe('');
    expect(card.creators.length).toBeGreaterThan(0);
  });

  it('paginates stably: pages are disjoint and a far page is empty with the true count', async () => {
    const [one, two, both] = await Promise.all([
      nfts('page_size=7&page=1&sort=-likes'),
      nfts('page_size=7&page=2&sort=-likes'),
      nfts('page_size=14&page=1&sort=-likes'),
    ]);
    expect([...one.results, ...two.results].map((c) => c.id)).toEqual(both.results.map((c) => c.id));
    const far = await nfts('page=1000000000');
    expect(far.results).toEqual([]);
    expect(far.count).toBe(one.count);
    expect(far.total_pages).toBe(Math.ceil(one.count / 20));
  });

  it('sorts by each option of 001 §3, nulls last', async () => {
    const asc = await nfts('sort=floor_price_in_cents&page_size=100&page=4');
    expectSorted(
      asc.results.map((c) => c.priceInCents),
      'asc',
      'floor asc',
    );
    const desc = await nfts('sort=-floor_price_in_cents&page_size=50');
    expectSorted(
      desc.results.map((c) => c.priceInCents),
      'desc',
      'floor desc',
    );
    expect(desc.results[0]!.priceInCents).not.toBeNull();
    const sales = await nfts('sort=-last_sale_at&page_size=50');
    expectSorted(
      sales.results.map((c) => c.lastSale?.time ?? null),
      'desc',
      'last sale',
    );
    const likes = await nfts('sort=-likes&page_size=50');
    expectSorted(
      likes.results.map((c) => c.likes.likesAmount),
      'desc',
      'likes',
    );
    expect(likes.results[0]!.badge).toBe('highlyDesirable');
    const listed = await nfts('sort=-floor_price_changed_at&page_size=50');
    expectSorted(
      listed.results.map((c) => c.listing?.createdAt ?? null),
      'desc',
      'newest listing',
    );
    const start = await nfts('sort=schedule_start_at&page_size=50');
    expectSorted(
      start.results.map((c) => c.startTime),
      'asc',
      'start',
    );
  });

  it('filters by category and tag, in the comma and the bracket forms, with sibling facet counts', async () => {
    const art = await nfts('categories=art&page_size=100');
    expect(art.count).toBeGreaterThan(0);
    expect(art.results.every((c) => c.category === 'art')).toBe(true);
    expect((await nfts('categories[art]=true')).count).toBe(art.count);
    // A checked category keeps its siblings' counts (the facet ignores its own group).
    const all = await nfts('page_size=1');
    expect(art.facets.categories).toEqual(all.facets.categories);
    expect(art.facets.categories.find((c) => c.name === 'art')!.count).toBe(art.count);

    const pfp = await nfts('tags[PFP]=true&tags[3D]=true&page_size=100');
    expect(pfp.results.every((c) => c.tags.includes('PFP') || c.tags.includes('3D'))).toBe(true);
    expect((await nfts('tags=PFP,3D')).count).toBe(pfp.count);
    const both = await nfts('categories=collectibles&tags=PFP&page_size=100');
    expect(both.results.every((c) => c.category === 'collectibles' && c.tags.includes('PFP'))).toBe(true);
  });

  it('counts facets per token, whichever way they are computed (nifty sums or token scans)', async () => {
    const cases: [string, ReturnType<typeof sql>][] = [
      [
        'status=past&tags=PFP',
        sql`where end_at <= ${TEST_NOW.toISOString()}::timestamptz and tags && array['PFP']`,
      ],
      [
        'categories=art&quickFilter=auction',
        sql`where category = 'art' and sale_type in ('auction','ranked_auction','silent_auction')`,
      ],
      [
        'editionSize=50&publisher=atlas',
        sql`where edition_size <= 50 and publisher_id = (select id from publishers where slug = 'atlas')`,
      ],
      [
        'quickFilter=buy_now&tags=Photography',
        sql`where list_price_cents is not null and tags && array['Photography']`,
      ],
    ];
    for (const [q, where] of cases) {
      const page = await nfts(`${q}&page_size=1`);
      expect(page.count, q).toBe(await dbCount(sql`select count(*) from catalog_tokens ${where}`));
    }
    const tagged = await nfts('categories=collectibles');
    for (const tag of tagged.facets.tags) {
      expect(tag.count, tag.name).toBe(
        await dbCount(
          sql`select count(*) from catalog_tokens where category = 'collectibles' and ${tag.name} = any(tags)`,
        ),
      );
    }
  });

  it('filters by price in USD cents (explicit bounds and presets)', async () => {
    const range = await nfts('minPrice=20000&maxPrice=25000&page_size=100');
    expect(range.count).toBeGreaterThan(0);
    for (const c of range.results) {
      expect(c.priceInCents).not.toBeNull();
      expect(c.priceInCents!).toBeGreaterThanOrEqual(20_000);
      expect(c.priceInCents!).toBeLessThanOrEqual(25_000);
    }
    const under = await nfts('priceFilter=10_to_100&page_size=100');
    expect(under.results.every((c) => c.priceInCents! >= 1_000 && c.priceInCents! <= 10_000)).toBe(true);
    expect((await nfts('minPrice=5000&maxPrice=100')).results).toEqual([]);
    const buyNow = await nfts('quickFilter=buy_now&page_size=100');
    expect(buyNow.count).toBe(await dbCount(sql`select count(*) from listings where status = 'active'`));
  });

  it('filters by edition size, token id, hot deals, trending, status, sale type and mass', async () => {
    const small = await nfts('editionSize=1&page_size=100');
    expect(small.count).toBeGreaterThan(0);
    expect(small.results.every((c) => c.editions <= 1)).toBe(true);
    expect((await nfts('quickFilter=one_of_one')).count).toBe(small.count);

    const id = small.results[0]!.tokenId;
    const byId = await nfts(`tokenId=${id}&page_size=100`);
    expect(byId.results.every((c) => c.tokenId === id)).toBe(true);

    const deals = await nfts('hotDeals=true&page_size=100');
    expect(deals.count).toBeGreaterThan(0);
    expect(deals.results.every((c) => c.priceInCents! < c.lastSale!.amount)).toBe(true);

    const trending = await nfts('trending=true&page_size=100');
    const weekAgo = TEST_NOW.getTime() - 7 * 24 * 3600 * 1000;
    expect(trending.results.every((c) => new Date(c.lastSale!.time).getTime() >= weekAgo)).toBe(true);

    const live = await nfts('status=live&page_size=100');
    for (const c of live.results) {
      expect(new Date(c.startTime!).getTime()).toBeLessThanOrEqual(TEST_NOW.getTime());
      expect(new Date(c.endTime!).getTime()).toBeGreaterThan(TEST_NOW.getTime());
    }
    const auctions = await nfts('quickFilter=auction&page_size=100');
    expect(
      auctions.results.every((c) => ['auction', 'ranked_auction', 'silent_auction'].includes(c.saleType)),
    ).toBe(true);

    const mass = await nfts('minMass=10&maxMass=20');
    expect(mass.count).toBe(
      await dbCount(sql`select count(*) from token_traits where mass between 10 and 20`),
    );
    expect(mass.count).toBeGreaterThan(0);
  });

  it('searches with q (prefix, case- and typo-tolerant) across titles, collections and artists', async () => {
    const typo = await nfts('q=mira%20solsi&page_size=100');
    expect(typo.count).toBeGreaterThan(0);
    expect(typo.results.every((c) => c.creators.some((a) => a.name === 'Mira Solis'))).toBe(true);
    const prefix = await nfts('q=SAINT%20OF&page_size=100');
    expect(prefix.count).toBeGreaterThan(0);
    expect(prefix.results.every((c) => c.project.slug === 'chromatic-saints')).toBe(true);
    expect((await nfts('q=zzzzqqqq')).count).toBe(0);
  });

  it('narrows to a storefront, an artist, an owner or a contract', async () => {
    const atlas = await nfts('publisher=atlas&page_size=100');
    expect(atlas.count).toBeGreaterThan(0);
    expect(atlas.results.every((c) => c.publisher.slug === 'atlas')).toBe(true);
    const mira = await nfts('creator=mirasolis&page_size=100');
    expect(mira.results.every((c) => c.creators.some((a) => a.profileUrl === 'mirasolis'))).toBe(true);
    const owned = await nfts('owner=caseylinden&page_size=100');
    expect(owned.count).toBeGreaterThan(0);
    expect(owned.results.every((c) => c.owner?.username === 'caseylinden')).toBe(true);
    const contract = owned.results[0]!.contractAddress;
    const inContract = await nfts(
      `contractAddress=${contract.toUpperCase().replace('0X', '0x')}&page_size=100`,
    );
    expect(inContract.results.every((c) => c.contractAddress === contract)).toBe(true);
    expect((await nfts('publisher=no-such-storefront')).count).toBe(0);
  });

  it('answers bad filters with 400 and the field at fault', async () => {
    for (const [q, field] of [
      ['sort=price', 'sort'],
      ['minPrice=-1', 'minPrice'],
      ['status=soon', 'status'],
      ['categories=music', 'categories.0'],
      ['editionSize=0', 'editionSize'],
      ['tokenId=12a', 'tokenId'],
      ['hotDeals=yes', 'hotDeals'],
      [`q=${'x'.repeat(5000)}`, 'q'],
      ['page_size=101', 'page_size'],
    ] as const) {
      const res = await t.app.inject(`/api/v1/explore/nfts/?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect((res.json() as { fields: Record<string, string> }).fields, q).toHaveProperty([field]);
    }
  });

  it('shows a new listing at once (the read model moves in the same transaction)', async () => {
    const { db } = t.app.config.database;
    const unlisted = await nfts('sort=-likes&page_size=100');
    const card = unlisted.results.find((c) => c.listing === null && c.owner !== null)!;
    await db.insert(schema.listings).values({
      tokenRowId: card.id,
      sellerId: card.owner!.id,
      currency: 'USD',
      amount: '12345',
      priceInCents: 12_345,
      createdAt: TEST_NOW,
    });
    const after = await nfts(`tokenId=${card.tokenId}&contractAddress=${card.contractAddress}`);
    expect(after.results[0]!.priceInCents).toBe(12_345);
    expect(after.results[0]!.listing?.baseListingPrice).toEqual({ amount: '12345', currency: 'USD' });
    const newest = await nfts('sort=-floor_price_changed_at&page_size=1');
    expect(newest.results[0]!.id).toBe(card.id);
  });
});

describe('GET /api/v1/explore/collections/', () => {
  const cols = (q: string) => get<CollectionCard>(`/api/v1/explore/collections/?${q}`);

  it('lists visible collections with floor, counts and status', async () => {
    const page = await cols('page_size=100');
    const visible = await dbCount(sql`select count(*) from catalog_collection_stats`);
    expect(page.count).toBe(visible);
    expect(page.results.map((c) => c.slug)).not.toContain('studies-in-ochre');
    const saints = page.results.find((c) => c.slug === 'chromatic-saints')!;
    expect(saints).toMatchObject({ category: 'art', status: 'ended' });
    expect(saints.mintedEditions).toBeGreaterThan(0);
  });

  it('sorts by floor and filters by category, tag, buy-now and text', async () => {
    const floor = await cols('sort=floor_price_in_cents&page_size=100');
    expectSorted(
      floor.results.map((c) => c.floorPriceInCents),
      'asc',
      'floor',
    );
    const pfp = await cols('tags[PFP]=true');
    expect(pfp.results.every((c) => c.tags.includes('PFP'))).toBe(true);
    const buyNow = await cols('quickFilter=buy_now&page_size=100');
    expect(buyNow.results.every((c) => c.listedCount > 0)).toBe(true);
    const live = await cols('status=live&page_size=100');
    expect(live.results.every((c) => c.status === 'live')).toBe(true);
    const text = await cols('q=chromatc');
    expect(text.results[0]?.slug).toBe('chromatic-saints');
  });
});

describe('GET /api/v1/explore/drops/', () => {
  const drops = (q: string) => get<ExploreDropCard>(`/api/v1/explore/drops/?${q}`);

  it('lists upcoming drops soonest first and filters by category', async () => {
    const up = await drops('status=upcoming&page_size=100');
    expect(up.count).toBeGreaterThan(0);
    expect(up.results.every((d) => d.status === 'upcoming')).toBe(true);
    expectSorted(
      up.results.map((d) => d.startDate),
      'asc',
      'start',
    );
    const oneOfOne = await drops('categories=one_of_one&page_size=100');
    expect(oneOfOne.results.every((d) => d.categories.includes('one_of_one'))).toBe(true);
    expect(
      (await drops('publisher=atlas&page_size=100')).results.every((d) => d.publisher.slug === 'atlas'),
    ).toBe(true);
    const all = await drops('page_size=100');
    expect(all.count).toBe(await dbCount(sql`select count(*) from drops where drop_status = 'published'`));
  });
});

describe('card badges', () => {
  async function rows(query: ReturnType<typeof sql>): Promise<Record<string, unknown>[]> {
    const r = (await t.app.config.database.db.execute(query)) as unknown as {
      rows: Record<string, unknown>[];
    };
    return r.rows;
  }
  const item = async (contract: string, tokenId: string) => {
    const res = await t.app.inject(`/api/v1/marketplace/items/${contract}/${tokenId}/`);
    expect(res.statusCode).toBe(200);
    return res.json() as { token: NftCard };
  };

  it('marks a fixed-price edition that sold out within a day as Fast Sell Out, and a slower one not', async () => {
    const [fast] = await rows(sql`
      select t.contract_address, t.token_id::text as token_id, n.id as nifty_id from nifties n
        join collections c on c.id = n.collection_id join tokens t on t.nifty_id = n.id
       where n.sale_type = 'standard' and n.nifty_type <> 'oe' and n.edition_size > 1
         and n.total_sold + n.total_reserved >= n.edition_size and t.likes_count < 100
         and (select max(minted_at) from tokens x where x.nifty_id = n.id)
             <= coalesce(n.start_at, c.start_at) + interval '1 day'
       limit 1`);
    expect(fast, 'the demo seed has a fixed-price edition that sold out fast').toBeDefined();
    const fastItem = await item(String(fast!.contract_address), String(fast!.token_id));
    expect(fastItem.token.badge).toBe('fastSellOut');

    // The same nifty had it opened two days before its last edition went: no longer fast.
    await t.app.config.database.db.execute(sql`
      update nifties set start_at = (select max(minted_at) from tokens where nifty_id = ${fast!.nifty_id}) - interval '2 days'
       where id = ${fast!.nifty_id}`);
    const slowItem = await item(String(fast!.contract_address), String(fast!.token_id));
    expect(slowItem.token.badge).toBeNull();
  });

  it('never marks a lot still on sale', async () => {
    const [open] = await rows(sql`
      select t.contract_address, t.token_id::text as token_id from nifties n join tokens t on t.nifty_id = n.id
       where n.sale_type = 'standard' and n.total_sold + n.total_reserved < n.edition_size and t.likes_count < 100
       limit 1`);
    expect(open).toBeDefined();
    expect((await item(String(open!.contract_address), String(open!.token_id))).token.badge).toBeNull();
  });
});

describe('what every token of a nifty shows alike on its card', () => {
  const firstCardCreators = async () => {
    const [card] = (await nfts('page_size=1&sort=-likes')).results;
    return { slug: card!.project.slug, creators: card!.creators.map((c) => [c.id, c.name]) };
  };
  const creatorsInDb = async (slug: string) => {
    const r = (await t.app.config.database.db.execute(sql`
      select u.id, coalesce(nullif(u.name, ''), u.profile_url) as name from collection_creators cc
        join users u on u.id = cc.user_id join collections c on c.id = cc.collection_id
       where c.slug = ${slug} order by cc.position, cc.user_id`)) as unknown as {
      rows: { id: number; name: string }[];
    };
    return r.rows.map((x) => [x.id, x.name]);
  };

  it('shows a collection’s creators as they are now: renamed, added and removed', async () => {
    // Explore pages are shared answers: a write outside the API shows within the lag (decision 004 §7).
    const creatorsOfFirstCard = async () => {
      t.clock.advance(SHARED_ANSWER_LAG_MS);
      return firstCardCreators();
    };
    const before = await creatorsOfFirstCard();
    expect(before.creators.length).toBeGreaterThan(0);
    expect(before.creators).toEqual(await creatorsInDb(before.slug));
    const [firstId] = before.creators[0] as [number, string];
    const db = t.app.config.database.db;
    type Was = { name: string; collectionId: number; position: number };
    const [{ name: oldName, collectionId, position }] = (
      (await db.execute(sql`select u.name, cc.collection_id as "collectionId", cc.position
        from collection_creators cc join users u on u.id = cc.user_id join collections c on c.id = cc.collection_id
        where u.id = ${firstId} and c.slug = ${before.slug}`)) as unknown as { rows: Was[] }
    ).rows as [Was];
    const [{ id: newcomer }] = (
      (await db.execute(sql`select id from users where id not in
        (select user_id from collection_creators where collection_id = ${collectionId}) order by id limit 1`)) as unknown as {
        rows: { id: number }[];
      }
    ).rows as [{ id: number }];
    try {
      await db.execute(sql`update users set name = 'Renamed Creator' where id = ${firstId}`);
      expect((await creatorsOfFirstCard()).creators[0]).toEqual([firstId, 'Renamed Creator']);

      await db.execute(sql`insert into collection_creators (collection_id, user_id, position)
        values (${collectionId}, ${newcomer}, 1000)`);
      const added = await creatorsOfFirstCard();
      expect(added.creators.at(-1)?.[0]).toBe(newcomer);
      expect(added.creators).toEqual(await creatorsInDb(before.slug));

      await db.execute(
        sql`delete from collection_creators where collection_id = ${collectionId} and user_id = ${firstId}`,
      );
      const removed = await creatorsOfFirstCard();
      expect(removed.creators.map(([id]) => id)).not.toContain(firstId);
      expect(removed.creators).toEqual(await creatorsInDb(before.slug));
    } finally {
      await db.execute(sql`update users set name = ${oldName} where id = ${firstId}`);
      await db.execute(
        sql`delete from collection_creators where collection_id = ${collectionId} and user_id = ${newcomer}`,
      );
      await db.execute(sql`insert into collection_creators (collection_id, user_id, position)
        select ${collectionId}, ${firstId}, ${position} where not exists (select 1 from collection_creators
          where collection_id = ${collectionId} and user_id = ${firstId})`);
    }
    expect((await creatorsOfFirstCard()).creators).toEqual(before.creators);
  });

  it('shows the nifty, collection, publisher and floor of a card as they are now', async () => {
    const db = t.app.config.database.db;
    type Target = {
      contract: string;
      tokenId: string;
      niftyId: number;
      collectionId: number;
      publisherId: number;
      listingId: number;
      price: number;
      title: string;
      collectionName: string;
      publisherName: string;
    };
    const [target] = (
      (await db.execute(sql`
        select t.contract_address as contract, t.token_id::text as "tokenId", n.id as "niftyId",
               c.id as "collectionId", c.publisher_id as "publisherId", l.id as "listingId",
               l.price_in_cents::int as price, n.title, c.name as "collectionName", pb.name as "publisherName"
          from listings l join tokens t on t.id = l.token_row_id join nifties n on n.id = t.nifty_id
          join collections c on c.id = n.collection_id join publishers pb on pb.id = c.publisher_id
         where l.status = 'active' and l.price_in_cents > 1 order by l.id limit 1`)) as unknown as {
        rows: Target[];
      }
    ).rows as [Target];
    const card = async () => {
      const res = await t.app.inject(`/api/v1/marketplace/items/${target.contract}/${target.tokenId}/`);
      expect(res.statusCode).toBe(200);
      return (res.json() as { token: NftCard }).token;
    };
    expect((await card()).title).toBe(target.title);
    try {
      await db.execute(sql`update nifties set title = 'Retitled Nifty' where id = ${target.niftyId}`);
      expect((await card()).title).toBe('Retitled Nifty');
      await db.execute(
        sql`update collections set name = 'Renamed Collection' where id = ${target.collectionId}`,
      );
      expect((await card()).project.name).toBe('Renamed Collection');
      await db.execute(
        sql`update publishers set name = 'Renamed Publisher' where id = ${target.publisherId}`,
      );
      expect((await card()).publisher.name).toBe('Renamed Publisher');
      // A cheaper listing of the nifty moves its floor (listings -> catalog_nifty_stats -> the card).
      await db.execute(sql`update listings set price_in_cents = 1 where id = ${target.listingId}`);
      expect((await card()).floorPriceInCents).toBe(1);
    } finally {
      await db.execute(sql`update nifties set title = ${target.title} where id = ${target.niftyId}`);
      await db.execute(
        sql`update collections set name = ${target.collectionName} where id = ${target.collectionId}`,
      );
      await db.execute(
        sql`update publishers set name = ${target.publisherName} where id = ${target.publisherId}`,
      );
      await db.execute(
        sql`update listings set price_in_cents = ${target.price} where id = ${target.listingId}`,
      );
    }
    const restored = await card();
    expect([restored.title, restored.project.name, restored.publisher.name]).toEqual([
      target.title,
      target.collectionName,
      target.publisherName,
    ]);
  });
});
