// A first load in real Chromium against the built server (issue #13): a page's data leaves with its code rather
// than after it, the page's code is named in the HTML, nothing shifts as content replaces skeletons, and the first
// row of artwork loads eagerly.
import type { BrowserContext, Locator, Page, Request } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from './support/browser';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

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

async function newPage(
  viewport = { width: 1280, height: 900 },
): Promise<{ context: BrowserContext; page: Page }> {
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
    expect(
      preloads.some((href) => EXPLORE_CHUNK.test(href)),
      preloads.join(' '),
    ).toBe(true);
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

/** Lighthouse's mobile viewport. */
const MOBILE = { width: 412, height: 823 };

/** The layout shifts of a first load (no input), summed as CLS, until the page has been still for a while. */
async function cumulativeLayoutShift(
  path: string,
  skeleton: (page: Page) => Locator,
  content: (page: Page) => Locator,
): Promise<number> {
  const context = await browser.newContext({
    viewport: MOBILE,
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
  });
  await context.addInitScript(`window.__cls = 0; new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__cls += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });`);
  const page = await context.newPage();
  // The data arrives only after the page's skeletons have painted, as on a slow connection: held until the
  // skeleton shows (a fixed delay let a busy machine's slow start see the data first and skip the skeleton).
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/api\/v1\/(drops|explore)\//, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(baseUrl + path);
  await skeleton(page).first().waitFor();
  await page.waitForTimeout(300);
  release();
  await content(page).first().waitFor();
  await page.waitForTimeout(1000);
  const cls = await page.evaluate<number>('window.__cls');
  await context.close();
  return cls;
}

describe('a first paint on a phone', () => {
  it('does not shift as the drops replace their skeletons (CLS under 0.1 on home and explore)', async () => {
    const home = await cumulativeLayoutShift(
      '/',
      (page) => page.getByTestId('drops-loading'),
      (page) => page.getByTestId('section-live').getByTestId('drop-card'),
    );
    expect(home).toBeLessThan(0.1);
    for (const path of ['/explore/drops', '/explore/nfts']) {
      const explore = await cumulativeLayoutShift(
        path,
        (page) => page.getByTestId('grid-loading'),
        (page) => page.locator('[data-testid="drop-card"], [data-testid="nft-card"]'),
      );
      expect(explore, path).toBeLessThan(0.1);
    }
  });

  it('loads the first row of artwork eagerly and first, the rest lazily', async () => {
    const lists: [string, (page: Page) => Locator][] = [
      ['/', (page) => page.getByTestId('section-live').getByTestId('drop-card')],
      ['/explore/drops', (page) => page.getByTestId('drop-grid').getByTestId('drop-card')],
      ['/explore/nfts', (page) => page.getByTestId('nft-grid').getByTestId('nft-card')],
    ];
    for (const [path, card] of lists) {
      const { context, page } = await newPage(MOBILE);
      await page.goto(baseUrl + path);
      const cards = card(page);
      await cards.first().waitFor();
      const first = cards.first().locator('img').first();
      expect(await first.getAttribute('loading'), path).toBe('eager');
      expect(await first.getAttribute('fetchpriority'), path).toBe('high');
      const count = await cards.count();
      expect(count, path).toBeGreaterThan(4);
      const last = cards
        .nth(count - 1)
        .locator('img')
        .first();
      expect(await last.getAttribute('loading'), path).toBe('lazy');
      expect(await last.getAttribute('fetchpriority'), path).toBeNull();
      await context.close();
    }
  });
});

/** WCAG contrast of two `rgb(…)` colours. */
function contrast(a: number[], b: number[]): number {
  const luminance = (rgb: number[]) => {
    const [r = 0, g = 0, b = 0] = rgb.map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
}

interface TextSample {
  text: string;
  color: number[];
  background: number[];
  large: boolean;
}

/**
 * The text of `main` with its colour and the first opaque background behind it (ancestors with a background
 * image, such as the banners' gradients, are left out: their contrast is not a flat colour's).
 */
async function textSamples(page: Page): Promise<TextSample[]> {
  return page.evaluate(`(() => {
    const rgb = (value) => (value.match(/[\\d.]+/g) || []).map(Number);
    const out = [];
    const walker = document.createTreeWalker(document.querySelector('main'), NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      const text = node.textContent.trim();
      if (!text || !element || !element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      if (element.closest('.visually-hidden, [aria-hidden="true"]')) continue;
      const style = getComputedStyle(element);
      let background = null;
      let imaged = false;
      for (let at = element; at && !background; at = at.parentElement) {
        const s = getComputedStyle(at);
        if (s.backgroundImage !== 'none') imaged = true;
        const bg = rgb(s.backgroundColor);
        if (bg.length === 3 || bg[3] === 1) background = bg.slice(0, 3);
      }
      if (imaged) continue;
      const size = parseFloat(style.fontSize);
      const bold = Number(style.fontWeight) >= 700;
      out.push({ text: text.slice(0, 40), color: rgb(style.color).slice(0, 3), background: background || [255, 255, 255],
        large: size >= 24 || (bold && size >= 18.66) });
    }
    return out;
  })()`);
}

describe('explore on a phone: what Lighthouse checks', () => {
  for (const path of ['/explore/drops', '/explore/nfts', '/explore/collections']) {
    it(`${path}: text contrast of 4.5:1 (3:1 large), headings in order, touch targets of 24 px`, async () => {
      const { context, page } = await newPage(MOBILE);
      await page.goto(baseUrl + path);
      await page
        .locator('[data-testid="drop-card"], [data-testid="nft-card"], [data-testid="collection-card"]')
        .first()
        .waitFor();
      await page.waitForLoadState('networkidle');

      const low = (await textSamples(page))
        .map((sample) => ({ ...sample, ratio: contrast(sample.color, sample.background) }))
        .filter((sample) => sample.ratio < (sample.large ? 3 : 4.5))
        .map((sample) => `${sample.text} ${sample.ratio.toFixed(2)}`);
      expect(low).toEqual([]);

      // Heading levels only go down one at a time (h1, h2, h3), over the headings a screen reader lists.
      const levels = await page.evaluate<number[]>(`[...document.querySelectorAll('h1, h2, h3, h4, h5, h6')]
        .filter((h) => h.checkVisibility() && !h.closest('[aria-hidden="true"]'))
        .map((h) => Number(h.tagName[1]))`);
      expect(levels[0]).toBe(1);
      const skips = levels.filter((level, index) => index > 0 && level > (levels[index - 1] ?? 0) + 1);
      expect(skips, levels.join(' ')).toEqual([]);

      // Buttons and form controls a finger uses are 24 x 24 px or more (inline text links are exempt).
      const small = await page.evaluate<
        string[]
      >(`[...document.querySelectorAll('main button, main input:not([type=hidden]), main select')]
        .filter((el) => el.checkVisibility({ visibilityProperty: true }))
        .map((el) => [el, el.getBoundingClientRect()])
        .filter(([, r]) => r.width > 1 && (r.width < 24 || r.height < 24))
        .map(([el, r]) => (el.getAttribute('aria-label') || el.textContent.trim()) + ' ' + Math.round(r.width) + 'x' + Math.round(r.height))`);
      expect(small).toEqual([]);
      await context.close();
    });
  }
});
