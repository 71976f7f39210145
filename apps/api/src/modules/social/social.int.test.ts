// Follows, favourites boards and likes (000 §7 "Follow and favourites"; docs/decisions/004-catalog-api.md §5).
import type { FavoriteCollection, FavoriteNifty, NftCard } from '@vitrine/domain/catalog-responses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../testing/test-app';
import { sessionFor, type TestSession } from './test-session';

type Page<T> = { count: number; results: T[] };

let t: TestApp;
let me: TestSession;
let other: TestSession;
beforeAll(async () => {
  t = await testApp();
  me = await sessionFor(t.app, 'inesvidal');
  other = await sessionFor(t.app, 'ottilie');
});
afterAll(async () => {
  await t.close();
});

async function post(url: string, session: TestSession | null, payload?: unknown) {
  return t.app.inject({ method: 'POST', url, payload: payload as object, headers: session?.headers ?? {} });
}

async function getJson<T>(url: string, session: TestSession | null = null): Promise<T> {
  const res = await t.app.inject({ url, headers: session?.headers ?? {} });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return res.json() as T;
}

describe('auth', () => {
  it('answers 401 without a valid bearer token', async () => {
    for (const url of [
      '/api/v2/subscriptions/publishers/atlas/follow/',
      `/api/v2/subscriptions/contracts/0x${'1'.repeat(40)}/unfollow/`,
    ]) {
      const res = await post(url, null);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({
        errorType: 'unauthorized',
        message: 'Request credentials could not be verified.',
      });
    }
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v2/users/me/boards/favorites/collections/save/',
      payload: { slug: 'pixel-pilgrims' },
      headers: { authorization: 'Bearer vat_nope' },
    });
    expect(bad.statusCode).toBe(401);
    const board = await t.app.inject('/api/v2/users/me/boards/favorites/nifties/marketplace/');
    expect(board.statusCode).toBe(401);
  });

  it('reads a bad token on a public GET as signed out', async () => {
    const res = await t.app.inject({
      url: '/api/v2/subscriptions/publishers/?slugs=atlas',
      headers: { authorization: 'Bearer vat_expired' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('following publishers and contracts', () => {
  it('follows, reports the state and unfollows, idempotently', async () => {
    const before = await getJson<{ results: { slug: string; totalCount: number; isSubscribed: boolean }[] }>(
      '/api/v2/subscriptions/publishers/?slugs=atlas,paper-moon,nope',
      me,
    );
    expect(before.results.map((r) => r.slug).sort()).toEqual(['atlas', 'paper-moon']);
    const atlas = before.results.find((r) => r.slug === 'atlas')!;

    const wasFollowing = atlas.isSubscribed;
    if (wasFollowing) await post('/api/v2/subscriptions/publishers/atlas/unfollow/', me);
    const base = atlas.totalCount - (wasFollowing ? 1 : 0);

    const followed = await post('/api/v2/subscriptions/publishers/ATLAS/follow/', me);
    expect(followed.statusCode).toBe(200);
    expect(followed.json()).toEqual({ slug: 'atlas', totalCount: base + 1, isSubscribed: true });
    expect((await post('/api/v2/subscriptions/publishers/atlas/follow/', me)).json()).toMatchObject({
      totalCount: base + 1,
    });
    const seenByOther = await getJson<{ results: { isSubscribed: boolean; totalCount: number }[] }>(
      '/api/v2/subscriptions/publishers/?slugs=atlas',
      other,
    );
    expect(seenByOther.results[0]).toMatchObject({ totalCount: base + 1 });
    const storefront = await getJson<{ subscription: { isSubscribed: boolean } }>(
      '/api/v1/storefronts/atlas/',
      me,
    );
    expect(storefront.subscription.isSubscribed).toBe(true);

    const unfollowed = await post('/api/v2/subscriptions/publishers/atlas/unfollow/', me);
    expect(unfollowed.json()).toEqual({ slug: 'atlas', totalCount: base, isSubscribed: false });
    expect((await post('/api/v2/subscriptions/publishers/no-such/follow/', me)).statusCode).toBe(404);
  });

  it('follows a contract by address, any case', async () => {
    const c = await getJson<{ contractAddress: string }>('/api/v1/marketplace/collections/pixel-pilgrims/');
    const upper = `0x${c.contractAddress.slice(2).toUpperCase()}`;
    const res = await post(`/api/v2/subscriptions/contracts/${upper}/follow/`, other);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ contractAddress: c.contractAddress, isSubscribed: true });
    const list = await getJson<{ results: { contractAddress: string; isSubscribed: boolean }[] }>(
      `/api/v2/subscriptions/contracts/?contractAddress=${c.contractAddress}`,
      other,
    );
    expect(list.results).toEqual([
      { contractAddress: c.contractAddress, totalCount: expect.any(Number), isSubscribed: true },
    ]);
    const item = await getJson<{ subscription: { isSubscribed: boolean } }>(
      '/api/v1/marketplace/collections/pixel-pilgrims/',
      other,
    );
    expect(item.subscription.isSubscribed).toBe(true);
    expect(
      (await post(`/api/v2/subscriptions/contracts/0x${'2'.repeat(40)}/follow/`, other)).statusCode,
    ).toBe(404);
  });
});

describe('likes and favourites boards', () => {
  it('a like is a token save: the count moves at once and the card shows it', async () => {
    const page = await getJson<Page<NftCard>>('/api/v1/explore/nfts/?sort=-last_sale_at&page_size=50', me);
    const card = page.results.find((c) => !c.likes.isLiked)!;
    const body = { contractAddress: card.contractAddress, tokenId: card.tokenId };
    const saved = await post('/api/v2/users/me/boards/favorites/nifties/save/', me, body);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      saved: true,
      likes: { likesAmount: card.likes.likesAmount + 1, isLiked: true },
    });
    const again = await post('/api/v2/users/me/boards/favorites/nifties/save/', me, body);
    expect(again.json()).toMatchObject({ likes: { likesAmount: card.likes.likesAmount + 1 } });

    const after = await getJson<Page<NftCard>>(
      `/api/v1/explore/nfts/?tokenId=${card.tokenId}&contractAddress=${card.contractAddress}`,
      me,
    );
    expect(after.results[0]!.likes).toEqual({ likesAmount: card.likes.likesAmount + 1, isLiked: true });
    const signedOut = await getJson<Page<NftCard>>(
      `/api/v1/explore/nfts/?tokenId=${card.tokenId}&contractAddress=${card.contractAddress}`,
    );
    expect(signedOut.results[0]!.likes.isLiked).toBe(false);

    const board = await getJson<Page<FavoriteNifty>>(
      '/api/v2/users/me/boards/favorites/nifties/marketplace/',
      me,
    );
    expect(board.results[0]).toMatchObject({
      kind: 'token',
      tokenId: card.tokenId,
      contractAddress: card.contractAddress,
    });
    const publicBoard = await getJson<Page<FavoriteNifty>>(
      '/api/v2/users/inesvidal/boards/favorites/nifties/marketplace/',
    );
    expect(publicBoard.count).toBe(board.count);

    const removed = await post('/api/v2/users/me/boards/favorites/nifties/remove/', me, body);
    expect(removed.json()).toEqual({
      saved: false,
      likes: { likesAmount: card.likes.likesAmount, isLiked: false },
    });
  });

  it('a shared explore page shows each signed-in viewer their own likes and no one else’s', async () => {
    const url = '/api/v1/explore/nfts/?sort=-likes&page_size=12';
    const first = await getJson<Page<NftCard>>(url);
    const card = first.results[3]!;
    await post('/api/v2/users/me/boards/favorites/nifties/save/', other, {
      contractAddress: card.contractAddress,
      tokenId: card.tokenId,
    });
    // Asked signed out first, so the answer the viewers get below is the shared one.
    const shared = await getJson<Page<NftCard>>(url);
    expect(shared.results.every((c) => !c.likes.isLiked)).toBe(true);
    const mine = await getJson<Page<NftCard>>(url, other);
    expect(mine.results.filter((c) => c.likes.isLiked).map((c) => c.id)).toEqual([card.id]);
    expect(mine.results.map((c) => ({ ...c, likes: { ...c.likes, isLiked: false } }))).toEqual(
      shared.results,
    );
    const someoneElse = await getJson<Page<NftCard>>(url, me);
    expect(someoneElse.results.filter((c) => c.likes.isLiked && c.id === card.id)).toEqual([]);
    const user = await getJson<Page<NftCard>>(`/api/v2/users/${card.owner!.username}/nifties/`, other);
    expect(user.results.find((c) => c.id === card.id)?.likes.isLiked).toBe(true);
    await post('/api/v2/users/me/boards/favorites/nifties/remove/', other, {
      contractAddress: card.contractAddress,
      tokenId: card.tokenId,
    });
    const after = await getJson<Page<NftCard>>(url, other);
    expect(after.results.some((c) => c.likes.isLiked)).toBe(false);
  });

  it('explore collections shows a signed-in viewer the collections they saved', async () => {
    await post('/api/v2/users/me/boards/favorites/collections/save/', other, { slug: 'pixel-pilgrims' });
    const url = '/api/v1/explore/collections/?page_size=50';
    const shared = await getJson<Page<{ slug: string; likes: { isLiked: boolean } }>>(url);
    expect(shared.results.find((c) => c.slug === 'pixel-pilgrims')?.likes.isLiked).toBe(false);
    const mine = await getJson<Page<{ slug: string; likes: { isLiked: boolean } }>>(url, other);
    expect(mine.results.filter((c) => c.likes.isLiked).map((c) => c.slug)).toContain('pixel-pilgrims');
    await post('/api/v2/users/me/boards/favorites/collections/remove/', other, { slug: 'pixel-pilgrims' });
    const after = await getJson<Page<{ slug: string; likes: { isLiked: boolean } }>>(url, other);
    expect(after.results.find((c) => c.slug === 'pixel-pilgrims')?.likes.isLiked).toBe(false);
  });

  it('saves an edition by niftyContractAddress + niftyType', async () => {
    const c = await getJson<{ contractAddress: string }>('/api/v1/marketplace/collections/chromatic-saints/');
    const body = { niftyContractAddress: c.contractAddress, niftyType: 2 };
    const saved = await post('/api/v2/users/me/boards/favorites/nifties/save/', other, body);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ saved: true, likes: { isLiked: true } });
    const board = await getJson<Page<FavoriteNifty>>(
      '/api/v2/users/ottilie/boards/favorites/nifties/marketplace/',
    );
    expect(board.results[0]).toMatchObject({
      kind: 'edition',
      tokenId: null,
      typeNumber: 2,
      name: 'Saint of Small Hours',
    });
    expect(
      (await post('/api/v2/users/me/boards/favorites/nifties/save/', other, { ...body, niftyType: 42 }))
        .statusCode,
    ).toBe(404);
    const both = await post('/api/v2/users/me/boards/favorites/nifties/save/', other, {
      ...body,
      contractAddress: c.contractAddress,
      tokenId: '1',
    });
    expect(both.statusCode).toBe(400);
  });

  it('saves collections by slug or contract and lists them newest first', async () => {
    const res = await post('/api/v2/users/me/boards/favorites/collections/save/', me, {
      slug: 'concrete-poems',
    });
    expect(res.json()).toMatchObject({ saved: true, likes: { isLiked: true } });
    t.clock.advance(60_000);
    const c = await getJson<{ contractAddress: string; likes: { isLiked: boolean } }>(
      '/api/v1/marketplace/collections/rooms-without-doors/',
    );
    await post('/api/v2/users/me/boards/favorites/collections/save/', me, {
      contractAddress: c.contractAddress,
    });
    const board = await getJson<Page<FavoriteCollection>>(
      '/api/v2/users/me/boards/favorites/collections/marketplace/',
      me,
    );
    expect(board.results.slice(0, 2).map((x) => x.slug)).toEqual(['rooms-without-doors', 'concrete-poems']);
    expect(board.results[0]!.likes.isLiked).toBe(true);
    const removed = await post('/api/v2/users/me/boards/favorites/collections/remove/', me, {
      slug: 'concrete-poems',
    });
    expect(removed.json()).toMatchObject({ saved: false, likes: { isLiked: false } });
    await expect(
      getJson<Page<FavoriteCollection>>('/api/v2/users/inesvidal/boards/favorites/collections/marketplace/'),
    ).resolves.toMatchObject({ count: board.count - 1 });
  });
});
