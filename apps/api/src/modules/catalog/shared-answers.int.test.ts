// The rule shared answers are kept under (docs/decisions/004-catalog-api.md §7): a write through the API
// recomputes the pages of the scopes it changed on the next request and no other; every other change
// shows within the lag; a signed-in viewer's own likes show at once.
import type { CollectionCard, NftCard } from '@vitrine/domain/catalog-responses';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../testing/test-app';
import { sessionFor, type TestSession } from '../social/test-session';
import { SHARED_ANSWER_LAG_MS } from './browsing.services';

type Page<T> = { count: number; results: T[] };

let t: TestApp;
let me: TestSession;
/** A token with an owner, and a collection sharing no scope with it (publisher, creators). */
let target: {
  tokenId: string;
  contract: string;
  publisher: string;
  creator: string;
  ownerId: number;
  ownerUrl: string;
  collectionSlug: string;
  unrelated: string;
};

beforeAll(async () => {
  t = await testApp();
  me = await sessionFor(t.app, 'inesvidal');
  const r = (await t.app.config.database.db.execute(sql`
    select ct.token_id::text as "tokenId", ct.contract_address as contract, pb.slug as publisher,
           (select u.profile_url from collection_creators cc join users u on u.id = cc.user_id
             where cc.collection_id = c.id order by cc.position limit 1) as creator,
           o.id as "ownerId", o.profile_url as "ownerUrl", c.slug as "collectionSlug",
           (select c2.contract_address from collections c2
             where c2.publisher_id <> c.publisher_id
               and exists (select 1 from catalog_tokens x where x.collection_id = c2.id)
               and not exists (select 1 from collection_creators a join collection_creators b on a.user_id = b.user_id
                                where a.collection_id = c.id and b.collection_id = c2.id)
             order by c2.id limit 1) as unrelated
      from catalog_tokens ct join collections c on c.id = ct.collection_id
      join publishers pb on pb.id = c.publisher_id join users o on o.id = ct.owner_id
     where exists (select 1 from collection_creators cc where cc.collection_id = c.id)
     order by ct.token_row_id limit 1`)) as unknown as { rows: (typeof target)[] };
  target = r.rows[0]!;
  expect(target.unrelated).toBeTruthy();
});
afterAll(async () => {
  await t.close();
});

async function page<T>(url: string, session: TestSession | null = null): Promise<Page<T>> {
  const res = await t.app.inject({ url, headers: session?.headers ?? {} });
  expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
  return res.json() as Page<T>;
}

const likesOf = async (url: string, session: TestSession | null = null) => {
  const card = (await page<NftCard>(url, session)).results.find(
    (c) => c.tokenId === target.tokenId && c.contractAddress === target.contract,
  );
  expect(card, url).toBeDefined();
  return card!.likes;
};

