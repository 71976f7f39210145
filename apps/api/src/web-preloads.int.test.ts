// The web host's HTML of a first load names the page's code (issue #13): the shell of a path of a page the build
// lists carries modulepreload and stylesheet links of that page's files; other paths get the plain shell.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from './testing/test-app';

const webDist = mkdtempSync(join(tmpdir(), 'vitrine-web-'));
writeFileSync(
  join(webDist, 'index.html'),
  '<!doctype html><html><head><script type="module" crossorigin src="/assets/index.js"></script></head><body><div id="root"></div></body></html>',
);
mkdirSync(join(webDist, '.vite'));
writeFileSync(
  join(webDist, '.vite/page-preloads.json'),
  JSON.stringify({
    routes: [
      { pattern: '^\\/login\\/?$', scripts: [], styles: [] },
      {
        pattern: '^\\/explore\\/[^/]+\\/?$',
        scripts: ['/assets/ExplorePage-a1.js', '/assets/NftGrid-b2.js'],
        styles: ['/assets/ExplorePage-c3.css'],
      },
      { pattern: '^\\/[^/]+\\/?$', scripts: ['/assets/StorefrontPage-d4.js'], styles: [] },
    ],
  }),
);

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ seed: false, config: { webDist } });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

const preloads = (html: string) =>
  [...html.matchAll(/<link rel="(modulepreload|stylesheet)"[^>]*href="([^"]+)"/g)].map(
    (m) => `${m[1]} ${m[2]}`,
  );

describe('the HTML of a first load', () => {
  it("links the page's chunks and styles before the head ends, after the shell's entry", async () => {
    const res = await t.app.inject('/explore/drops?price_min=5');
    expect(res.statusCode).toBe(200);
    expect(preloads(res.body)).toEqual([
      'modulepreload /assets/ExplorePage-a1.js',
      'modulepreload /assets/NftGrid-b2.js',
      'stylesheet /assets/ExplorePage-c3.css',
    ]);
    expect(res.body.indexOf('ExplorePage-a1.js')).toBeGreaterThan(res.body.indexOf('/assets/index.js'));
    expect(res.body.indexOf('ExplorePage-c3.css')).toBeLessThan(res.body.indexOf('</head>'));
    expect(preloads((await t.app.inject('/EXPLORE/nfts/')).body)).toContain(
      'modulepreload /assets/ExplorePage-a1.js',
    );
  });

  it('picks the first route that matches: a static path before the storefront slug', async () => {
    expect(preloads((await t.app.inject('/login')).body)).toEqual([]);
    expect(preloads((await t.app.inject('/atlas')).body)).toEqual([
      'modulepreload /assets/StorefrontPage-d4.js',
    ]);
  });

  it('is the plain shell on a path no route matches', async () => {
    const res = await t.app.inject('/a/b/c');
    expect(res.statusCode).toBe(200);
    expect(preloads(res.body)).toEqual([]);
    expect(res.body).toContain('<div id="root">');
  });
});
