// What crawlers read at the web origin (issue #13 item 5): a real robots.txt (public pages open, the API, accounts
// and checkout closed, where the sitemap is) and a sitemap of the public pages with absolute URLs at PUBLIC_ORIGIN.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { schema } from '@vitrine/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../testing/test-app';
import { PRIVATE_PATHS, PUBLIC_PAGES, SITEMAP_TTL_MS } from './site.service';

const ORIGIN = 'https://vitrine.example';

const webDist = mkdtempSync(join(tmpdir(), 'vitrine-web-'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><html><head></head><body></body></html>');

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ config: { webDist, accounts: { publicOrigin: `${ORIGIN}/` } } });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

/** The <loc>s of a sitemap, after checking it is well-formed sitemaps.org XML (one <url><loc> per line). */
function locations(xml: string): string[] {
  const lines = xml.split('\n');
  expect(lines[0]).toBe('<?xml version="1.0" encoding="UTF-8"?>');
  expect(lines[1]).toBe('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  expect(lines.slice(-2)).toEqual(['</urlset>', '']);
  // Text without markup: any & starts one of XML's five entities.
  const entry = /^<url><loc>((?:[^<>&"']|&(?:amp|lt|gt|quot|apos);)+)<\/loc><\/url>$/;
  return lines.slice(2, -2).map((line) => {
    const m = entry.exec(line);
    expect(m, line).not.toBeNull();
    return (m?.[1] ?? '').replace(/&(amp|lt|gt|quot|apos);/g, (_, e: string) =>
      e === 'amp' ? '&' : e === 'lt' ? '<' : e === 'gt' ? '>' : e === 'quot' ? '"' : "'",
    );
  });
}

describe('/robots.txt', () => {
  it('is plain text that opens the public pages, closes the private ones and names the sitemap', async () => {
    const res = await t.app.inject('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of ['/api/', '/account/', '/login', '/signup', '/checkout/', '/listing-checkout/']) {
      expect(lines, path).toContain(`Disallow: ${path}`);
    }
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    expect(res.body).not.toContain('<html');
    // Every line is a record robots.txt parsers know, or blank.
    for (const line of lines)
      expect(line, line).toMatch(/^(|User-agent: \*|(Allow|Disallow): \/\S*|Sitemap: \S+)$/);
  });
});

describe('/sitemap.xml', () => {
  it('lists the public pages as absolute URLs at the public origin: home, explore, drops, collections, storefronts, items', async () => {
    const res = await t.app.inject('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const urls = locations(res.body);
    expect(new Set(urls).size).toBe(urls.length);
    for (const url of urls) expect(url.startsWith(`${ORIGIN}/`), url).toBe(true);
    expect(urls).toContain(`${ORIGIN}/`);
    expect(urls).toContain(`${ORIGIN}/explore/drops`);
    expect(urls).toContain(`${ORIGIN}/explore/nfts`);

    const paths = urls.map((url) => url.slice(ORIGIN.length));
    // Nothing robots.txt closes.
    for (const path of paths) {
      for (const closed of PRIVATE_PATHS)
        expect(path.startsWith(closed), `${path} under ${closed}`).toBe(false);
    }

    // An item page, a collection, a drop and a storefront, each one the API knows.
    const item = paths.find((p) => p.startsWith('/marketplace/item/'));
    const [, contract, tokenId] = /^\/marketplace\/item\/([^/]+)\/([^/]+)$/.exec(item ?? '') ?? [];
    expect(contract && tokenId, item).toBeTruthy();
    const itemAnswer = await t.app.inject(`/api/v1/marketplace/items/${contract}/${tokenId}/`);
    expect(itemAnswer.statusCode, item).toBe(200);

    const collection = paths.find((p) => p.startsWith('/marketplace/collection/'));
    const collectionKey = collection?.split('/')[3];
    expect(collectionKey).toBeTruthy();
    expect((await t.app.inject(`/api/v1/marketplace/collections/${collectionKey}/`)).statusCode).toBe(200);

    const drop = paths.find((p) => p.startsWith('/collections/'));
    expect((await t.app.inject(`/api/v1/marketplace/collections/${drop?.split('/')[2]}/`)).statusCode).toBe(
      200,
    );

    // A single segment that is not one of the fixed pages: /{publisherSlug} or /{storefrontSlug}.
    const storefront = paths.find((p) => /^\/[^/]+$/.test(p) && !PUBLIC_PAGES.includes(p));
    expect((await t.app.inject(`/api/v1/storefronts${storefront}/`)).statusCode, storefront).toBe(200);
  });

  it('comes compressed to a crawler that accepts it', async () => {
    const plain = await t.app.inject('/sitemap.xml');
    const br = await t.app.inject({ url: '/sitemap.xml', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('is read from the store again once an hour old, not before', async () => {
    const before = await t.app.inject('/sitemap.xml');
    const slug = /\/marketplace\/collection\/([^<]+)<\/loc>/.exec(before.body)?.[1] ?? '';
    expect(slug).not.toBe('');
    const { db } = t.app.config.database;
    await db
      .update(schema.collections)
      .set({ slug: 'renamed-for-the-sitemap' })
      .where(sql`lower(${schema.collections.slug}) = ${decodeURIComponent(slug).toLowerCase()}`);

    t.clock.advance(SITEMAP_TTL_MS - 1_000);
    expect((await t.app.inject('/sitemap.xml')).body).toBe(before.body);

    t.clock.advance(1_000);
    const after = await t.app.inject('/sitemap.xml');
    expect(after.body).toContain(`${ORIGIN}/marketplace/collection/renamed-for-the-sitemap</loc>`);
    expect(after.body).not.toContain(`/marketplace/collection/${slug}</loc>`);
  });
});
