// Browsing in real Chromium against the built, seeded server: explore filters, chips, counts and the
// URL; the empty state; search autocomplete with a misspelled artist; the search page.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { apiSignUp } from './support/accounts';
import { openPageAt, useBrowser } from './support/browser';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

const openPage = (path: string, viewport?: { width: number; height: number }) =>
  openPageAt(browser, baseUrl + path, viewport);

interface FacetOption {
  name: string;
  label: string;
  count: number;
}

async function exploreApi(
  query: string,
  view: 'nfts' | 'collections' = 'nfts',
): Promise<{ count: number; facets: { categories: FacetOption[] } }> {
  const response = await fetch(`${baseUrl}/api/v1/explore/${view}/?page_size=1&${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as { count: number; facets: { categories: FacetOption[] } };
}

const params = (page: Page) => new URL(page.url()).searchParams;
const resultsText = (count: number) => `${count.toLocaleString('en-US')} Results`;
const dollars = (text: string) => Number(text.replace(/[$,]/g, ''));

/** The number of results the page shows ('1,526 Results'), null before it shows one. */
async function shownCount(page: Page): Promise<number | null> {
  const text = (await page.getByTestId('results-count').textContent()) ?? '';
  const match = /^([\d,]+) Results?$/.exec(text);
  return match ? Number(match[1]?.replace(/,/g, '')) : null;
}

/**
 * Waits for the page to show the count of `query`, checked against the API read before the page read its own
 * (`before`) and read again while waiting. A token minted in the background meanwhile (a drawing drawn, an earlier
 * file's purchase settling) moves the count between the reads, and the page may show either end; when nothing
 * moved it must show exactly that count. Answers what the page shows, and whether the count moved.
 */
async function shownBetween(page: Page, before: number, query: string) {
  let after = before;
  await expect
    .poll(async () => {
      after = (await exploreApi(query)).count;
      const shown = await shownCount(page);
      return shown !== null && shown >= Math.min(before, after) && shown <= Math.max(before, after);
    })
    .toBe(true);
  return { shown: (await shownCount(page)) ?? -1, moved: after !== before };
}

describe('explore NFTs', () => {
  it('filters by category, status and price, with facet counts, chips and the URL', async () => {
    const all = await exploreApi('');
    const page = await openPage('/explore/nfts');
    await page.getByTestId('nft-card').first().waitFor();
    const shownAll = await shownBetween(page, all.count, '');

    // Category counts come from the API facets (the same answer as the count, when nothing was minted meanwhile).
    const art = all.facets.categories.find((option) => option.name === 'art');
    expect(art).toBeDefined();
    const artRow = page
      .getByTestId('filter-sidebar')
      .first()
      .locator('label', { has: page.getByTestId('filter-option-art') });
    if (!shownAll.moved) expect(await artRow.textContent()).toContain(`Art${art?.count}`);

    const artBefore = (await exploreApi('categories=art')).count;
    expect(artBefore).toBeGreaterThan(0);
    await page.getByTestId('filter-option-art').first().click();
    await expect.poll(() => params(page).get('categories[art]')).toBe('true');
    const shownArt = await shownBetween(page, artBefore, 'categories=art');
    // What the facet said, or more (tokens are minted in the background, never burnt).
    expect(shownArt.shown).toBeGreaterThanOrEqual(art?.count ?? Number.POSITIVE_INFINITY);
    expect(await page.getByTestId('sidebar-results').textContent()).toBe(resultsText(shownArt.shown));

    await page.getByTestId('filter-status').getByText('Live', { exact: true }).click();
    await expect.poll(() => params(page).get('status')).toBe('live');

    // 001 §5: USD price inputs get a $ prefix, thousand separators and 2 fixed decimals; no negatives.
    const min = page.getByTestId('price-min');
    await min.fill('-1000');
    expect(await min.inputValue()).toBe('$1,000');
    await min.fill('100');
    await min.press('Tab');
    expect(await min.inputValue()).toBe('$100.00');
    const apply = page.getByTestId('price-apply');
    expect(await apply.isEnabled()).toBe(true);
    const filteredBefore = (await exploreApi('categories=art&status=live&minPrice=10000')).count;
    await apply.click();
    await expect.poll(() => params(page).get('minPrice')).toBe('100');

    const priceChip = page.locator('[data-testid="filter-chip"][data-chip="price"]');
    await expect.poll(() => priceChip.textContent()).toBe('>= $100.00');
    const filtered = await shownBetween(page, filteredBefore, 'categories=art&status=live&minPrice=10000');
    expect(filtered.shown).toBeLessThan(shownArt.shown);
    const prices = await page.getByTestId('nft-card').getByTestId('price').allTextContents();
    expect(prices.length).toBeGreaterThan(0);
    for (const price of prices) expect(dollars(price)).toBeGreaterThanOrEqual(100);

    // A chip clears its filter (and the page goes back to the first).
    await priceChip.click();
    await expect.poll(() => params(page).get('minPrice')).toBeNull();
    await expect.poll(() => priceChip.count()).toBe(0);
    expect(params(page).get('categories[art]')).toBe('true');
    await page.context().close();
  });

  it('shows chips for the filters of the URL and clears them all', async () => {
    const page = await openPage(
      '/explore/nfts?sort=-floor_price_changed_at&trending=true&editionSize=1000&minPrice=200&maxPrice=250',
    );
    await page.getByTestId('active-filters').waitFor();
    await expect
      .poll(() => page.getByTestId('filter-chip').allTextContents())
      .toEqual(['New Floor Price', 'Trending', '<= 1,000 Editions', '$200.00 - $250.00']);
    await page.getByTestId('clear-all').click();
    await expect.poll(() => page.getByTestId('filter-chip').count()).toBe(0);
    expect(new URL(page.url()).search).toBe('');
    await page.context().close();
  });

  it('filters by a mass range typed in the sidebar, with its chip and count', async () => {
    const page = await openPage('/explore/nfts');
    await page.getByTestId('nft-card').first().waitFor();
    const mass = page.getByTestId('filter-mass').first();
    await mass.getByLabel('Minimum Mass').fill('10');
    await mass.getByLabel('Maximum Mass').fill('20');
    const massBefore = (await exploreApi('minMass=10&maxMass=20')).count;
    await mass.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => params(page).get('minMass')).toBe('10');
    expect(params(page).get('maxMass')).toBe('20');
    const chip = page.locator('[data-testid="filter-chip"][data-chip="mass"]');
    await expect.poll(() => chip.textContent()).toBe('Mass: 10 - 20');
    await shownBetween(page, massBefore, 'minMass=10&maxMass=20');
    await chip.click();
    await expect.poll(() => params(page).get('minMass')).toBeNull();
    await expect.poll(() => mass.getByLabel('Minimum Mass').inputValue()).toBe('');
    await page.context().close();
  });

  it('shows the empty state and clears the filters from it, back to the first page', async () => {
    const page = await openPage('/explore/nfts?minPrice=9000000&page=2');
    const empty = page.getByTestId('empty-results');
    await empty.waitFor();
    expect(await empty.textContent()).toContain('No NFTs match the current filters.');
    await empty.getByRole('button', { name: 'Clear filters.' }).click();
    await page.getByTestId('nft-card').first().waitFor();
    expect(params(page).get('minPrice')).toBeNull();
    expect(params(page).get('page')).toBeNull();
    await page.context().close();
  });

  it('opens the filters as a sheet on mobile, with Clear All and Done', async () => {
    const page = await openPage('/explore/nfts', { width: 390, height: 844 });
    await page.getByTestId('nft-card').first().waitFor();
    await page.getByTestId('open-filters').click();
    const sheet = page.getByTestId('filter-sheet');
    await sheet.waitFor();
    await sheet.getByTestId('filter-option-collectibles').click();
    await expect.poll(() => params(page).get('categories[collectibles]')).toBe('true');
    await sheet.getByTestId('sheet-clear-all').click();
    await expect.poll(() => params(page).get('categories[collectibles]')).toBeNull();
    await sheet.getByTestId('sheet-done').click();
    await sheet.waitFor({ state: 'detached' });
    await page.context().close();
  });
});

describe('explore collections', () => {
  const collectionsApi = async (query: string) => (await exploreApi(query, 'collections')).count;

  it('filters by a price preset at once, and a custom range needs both bounds beside the presets', async () => {
    const page = await openPage('/explore/collections');
    await page.getByTestId('collection-card').first().waitFor();
    const total = await collectionsApi('');
    await expect.poll(() => page.getByTestId('results-count').textContent()).toBe(resultsText(total));
    expect(await page.getByTestId('price-preset-any').isChecked()).toBe(true);
    expect(await page.getByTestId('price-min').count()).toBe(0);

    // A preset applies at once, with its chip and the API's count.
    await page.getByTestId('price-preset-10_to_100').click();
    await expect.poll(() => params(page).get('priceFilter')).toBe('10_to_100');
    await expect.poll(() => page.getByTestId('price-preset-10_to_100').isChecked()).toBe(true);
    const preset = await collectionsApi('priceFilter=10_to_100');
    expect(preset).toBeLessThan(total);
    await expect.poll(() => page.getByTestId('results-count').textContent()).toBe(resultsText(preset));
    const priceChip = page.locator('[data-testid="filter-chip"][data-chip="price"]');
    await expect.poll(() => priceChip.textContent()).toBe('$10.00 - $100.00');

    // Custom: one bound is not enough beside radio options (001 §5); both enable Apply.
    await page.getByTestId('price-preset-custom').click();
    await expect.poll(() => params(page).get('priceFilter')).toBe('custom');
    await expect.poll(() => page.getByTestId('results-count').textContent()).toBe(resultsText(total));
    const apply = page.getByTestId('price-apply');
    await page.getByTestId('price-min').fill('5');
    expect(await apply.isDisabled()).toBe(true);
    await page.getByTestId('price-max').fill('500');
    expect(await apply.isEnabled()).toBe(true);
    await apply.click();
    await expect.poll(() => params(page).get('maxPrice')).toBe('500');
    expect(params(page).get('minPrice')).toBe('5');
    const custom = await collectionsApi('minPrice=500&maxPrice=50000');
    await expect.poll(() => page.getByTestId('results-count').textContent()).toBe(resultsText(custom));
    await expect.poll(() => priceChip.textContent()).toBe('$5.00 - $500.00');

    // Any turns the price filter off; the chip goes with it.
    await page.getByTestId('price-preset-any').click();
    await expect.poll(() => params(page).get('priceFilter')).toBeNull();
    expect(params(page).get('minPrice')).toBeNull();
    await expect.poll(() => priceChip.count()).toBe(0);
    await expect.poll(() => page.getByTestId('results-count').textContent()).toBe(resultsText(total));
    await page.context().close();
  });
});

describe('search', () => {
  it('finds an artist from a misspelled name in the autocomplete, sending the text lowercased', async () => {
    const page = await openPage('/');
    const box = page.getByTestId('search-input').first();
    const sent = page.waitForRequest((request) => request.url().includes('/search/api/v2/universal'));
    await box.fill('Mira Solsi');
    expect((await sent).postDataJSON()).toEqual({ query: 'mira solsi' });
    const panel = page.getByTestId('search-panel');
    const artist = panel.getByTestId('search-option-results').filter({ hasText: 'Mira Solis' }).first();
    await artist.waitFor();
    expect(await panel.getByText('View All Results').count()).toBe(1);
    await artist.click();
    await page.waitForURL(`${baseUrl}/profile/mirasolis`);
    await page.getByRole('heading', { level: 1, name: 'Mira Solis' }).waitFor();
    expect(await page.getByTestId('search-panel').count()).toBe(0);
    await page.context().close();
  });

  it('says when nothing matches, goes to the search page on Enter and remembers the search', async () => {
    const page = await openPage('/');
    const box = page.getByTestId('search-input').first();
    await box.fill('qqxxzz');
    await page.getByTestId('search-no-results').waitFor();
    expect(await page.getByTestId('search-no-results').textContent()).toBe('No results for "qqxxzz"');

    await box.fill('Harbour');
    await box.press('Enter');
    await page.waitForURL(`${baseUrl}/explore/nfts?q=harbour`);
    await expect.poll(() => page.getByTestId('explore-title').textContent()).toBe('Results for "harbour"');
    await page.getByTestId('nft-card').first().waitFor();

    // Cancel closes the panel; the recent search shows when the box opens again.
    await page.getByTestId('search-cancel').first().click();
    expect(await page.getByTestId('search-panel').count()).toBe(0);
    await box.click();
    const recent = page.getByTestId('recent-searches');
    await recent.waitFor();
    expect(await recent.textContent()).toContain('Harbour');
    // A click away (in the page margin) closes it.
    await page.mouse.click(8, 400);
    await page.getByTestId('search-panel').waitFor({ state: 'detached' });
    await page.context().close();
  });
  it('shows 4 matching profiles on the search page, then all of them after Show All', async () => {
    // Five more people named Avery Quinn (apiSignUp's name), so the query matches more than 4.
    for (let n = 0; n < 5; n += 1) await apiSignUp(baseUrl, `show-all-${n}`);
    const query = 'avery quinn';
    const response = await fetch(`${baseUrl}/search/api/v2/indexes/users/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query, page_size: 1 }),
    });
    expect(response.status).toBe(200);
    const total = ((await response.json()) as { meta: { total_results: number } }).meta.total_results;
    expect(total).toBeGreaterThan(4);

    const page = await openPage(`/explore/nfts?q=${encodeURIComponent(query)}`);
    const people = page.getByTestId('matches-users');
    await people.waitFor();
    await expect.poll(() => people.locator('li').count()).toBe(4);
    await people.getByTestId('show-all').click();
    await expect.poll(() => people.locator('li').count()).toBe(Math.min(total, 20));
    expect(await people.getByTestId('show-all').count()).toBe(0);
    if (total > 20) {
      await people.getByTestId('show-more').click();
      await expect.poll(() => people.locator('li').count()).toBe(Math.min(total, 40));
    }
    await page.context().close();
  });
});

