// A first load in real Chromium against the built server (issue #13): a page's data leaves with its code rather
// than after it, the page's code is named in the HTML, nothing shifts as content replaces skeletons, and the first
// row of artwork loads eagerly.
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './support/browser';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Timeline {
  /** When (ms, test clock) the first request whose URL matches started, or undefined. */
  started(pattern: RegExp): number | undefined;
  /** When the first request whose URL matches finished, or undefined. */
  finished(pattern: RegExp): number | undefined;
  /** Resolves when a request whose URL matches starts. */
  seen(pattern: RegExp): Promise<void>;
}

function recordRequests(page: Page): Timeline {
  const starts: [string, number][] = [];
  const ends: [string, number][] = [];
  const waiting: { pattern: RegExp; resolve: () => void }[] = [];
  page.on('request', (request: Request) => {
    starts.push([request.url(), performance.now()]);
    for (const wait of waiting) if (wait.pattern.test(request.url())) wait.resolve();
  });
  page.on('requestfinished', (request: Request) => ends.push([request.url(), performance.now()]));
  const first = (list: [string, number][], pattern: RegExp) => list.find(([url]) => pattern.test(url))?.[1];
  return {
    started: (pattern) => first(starts, pattern),
    finished: (pattern) => first(ends, pattern),
    seen: (pattern) =>
      first(starts, pattern) !== undefined
        ? Promise.resolve()
        : new Promise((resolve) => waiting.push({ pattern, resolve })),
  };
}

/**
 * Holds back the page chunk matching `chunk` until a request matching `data` has started (at most `maxMs`): when the
 * data waited for the code, the data's request starts only after the chunk has arrived.
 */
async function holdChunkUntil(page: Page, timeline: Timeline, chunk: RegExp, data: RegExp, maxMs = 5000) {
  await page.route(chunk, async (route) => {
    await Promise.race([timeline.seen(data), new Promise((resolve) => setTimeout(resolve, maxMs))]);
    await route.continue();
  });
}

async function newPage(viewport = { width: 1280, height: 900 }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport });
  return { context, page: await context.newPage() };
}

/** The modulepreload links of a path's HTML. */
async function modulePreloads(path: string): Promise<string[]> {
  const html = await (await fetch(baseUrl + path)).text();
  return [...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1] ?? '');
}

const EXPLORE_CHUNK = /\/assets\/ExplorePage-[\w-]+\.js$/;
const EXPLORE_DATA = /\/api\/v1\/explore\/drops\//;

describe('the first load of a page', () => {
  it("names the page's chunk in the HTML, and its data leaves before that chunk has arrived", async () => {
    const preloads = await modulePreloads('/explore/drops');
    expect(preloads.some((href) => EXPLORE_CHUNK.test(href)), preloads.join(' ')).toBe(true);
    expect((await modulePreloads('/login')).some((href) => EXPLORE_CHUNK.test(href))).toBe(false);

    const { context, page } = await newPage();
    const timeline = recordRequests(page);
    await holdChunkUntil(page, timeline, EXPLORE_CHUNK, EXPLORE_DATA);
    await page.goto(`${baseUrl}/explore/drops`);
    await page.getByTestId('drop-grid').getByTestId('drop-card').first().waitFor();

    const dataStart = timeline.started(EXPLORE_DATA);
    const chunkEnd = timeline.finished(EXPLORE_CHUNK);
    expect(dataStart, 'explore data request').toBeDefined();
    expect(chunkEnd, 'explore chunk').toBeDefined();
    expect(dataStart).toBeLessThan(chunkEnd ?? 0);
    // The first script's code and the data's request were under way together: one explore call, not two.
    expect(
      (await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name))).filter(
        (name) => EXPLORE_DATA.test(name),
      ),
    ).toHaveLength(1);
    await context.close();
  });

  it("starts the item's and the home page's data while their code is held back", async () => {
    const item = (await (await fetch(`${baseUrl}/api/v1/explore/nfts/?page_size=1`)).json()) as {
      results: { contractAddress: string; tokenId: string | number }[];
    };
    const token = item.results[0];
    expect(token).toBeDefined();
    const cases = [
      {
        path: `/marketplace/item/${token?.contractAddress}/${token?.tokenId}`,
        chunk: /\/assets\/ItemPage-[\w-]+\.js$/,
        data: /\/api\/v1\/marketplace\/items\//,
      },
      { path: '/', chunk: /\/assets\/HomePage-[\w-]+\.js$/, data: /\/api\/v1\/drops\/\?status=live/ },
    ];
    for (const { path, chunk, data } of cases) {
      const { context, page } = await newPage();
      const timeline = recordRequests(page);
      await holdChunkUntil(page, timeline, chunk, data);
      await page.goto(baseUrl + path);
      await expect.poll(() => timeline.finished(chunk), { timeout: 15_000 }).toBeDefined();
      expect(timeline.started(data), path).toBeLessThan(timeline.finished(chunk) ?? 0);
      await context.close();
    }
  });

  it("starts the next page's data with its code on a navigation inside the app", async () => {
    const { context, page } = await newPage();
    await page.goto(`${baseUrl}/`);
    await page.getByTestId('section-live').getByTestId('drop-card').first().waitFor();
    const timeline = recordRequests(page);
    await holdChunkUntil(page, timeline, EXPLORE_CHUNK, EXPLORE_DATA);
    await page.getByRole('link', { name: 'Explore drops' }).first().click();
    await page.getByTestId('drop-grid').getByTestId('drop-card').first().waitFor();
    expect(timeline.started(EXPLORE_DATA)).toBeLessThan(timeline.finished(EXPLORE_CHUNK) ?? 0);
    await context.close();
  });
});
