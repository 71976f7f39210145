// First-load JavaScript of the production build (issue #13 "zod in every page"): the pages that browse load no
// zod, and the shell and each page's first load stay under their budgets (gzip, as bench/src/first-load-js.ts
// counts them from Vite's manifest).
//
// The issue asks for a shell under 100 KB and pages under 150 KB. React 19, React Router 7 (data router) and
// TanStack Query weigh about 105 KB gzip on their own, so the shell cannot meet 100 KB without replacing one of
// them; these budgets hold today's sizes with a little room, so that zod (24 KB) or any other library slipping
// into the shell or a browsing page fails here. See docs/decisions/011-first-load.md.
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { firstLoadJs } from '../bench/src/first-load-js';
import { launchBrowser } from './support/browser';
import { repoRoot } from './support/server';

const baseUrl = inject('baseUrl');

const SHELL_BUDGET_KB = 140;
/** The browsing pages: no forms, so no zod. */
const BROWSING_PAGES = [
  'HomePage',
  'ExplorePage',
  'ItemPage',
  'CollectionPage',
  'StorefrontPage',
  'ProfilePage',
];
const BROWSING_PAGE_BUDGET_KB = 170;
/** Pages with forms carry zod (24 KB) for their validation. */
const PAGE_BUDGET_KB = 180;

/** Text only zod's code carries (its schema classes' names survive minification). */
const ZOD_MARKER = '$ZodType';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('first-load JavaScript', () => {
  it('stays under the budgets: the shell, the browsing pages, every page', () => {
    // The e2e setup built the web app (global-setup.ts).
    const routes = firstLoadJs(join(repoRoot, 'apps/web/dist'));
    const shell = routes.find((route) => route.route === 'shell (entry)');
    expect(shell?.gzipKb).toBeLessThan(SHELL_BUDGET_KB);
    const pages = routes.filter((route) => route !== shell);
    expect(pages.map((page) => page.route)).toEqual(expect.arrayContaining(BROWSING_PAGES));
    for (const page of pages) {
      const budget = BROWSING_PAGES.includes(page.route) ? BROWSING_PAGE_BUDGET_KB : PAGE_BUDGET_KB;
      expect(page.gzipKb, page.route).toBeLessThan(budget);
    }
  });

  it('of a browsing page holds no zod; a page with a form loads it', async () => {
    const scriptsOf = async (path: string) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      const scripts: Promise<string>[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script') scripts.push(response.text());
      });
      await page.goto(baseUrl + path, { waitUntil: 'networkidle' });
      const texts = await Promise.all(scripts);
      await context.close();
      return texts;
    };
    for (const path of ['/', '/explore/nfts', '/atlas']) {
      const scripts = await scriptsOf(path);
      expect(scripts.length, path).toBeGreaterThan(3);
      expect(scripts.filter((text) => text.includes(ZOD_MARKER)).length, path).toBe(0);
    }
    // The marker does find zod where it is used: the login form validates with it.
    expect((await scriptsOf('/login')).some((text) => text.includes(ZOD_MARKER))).toBe(true);
  });
});
