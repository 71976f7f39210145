// First load of the production build (issue #13 "zod in every page"): the pages that browse load no zod, and the
// shell and each page's first load stay under the budgets, counted as transferred: the bytes the server
// sends for their scripts and style sheets to a browser's Accept-Encoding (bench/src/first-load.ts, which finds
// them in Vite's manifest). The app runs on Preact's compatibility layer to fit them; see docs/decisions/011-first-load.md.
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { firstLoadBytes } from '../bench/src/first-load';
import { launchBrowser } from './support/browser';
import { repoRoot } from './support/server';

const baseUrl = inject('baseUrl');

const SHELL_BUDGET_KB = 100;
/** The browsing pages: no forms, so no zod. */
const BROWSING_PAGES = [
  'HomePage',
  'ExplorePage',
  'ItemPage',
  'CollectionPage',
  'StorefrontPage',
  'ProfilePage',
];
const PAGE_BUDGET_KB = 150;

/** Text only zod's code carries (its schema classes' names survive minification). */
const ZOD_MARKER = '$ZodType';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('first load', () => {
  it('transfers under 100 KB for the shell and under 150 KB for any page', async () => {
    // The e2e setup built the web app (global-setup.ts) and serves it at baseUrl.
    const routes = await firstLoadBytes(join(repoRoot, 'apps/web/dist'), baseUrl);
    const shell = routes.find((route) => route.route === 'shell (entry)');
    expect(shell?.transferredKb).toBeLessThan(SHELL_BUDGET_KB);
    const pages = routes.filter((route) => route !== shell);
    expect(pages.map((page) => page.route)).toEqual(expect.arrayContaining(BROWSING_PAGES));
    for (const page of pages) expect(page.transferredKb, page.route).toBeLessThan(PAGE_BUDGET_KB);
  });

  it('of a browsing page holds no zod; a page with a form loads it', async () => {
    const scriptsOf = async (path: string, ready?: (page: Page) => Promise<unknown>) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      const scripts: Promise<string>[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script') scripts.push(response.text());
      });
      await page.goto(baseUrl + path, { waitUntil: 'networkidle' });
      // On a busy machine the network can look idle before a page's code has all arrived: wait for the page.
      if (ready) await ready(page);
      const texts = await Promise.all(scripts);
      await context.close();
      return texts;
    };
    // The collection page (and its list dialog) too: an accept dialog reading one message from the accounts'
    // schemas module brought zod to it (2026-12-05, 159 KB).
    for (const path of ['/', '/explore/nfts', '/atlas', '/marketplace/collection/field-notes-coast']) {
      const scripts = await scriptsOf(path);
      expect(scripts.length, path).toBeGreaterThan(3);
      expect(scripts.filter((text) => text.includes(ZOD_MARKER)).length, path).toBe(0);
    }
    // The marker does find zod where it is used: the login form validates with it.
    expect(
      (
        await scriptsOf('/login', (page) => page.getByRole('heading', { name: 'Log in' }).first().waitFor())
      ).some((text) => text.includes(ZOD_MARKER)),
    ).toBe(true);
  });
});