describe('banner carousel', () => {
  it('rotates, pauses after a dot click and resumes, stays still with reduced motion, and remembers a dismissal', async () => {
    const page = await openPage('/explore/nfts');
    const carousel = page.getByTestId('banner-carousel');
    await carousel.waitFor();
    const shown = () => carousel.locator('[data-testid="banner"]:not([hidden])').getAttribute('aria-label');
    expect(await carousel.getAttribute('data-rotating')).toBe('true');
    const first = await shown();
    await expect.poll(shown, { timeout: 8_000 }).not.toBe(first);

    // A dot click shows that banner and pauses rotation; it resumes 5 s later (focus left on the dot
    // does not keep it paused).
    await page.getByTestId('banner-dot').first().click();
    await page.mouse.move(0, 0);
    expect(await shown()).toBe(`1 of ${await page.getByTestId('banner-dot').count()}`);
    await expect.poll(() => carousel.getAttribute('data-rotating')).toBeNull();
    await expect.poll(() => carousel.getAttribute('data-rotating'), { timeout: 8_000 }).toBe('true');

    // Closing a banner is remembered across reloads.
    const closedKey = await carousel.locator('[data-testid="banner"]:not([hidden])').getAttribute('data-key');
    const before = await carousel.getByTestId('banner').count();
    await carousel.locator('[data-testid="banner"]:not([hidden])').getByTestId('banner-close').click();
    await expect.poll(() => carousel.getByTestId('banner').count()).toBe(before - 1);
    await page.reload();
    await carousel.waitFor();
    expect(await carousel.getByTestId('banner').count()).toBe(before - 1);
    expect(await carousel.locator(`[data-key="${closedKey}"]`).count()).toBe(0);
    await page.context().close();

    const still = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      reducedMotion: 'reduce',
    });
    const calm = await still.newPage();
    await calm.goto(`${baseUrl}/explore/nfts`);
    await calm.getByTestId('banner-carousel').waitFor();
    expect(await calm.getByTestId('banner-carousel').getAttribute('data-rotating')).toBeNull();
    await still.close();
  });
});
