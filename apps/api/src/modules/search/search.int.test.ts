// The search host (001 §3 "Search result", §7; docs/decisions/004-catalog-api.md §4).

import { schema } from '@vitrine/db';
import type { SearchAnswer, UniversalAnswer } from '@vitrine/domain/catalog-responses';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../testing/test-app';
import { SHARED_ANSWER_LAG_MS } from '../catalog/browsing.services';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => {
  await t.close();
});

async function search(index: string, body: Record<string, unknown>, status = 200) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/search/api/v2/indexes/${index}/search`,
    payload: body,
  });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(status);
  return res.json() as SearchAnswer & { fields?: Record<string, string> };
}

const names = (a: SearchAnswer) =>
  a.results.map((r) =>
    'display_name' in r.item
      ? r.item.display_name
      : 'title' in r.item
        ? r.item.title
        : r.item.collection_store_name,
  );

describe('POST /search/api/v2/indexes/{index}/search', () => {
  it('finds an artist despite a typo, any case', async () => {
    for (const query of ['mira solsi', 'MIRA SOLIS', 'Mira Solís', 'solis mira']) {
      const a = await search('users', { query, tokenizer: 'autocomplete' });
      expect(names(a)[0], query).toBe('Mira Solis');
      expect(a.results[0]).toMatchObject({ type: 'user', item: { slug: 'mirasolis' } });
    }
  });

  it('counts two swapped letters as one typo, as Meilisearch and Typesense do', async () => {
    // 'stduio' shares too few trigrams with 'studio' (0.43) for the trigram match alone.
    for (const tokenizer of ['autocomplete', 'standard']) {
      const a = await search('publishers', { query: 'Paper Moon Stduio', tokenizer });
      expect(names(a)[0], tokenizer).toBe('Paper Moon Studio');
      const one = await search('publishers', { query: 'Stduio', tokenizer });
      expect(names(one), tokenizer).toContain('Paper Moon Studio');
      // A typo-only match scores like one (0.5 to 1, plus the boost), below whole-word matches.
      expect(one.results[0]!.score).toBeGreaterThanOrEqual(0.5);
      expect(one.results[0]!.score).toBeLessThan(1.1);
    }
    const u = await search('users', { query: 'mira slois', tokenizer: 'autocomplete' });
    expect(names(u)[0]).toBe('Mira Solis');
    // Short words keep prefix-only matching: no typo tolerance under 4 letters.
    expect((await search('publishers', { query: 'ppa', tokenizer: 'autocomplete' })).results).toEqual([]);
  });

  it('matches prefixes with the autocomplete tokenizer and scores the best first', async () => {
    const a = await search('publishers', { query: 'lum', tokenizer: 'autocomplete' });
    expect(names(a)[0]).toBe('Lumen House');
    const scores = a.results.map((r) => r.score);
    expect([...scores].sort((x, y) => y - x)).toEqual(scores);
    const c = await search('collections', { query: 'pixel pil', tokenizer: 'autocomplete' });
    expect(c.results[0]).toMatchObject({
      type: 'collection',
      item: { collection_store_name: 'Pixel Pilgrims', collection_store_url: 'pixel-pilgrims' },
    });
    const item = c.results[0]!.item as Record<string, unknown>;
    for (const key of [
      'collection_project_icon',
      'schedule_start_at',
      'schedule_end_at',
      'creators',
      'post_production_page_slug',
      'contract_address',
    ]) {
      expect(item).toHaveProperty(key);
    }
    expect(item.post_production_page_slug).toBe('pixel-pilgrims');
  });

  it('answers product items with title, image, contract, type and creators', async () => {
    const a = await search('products', { query: 'saint of tides' });
    expect(a.results[0]).toMatchObject({
      type: 'product',
      item: { title: 'Saint of Tides', type: 3, collection_store_url: 'chromatic-saints' },
    });
    const item = a.results[0]!.item as {
      display_image: string;
      contract_address: string;
      creators: { display_name: string }[];
    };
    expect(item.display_image).toMatch(/^\/api\/media\//);
    expect(item.contract_address).toMatch(/^0x[0-9a-f]{40}$/);
    expect(item.creators.map((c) => c.display_name)).toContain('Mira Solis');
  });

  it('pages with meta, default page size 20, an empty query lists everything', async () => {
    const all = await search('users', {});
    expect(all.meta.page_size).toBe(20);
    expect(all.results).toHaveLength(20);
    const count = (
      await t.app.config.database.db.select({ n: sql<number>`count(*)::int` }).from(schema.users)
    )[0]!.n;
    expect(all.meta.total_results).toBe(count);
    expect(all.meta.total_pages).toBe(Math.ceil(count / 20));
    const two = await search('users', { page: 2, page_size: 20 });
    expect(two.results.map((r) => r.item.id)).not.toContain(all.results[0]!.item.id);
    const far = await search('users', { page: 1_000_000_000 });
    expect(far.results).toEqual([]);
    expect(far.meta.total_results).toBe(count);
  });

  it('applies the filters of the index and refuses the others', async () => {
    const creators = await search('users', { query: '', filters: { creator: true }, page_size: 100 });
    expect(creators.meta.total_results).toBeGreaterThan(0);
    expect(creators.meta.total_results).toBeLessThan((await search('users', {})).meta.total_results);
    const art = await search('collections', {
      filters: { category: 'one_of_one', status: 'past' },
      page_size: 100,
    });
    expect(art.meta.total_results).toBeGreaterThan(0);
    const byContract = await search('products', { filters: { collection_slug: 'pixel-pilgrims' } });
    expect(byContract.meta.total_results).toBe(3);
    const bad = await search('users', { filters: { category: 'art' } }, 400);
    expect(bad.fields).toHaveProperty(['filters.category']);
    await search('users', { filters: { colour: 'red' } }, 400);
  });

  it('refuses bad input with 400s', async () => {
    await search('tokens', { query: 'x' }, 400);
    await search('users', { query: 'x'.repeat(5000) }, 400);
    await search('users', { page: 0 }, 400);
    await search('users', { page_size: 500 }, 400);
    await search('users', { tokenizer: 'ngram' }, 400);
  });

  it('keeps documents in step with writes to users, publishers and drops', async () => {
    const { db } = t.app.config.database;
    // Search answers are shared: a write outside the API shows within the lag (decision 004 §7).
    const later = () => t.clock.advance(SHARED_ANSWER_LAG_MS);
    await db
      .update(schema.users)
      .set({ name: 'Zephyrine Quillfeather' })
      .where(eq(schema.users.profileUrl, 'tomasz'));
    later();
    expect(names(await search('users', { query: 'zephyrine quilfeather' }))[0]).toBe(
      'Zephyrine Quillfeather',
    );
    await db
      .update(schema.publishers)
      .set({ name: 'Lumen Maison' })
      .where(eq(schema.publishers.slug, 'lumen-house'));
    later();
    expect(names(await search('publishers', { query: 'lumen mais', tokenizer: 'autocomplete' }))[0]).toBe(
      'Lumen Maison',
    );
    // A product's text holds its artists' names: renaming an artist moves it too.
    await db
      .update(schema.users)
      .set({ name: 'Mirabel Solano' })
      .where(eq(schema.users.profileUrl, 'mirasolis'));
    later();
    const renamed = await search('products', { query: 'mirabel solano', page_size: 50 });
    expect(renamed.results.map((r) => r.item.id).length).toBeGreaterThan(0);
    expect((await search('products', { query: 'mira solis' })).meta.total_results).toBe(0);
    // Unpublishing a drop takes its collections out of the index.
    await db.update(schema.drops).set({ dropStatus: 'draft' }).where(eq(schema.drops.slug, 'field-notes'));
    later();
    expect(
      (await search('collections', { query: 'field notes coast' })).results.map((r) => r.item.id),
    ).toEqual([]);
    await db
      .update(schema.drops)
      .set({ dropStatus: 'published' })
      .where(eq(schema.drops.slug, 'field-notes'));
    later();
    expect(names(await search('collections', { query: 'field notes coast' }))[0]).toBe('Field Notes: Coast');
  });
});

describe('universal search', () => {
  async function universal(query: string) {
    const res = await t.app.inject({ method: 'POST', url: '/search/api/v2/universal', payload: { query } });
    expect(res.statusCode).toBe(200);
    return res.json() as UniversalAnswer;
  }

  it('merges collections, publishers, users and products by score, at most 8', async () => {
    const a = await universal('pilgrim');
    expect(a.results.length).toBeGreaterThan(0);
    expect(a.results.length).toBeLessThanOrEqual(8);
    const scores = a.results.map((r) => r.score);
    expect([...scores].sort((x, y) => y - x)).toEqual(scores);
    const types = new Set(a.results.map((r) => r.type));
    expect(types.has('collection')).toBe(true);
    expect(types.has('product')).toBe(true);
    // Collections come from products, one per collection.
    const collections = a.results.filter((r) => r.type === 'collection').map((r) => r.item.id);
    expect(new Set(collections).size).toBe(collections.length);
  });

  it('answers GET too, and nothing for an empty query', async () => {
    const res = await t.app.inject('/search/api/v2/universal?query=atlas');
    expect(res.statusCode).toBe(200);
    expect((res.json() as UniversalAnswer).results.some((r) => r.type === 'publisher')).toBe(true);
    expect((await universal('  ')).results).toEqual([]);
    const long = await t.app.inject({
      method: 'POST',
      url: '/search/api/v2/universal',
      payload: { query: 'x'.repeat(5000) },
    });
    expect(long.statusCode).toBe(400);
  });
});
