// Explore NFTs as a list (issue #12, "view=list shows a grid"): `?view=list` shows one row per NFT, the
// grid/list toggle writes `view` into the URL with the other filters, a row opens its item, and the list
// reads on a 390-px phone.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { DESKTOP } from './support/accounts';
import { useBrowser } from './support/browser';

const baseUrl = inject('baseUrl');
const PHONE = { width: 390, height: 844 };
const browser = useBrowser();

async function openPage(path: string, viewport = DESKTOP, setup?: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await setup?.(page);
  await page.goto(baseUrl + path);
  return page;
}

const params = (page: Page) => new URL(page.url()).searchParams;

describe('explore NFTs as a list', () => {
  it('shows rows, not cards, for ?view=list, with the list button pressed', async () => {
    const page = await openPage('/explore/nfts?view=list');
    const rows = page.getByTestId('nft-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(20);
    expect(await page.getByTestId('nft-card').count()).toBe(0);
    expect(await page.getByTestId('layout-list').getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByTestId('layout-grid').getAttribute('aria-pressed')).toBe('false');
    // Each row: thumbnail, name, collection, creators, a price and the likes.
    const first = rows.first();
    expect((await first.getByTestId('nft-row-link').textContent())?.trim()).toBe(
      await first.getAttribute('aria-label'),
    );
    await first.locator('img, video').first().waitFor();
    await first.getByTestId('creator-links').waitFor();
    await first.getByTestId('like-count').waitFor();
    expect(await first.getByText(/^(Price|Floor|Last Sale|Not listed)$/).count()).toBe(1);
    await page.context().close();
  });

  it('switches with the toggle, keeps the other filters and the layout in the URL, and through a reload', async () => {
    const page = await openPage('/explore/nfts?sort=-likes&page=2');
    await page.getByTestId('nft-card').first().waitFor();
    expect(await page.getByTestId('nft-row').count()).toBe(0);
    expect(await page.getByTestId('layout-grid').getAttribute('aria-pressed')).toBe('true');
    const gridTokens = await page
      .getByTestId('nft-card')
      .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-token')));

    await page.getByTestId('layout-list').click();
    await page.waitForURL((url) => url.searchParams.get('view') === 'list');
    expect(params(page).get('sort')).toBe('-likes');
    expect(params(page).get('page')).toBe('2');
    await page.getByTestId('nft-row').first().waitFor();
    expect(await page.getByTestId('nft-card').count()).toBe(0);
    // The same page of results, as rows.
    const rowTokens = await page
      .getByTestId('nft-row')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-token')));
    expect(rowTokens).toEqual(gridTokens);

    await page.reload();
    await page.getByTestId('nft-row').first().waitFor();
    expect(await page.getByTestId('nft-card').count()).toBe(0);

    // A filter change keeps the layout.
    await page.getByTestId('quick-buy_now').click();
    await page.waitForURL((url) => url.searchParams.get('quickFilter') === 'buy_now');
    expect(params(page).get('view')).toBe('list');

    await page.getByTestId('layout-grid').click();
    await page.waitForURL((url) => !url.searchParams.has('view'));
    expect(params(page).get('quickFilter')).toBe('buy_now');
    await page.getByTestId('nft-card').first().waitFor();
    expect(await page.getByTestId('nft-row').count()).toBe(0);
    await page.context().close();
  });

  it('pages through the list like the grid', async () => {
    const page = await openPage('/explore/nfts?view=list');
    const first = page.getByTestId('nft-row').first();
    await first.waitFor();
    const onPageOne = await first.getAttribute('data-token');
    await page.getByTestId('pagination-next').click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    expect(params(page).get('view')).toBe('list');
    await expect.poll(() => first.getAttribute('data-token')).not.toBe(onPageOne);
    expect(await page.getByTestId('nft-card').count()).toBe(0);
    await page.context().close();
  });

  it('opens the item of a row clicked anywhere outside its links', async () => {
    const page = await openPage('/explore/nfts?view=list');
    const row = page.getByTestId('nft-row').nth(2);
    await row.waitFor();
    const token = (await row.getAttribute('data-token')) ?? '';
    const name = (await row.getAttribute('aria-label')) ?? '';
    // On the thumbnail, at the row's left edge.
    await row.click({ position: { x: 30, y: 30 } });
    await page.waitForURL((url) => url.pathname.toLowerCase() === `/marketplace/item/${token}`.toLowerCase());
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await page.context().close();
  });

  it('shows the empty state in the list layout, and Clear filters keeps the list', async () => {
    const page = await openPage('/explore/nfts?view=list&tags%5Bno-such-tag%5D=true');
    await page.getByTestId('empty-results').waitFor();
    await page.getByTestId('clear-filters-link').click();
    await page.waitForURL((url) => !url.search.includes('tags'));
    expect(params(page).get('view')).toBe('list');
    await page.getByTestId('nft-row').first().waitFor();
    await page.context().close();
  });

  it('reads on a 390-px phone: no sideways scroll, every row and its price inside the screen', async () => {
    const page = await openPage('/explore/nfts?view=list', PHONE, async (p) => {
      await p.addInitScript("window.localStorage.setItem('displayCurrency', 'ETH')");
    });
    const rows = page.getByTestId('nft-row');
    await rows.first().waitFor();
    await page.getByTestId('layout-toggle').waitFor();
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(PHONE.width);
    for (const index of [0, 1, 2]) {
      const box = await rows.nth(index).boundingBox();
      expect(box?.x).toBeGreaterThanOrEqual(0);
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
      expect(box?.height).toBeLessThan(120);
    }
    // Prices in the chosen currency (ETH here), inside the screen.
    const price = page.getByTestId('nft-row').getByTestId('price').first();
    await expect.poll(() => price.textContent()).toMatch(/ETH$/);
    const priceBox = await price.boundingBox();
    expect((priceBox?.x ?? 0) + (priceBox?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
    // The pager shows the current page only, with how many there are (QA 2026-12-07: '1' alone).
    const ofTotal = page.getByTestId('pagination-of-total');
    expect(await ofTotal.isVisible()).toBe(true);
    expect(await ofTotal.textContent()).toMatch(/^of \d+$/);
    const pager = await page.getByTestId('pagination').boundingBox();
    expect((pager?.x ?? 0) + (pager?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
    await page.context().close();
  });
});
