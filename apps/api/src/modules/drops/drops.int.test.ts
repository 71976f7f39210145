import { schema } from '@vitrine/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_NOW, type TestApp, testApp } from '../../testing/test-app';
import { SHARED_ANSWER_LAG_MS } from '../catalog/browsing.services';

interface DropsPage {
  count: number;
  page: number;
  page_size: number;
  total_pages: number;
  results: {
    slug: string;
    status: string;
    dropType: string;
    startDate: string;
    endDate: string;
    coverAsset: { src: string } | null;
    publisher: { slug: string };
    cards: { niftyType: string; saleType: string; asset: { src: string } }[];
  }[];
}

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => {
  await t.close();
});

const get = async (url: string) => {
  const res = await t.app.inject(url);
  expect(res.statusCode, url).toBe(200);
  return res.json() as DropsPage;
};

describe('GET /api/v1/drops/', () => {
  it('lists live drops by the server clock, ending soonest first', async () => {
    const page = await get('/api/v1/drops/?status=live');
    expect(page.results.length).toBeGreaterThanOrEqual(4);
    for (const d of page.results) {
      expect(d.status).toBe('live');
      expect(new Date(d.startDate).getTime()).toBeLessThanOrEqual(TEST_NOW.getTime());
      expect(new Date(d.endDate).getTime()).toBeGreaterThan(TEST_NOW.getTime());
      expect(d.coverAsset?.src).toMatch(/^\/api\/media\//);
      expect(d.cards.length).toBeGreaterThan(0);
    }
    const ends = page.results.map((d) => d.endDate);
    expect([...ends].sort()).toEqual(ends);
  });

  it('lists upcoming drops soonest first, and ended ones under past', async () => {
    const upcoming = await get('/api/v1/drops/?status=upcoming');
    expect(upcoming.results.length).toBeGreaterThanOrEqual(4);
    expect(upcoming.results.every((d) => d.status === 'upcoming')).toBe(true);
    const starts = upcoming.results.map((d) => d.startDate);
    expect([...starts].sort()).toEqual(starts);
    const past = await get('/api/v1/drops/?status=past');
    expect(past.results.length).toBeGreaterThanOrEqual(4);
    expect(past.results.every((d) => d.status === 'ended')).toBe(true);
  });

  it('moves a drop from upcoming to live at its start time, on the first request after it', async () => {
    const before = await get('/api/v1/drops/?status=upcoming&page_size=1');
    const first = before.results[0];
    expect(first).toBeDefined();
    const { db } = t.app.config.database;
    const originalStart = new Date(first!.startDate);
    // A start time inside a minute (90.5 s from now), so nothing that goes by the minute can pass.
    const start = new Date(TEST_NOW.getTime() + 90_500);
    await db.update(schema.drops).set({ startAt: start }).where(eq(schema.drops.slug, first!.slug));
    const slugs = (page: DropsPage) => page.results.map((d) => d.slug);
    // The lists are shared answers: ask them before the start so the answers are there to reuse.
    const lists = [
      '/api/v1/drops/?status=live&page_size=100',
      '/api/v1/explore/drops/?status=live&page_size=100',
    ];
    try {
      for (const url of lists) expect(slugs(await get(url))).not.toContain(first!.slug);
      t.clock.set(new Date(start.getTime() - 1));
      const counts: number[] = [];
      for (const url of lists) {
        const page = await get(url);
        expect(slugs(page)).not.toContain(first!.slug);
        counts.push(page.count);
      }
      t.clock.set(start);
      for (const [i, url] of lists.entries()) {
        const live = await get(url);
        expect(live.results.find((d) => d.slug === first!.slug)?.status, url).toBe('live');
        // The count (explore keeps counts in a cache of their own) moves with the list.
        expect(live.count, url).toBe((counts[i] ?? 0) + 1);
      }
      expect(slugs(await get('/api/v1/drops/?status=upcoming&page_size=100'))).not.toContain(first!.slug);
      // And back: the answers follow the clock both ways.
      t.clock.set(TEST_NOW);
      expect(slugs(await get('/api/v1/drops/?status=live&page_size=100'))).not.toContain(first!.slug);
    } finally {
      t.clock.set(TEST_NOW);
      await db.update(schema.drops).set({ startAt: originalStart }).where(eq(schema.drops.slug, first!.slug));
    }
  });

  it('shows a drop published or removed outside the API within the lag (no cached list outlives it)', async () => {
    const url = '/api/v1/drops/?status=live&page_size=100';
    const slugs = async () => (await get(url)).results.map((d) => d.slug);
    expect(await slugs()).not.toContain('fresh-off-the-press');
    const { db } = t.app.config.database;
    const [publisher] = await db.select({ id: schema.publishers.id }).from(schema.publishers).limit(1);
    await db.insert(schema.drops).values({
      publisherId: publisher!.id,
      slug: 'fresh-off-the-press',
      title: 'Fresh off the press',
      dropType: 'edition',
      dropStatus: 'published',
      startAt: new Date(TEST_NOW.getTime() - 60_000),
      endAt: new Date(TEST_NOW.getTime() + 3_600_000),
    });
    try {
      t.clock.advance(SHARED_ANSWER_LAG_MS);
      expect(await slugs()).toContain('fresh-off-the-press');
    } finally {
      await db.delete(schema.drops).where(eq(schema.drops.slug, 'fresh-off-the-press'));
    }
    t.clock.advance(SHARED_ANSWER_LAG_MS);
    expect(await slugs()).not.toContain('fresh-off-the-press');
    t.clock.set(TEST_NOW);
  });

  it('paginates with a stable count, and a page past the end is empty', async () => {
    const one = await get('/api/v1/drops/?status=past&page_size=2&page=1');
    const two = await get('/api/v1/drops/?status=past&page_size=2&page=2');
    expect(one.count).toBe(two.count);
    expect(one.total_pages).toBe(Math.ceil(one.count / 2));
    expect(one.results.map((d) => d.slug)).not.toEqual(two.results.map((d) => d.slug));
    const far = await get('/api/v1/drops/?status=past&page=1000000000');
    expect(far.results).toEqual([]);
    expect(far.count).toBe(one.count);
  });

  it('covers the drop types of 001 §1 across the seeded drops', async () => {
    const all = await Promise.all(
      ['live', 'upcoming', 'past'].map((s) => get(`/api/v1/drops/?status=${s}&page_size=100`)),
    );
    const types = new Set(all.flatMap((p) => p.results.map((d) => d.dropType)));
    for (const type of [
      'auction',
      'drawing',
      'fcfs',
      'ranked_auction',
      'silent_auction',
      'open_edition',
      'blind_edition',
      'pack',
    ]) {
      expect(types, type).toContain(type);
    }
  });
});

describe('GET /api/media/*', () => {
  it('serves seeded artwork as an inert SVG with caching headers', async () => {
    const page = await get('/api/v1/drops/?status=live&page_size=1');
    const src = page.results[0]?.cards[0]?.asset.src;
    expect(src).toBeDefined();
    const res = await t.app.inject(src!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['content-security-policy']).toContain('sandbox');
    expect(res.body).toContain('<svg');
    const again = await t.app.inject({ url: src!, headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('answers 404 for a missing object and refuses path traversal', async () => {
    expect((await t.app.inject('/api/media/seed/none.svg')).statusCode).toBe(404);
    expect((await t.app.inject('/api/media/..%2F..%2Fetc%2Fpasswd')).statusCode).toBe(404);
  });
});