async function like(saved: boolean) {
  const action = saved ? 'save' : 'remove';
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v2/users/me/boards/favorites/nifties/${action}/`,
    headers: me.headers,
    payload: { contractAddress: target.contract, tokenId: target.tokenId },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('shared answers under trading', () => {
  it('a like keeps the cached answer of an unrelated collection page; other changes show within the lag', async () => {
    const db = t.app.config.database.db;
    const url = `/api/v1/explore/nfts/?contractAddress=${target.unrelated}&page_size=5`;
    const [first] = (await page<NftCard>(url)).results;
    const [nifty] = (
      (await db.execute(sql`select n.id, n.title from nifties n join tokens tk on tk.nifty_id = n.id
        where tk.contract_address = ${first!.contractAddress} and tk.token_id = ${first!.tokenId}::numeric`)) as unknown as {
        rows: { id: number; title: string }[];
      }
    ).rows;
    // A change no write path of the API names (another process, the seed): seen once the lag is over.
    await db.execute(sql`update nifties set title = 'Retitled Elsewhere' where id = ${nifty!.id}`);
    try {
      await like(true);
      expect((await page<NftCard>(url)).results[0]!.title).toBe(nifty!.title);
      t.clock.advance(SHARED_ANSWER_LAG_MS - 1);
      expect((await page<NftCard>(url)).results[0]!.title).toBe(nifty!.title);
      t.clock.advance(1);
      expect((await page<NftCard>(url)).results[0]!.title).toBe('Retitled Elsewhere');
    } finally {
      await db.execute(sql`update nifties set title = ${nifty!.title} where id = ${nifty!.id}`);
      await like(false);
    }
  });

  it('a like shows on the next request on every page of its scopes: collection, storefront, artist, owner', async () => {
    const nfts = '/api/v1/explore/nfts/?page_size=100';
    const urls = [
      `${nfts}&contractAddress=${target.contract}`,
      `${nfts}&publisher=${target.publisher}&contractAddress=${target.contract}`,
      `${nfts}&creator=${target.creator}&contractAddress=${target.contract}`,
      `/api/v2/users/${target.ownerId}/nifties/?page_size=100&contractAddress=${target.contract}`,
      `/api/v2/users/${target.ownerUrl}/nifties/?page_size=100&contractAddress=${target.contract}`,
    ];
    const before = await Promise.all(urls.map((u) => likesOf(u)));
    await like(true);
    try {
      for (const [i, u] of urls.entries()) {
        expect(await likesOf(u), u).toEqual({ likesAmount: before[i]!.likesAmount + 1, isLiked: false });
      }
    } finally {
      await like(false);
    }
    for (const [i, u] of urls.entries()) expect(await likesOf(u), u).toEqual(before[i]);
  });

  it('on a cross-catalog list a like shows to its author at once and to everyone within the lag', async () => {
    const url = `/api/v1/explore/nfts/?page_size=100&tokenId=${target.tokenId}`;
    const before = await likesOf(url);
    await likesOf(url, me);
    await like(true);
    try {
      // The shared page is not recomputed for one like; the author's own like is laid over it.
      expect(await likesOf(url, me)).toEqual({ likesAmount: before.likesAmount, isLiked: true });
      expect(await likesOf(url)).toEqual(before);
      t.clock.advance(SHARED_ANSWER_LAG_MS);
      expect(await likesOf(url)).toEqual({ likesAmount: before.likesAmount + 1, isLiked: false });
      expect(await likesOf(url, me)).toEqual({ likesAmount: before.likesAmount + 1, isLiked: true });
    } finally {
      await like(false);
    }
  });

  it('a collection save shows on the next request on its storefront’s collection list', async () => {
    const url = `/api/v1/explore/collections/?page_size=100&publisher=${target.publisher}`;
    const likes = async () =>
      (await page<CollectionCard>(url)).results.find((c) => c.slug === target.collectionSlug)!.likes;
    const before = await likes();
    const save = (action: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v2/users/me/boards/favorites/collections/${action}/`,
        headers: me.headers,
        payload: { slug: target.collectionSlug },
      });
    expect((await save('save')).statusCode).toBe(200);
    try {
      expect(await likes()).toEqual({ likesAmount: before.likesAmount + 1, isLiked: false });
    } finally {
      expect((await save('remove')).statusCode).toBe(200);
    }
    expect(await likes()).toEqual(before);
  });
});

describe('shared answers within their byte budget (RESPONSE_CACHE_MAX_BYTES)', () => {
  it('keeps no answer larger than the budget: a change made in the store shows on the next request', async () => {
    const small = await testApp({ config: { responseCacheMaxBytes: 1000 } });
    try {
      const db = small.app.config.database.db;
      const url = `/api/v1/explore/nfts/?contractAddress=${target.unrelated}&page_size=5`;
      const ask = async () => {
        const res = await small.app.inject({ url });
        expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
        expect(res.body.length).toBeGreaterThan(1000);
        return (res.json() as Page<NftCard>).results[0]!;
      };
      const first = await ask();
      await db.execute(sql`update nifties set title = 'Retitled Elsewhere'
        where id = (select nifty_id from tokens where contract_address = ${first.contractAddress}
                     and token_id = ${first.tokenId}::numeric)`);
      // Within the lag, where a kept answer would still show the old title.
      expect((await ask()).title).toBe('Retitled Elsewhere');
    } finally {
      await small.close();
    }
  });
});
