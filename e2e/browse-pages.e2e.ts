// Item, collection, storefront and profile pages in real Chromium against the built, seeded server.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openPageAt, useBrowser } from './support/browser';
import { signInAsCollector } from './support/sign-in';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

const openPage = (path: string, viewport?: { width: number; height: number }) =>
  openPageAt(browser, baseUrl + path, viewport);

const params = (page: Page) => new URL(page.url()).searchParams;

interface NftCardAnswer {
  contractAddress: string;
  tokenId: string;
  name: string;
  owner: { displayName: string } | null;
}

describe('item page', () => {
  it('shows the owner, the price history chart and the sale history of a sold token', async () => {
    const answer = await fetch(`${baseUrl}/api/v1/explore/nfts/?page_size=1&sort=-last_sale_at`);
    const { results } = (await answer.json()) as { results: NftCardAnswer[] };
    const token = results[0];
    expect(token?.owner).not.toBeNull();
    const page = await openPage(`/marketplace/item/${token?.contractAddress}/${token?.tokenId}`);
    const item = page.getByTestId('item-page');
    await item.waitFor();
    expect(await item.getByRole('heading', { level: 1 }).textContent()).toBe(token?.name);
    await item.getByText(`${token?.owner?.displayName}`, { exact: true }).first().waitFor();
    await item.getByTestId('price-history-chart').locator('svg path').first().waitFor();
    expect(await item.getByTestId('sale-history').locator('tbody tr').count()).toBeGreaterThan(0);

    await item.getByTestId('item-expand').click();
    await page.getByTestId('asset-viewer').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('asset-viewer').waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('on a phone shows every column of the other editions for sale and of the sale history on screen', async () => {
    // An edition with other editions listed and a sale behind it (the demo's editions have both).
    const answer = await fetch(`${baseUrl}/api/v1/explore/nfts/?page_size=20&sort=-last_sale_at`);
    const { results } = (await answer.json()) as { results: NftCardAnswer[] };
    let found: NftCardAnswer | undefined;
    for (const candidate of results) {
      const item = await fetch(
        `${baseUrl}/api/v1/marketplace/items/${candidate.contractAddress}/${candidate.tokenId}/`,
      );
      const detail = (await item.json()) as { listings: unknown[]; saleHistory: unknown[] };
      if (detail.listings.length > 0 && detail.saleHistory.length > 0) {
        found = candidate;
        break;
      }
    }
    expect(found).toBeDefined();
    const phone = { width: 390, height: 844 };
    const page = await openPage(`/marketplace/item/${found?.contractAddress}/${found?.tokenId}`, phone);
    for (const testId of ['item-listings', 'sale-history']) {
      const row = page.getByTestId(testId).locator('tbody tr').first();
      await row.waitFor();
      const cells = await row.locator('td').all();
      expect(cells.length, testId).toBeGreaterThanOrEqual(4);
      for (const [index, cell] of cells.entries()) {
        // No scrolling into view: that would scroll a sideways table to the cell. Its x is the same at any height.
        const box = await cell.boundingBox();
        // Inside the screen, not past its right edge in a table scrolled sideways.
        expect(box && box.x >= 0 && box.x + box.width <= phone.width, `${testId} cell ${index}`).toBe(true);
      }
    }
    await expect
      .poll(() => page.evaluate<number>('document.documentElement.scrollWidth'))
      .toBeLessThanOrEqual(phone.width);
    await page.context().close();
  });

  it('shows the not-found page for an unknown token', async () => {
    const page = await openPage('/marketplace/item/0x0000000000000000000000000000000000000001/1');
    await page.getByTestId('not-found').waitFor();
    await page.context().close();
  });
});

describe('collection page', () => {
  it('lists 10 items a page, sorts by a column and filters by an edition range', async () => {
    const page = await openPage('/marketplace/collection/field-notes-coast');
    await page.getByTestId('collection-header').waitFor();
    const rows = page.getByTestId('table-row');
    await expect.poll(() => rows.count()).toBe(10);

    await page.getByTestId('sort-list_price').click();
    await expect.poll(() => params(page).get('sort')).toBe('list_price');
    const header = page.locator('th', { has: page.getByTestId('sort-list_price') });
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('ascending');

    await page.getByTestId('filter-edition').click();
    await page.getByLabel('Minimum edition').fill('2');
    await page.getByLabel('Maximum edition').fill('3');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => params(page).get('minEdition')).toBe('2');
    expect(params(page).get('maxEdition')).toBe('3');
    await expect
      .poll(async () => {
        const editions = await rows.locator('td').first().allTextContents();
        return editions.length > 0 && editions.every((text) => /^#[23]\D/.test(text));
      })
      .toBe(true);
    await page.context().close();
  });

  // A page past the last (an old link; its rows gone since, with 'Listed only' on) said 'No items match these
  // filters.' under the page buttons: now the last page shows, in place of the address, so Back leaves.
  it('shows the last page for a page past it, and Back goes to the page before', async () => {
    const page = await openPage('/about');
    await page.goto(`${baseUrl}/marketplace/collection/field-notes-coast?page=999`);
    const rows = page.getByTestId('table-row');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const last = Number(params(page).get('page'));
    expect(last).toBeGreaterThan(1);
    expect(last).toBeLessThan(999);
    expect(await page.getByTestId('table-empty').count()).toBe(0);
    await page.goBack();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/about');
    await page.context().close();
  });

  it('opens one work at /marketplace/collection/{contractAddress}/{type}', async () => {
    const page = await openPage('/marketplace/collection/field-notes-coast');
    await page.getByTestId('nifty-strip').locator('a').first().click();
    await page.getByTestId('nifty-page').waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/marketplace\/collection\/0x[0-9a-f]+\/\d+$/);
    await expect.poll(() => page.getByTestId('table-row').count()).toBeGreaterThan(0);
    await page.context().close();
  });
});

describe('storefronts and profiles', () => {
  it('shows a publisher storefront with its stats and NFTs', async () => {
    const page = await openPage('/atlas');
    const storefront = page.getByTestId('storefront-page');
    await storefront.waitFor();
    expect(await storefront.getByRole('heading', { level: 1 }).textContent()).toContain('Atlas Editions');
    await storefront.getByTestId('nft-card').first().waitFor();
    await page.getByTestId('tab-collections').click();
    await storefront.getByTestId('collection-card').first().waitFor();
    await page.context().close();
  });

  it('shows the not-found page for an unknown storefront slug', async () => {
    const page = await openPage('/no-such-storefront-here');
    await page.getByTestId('not-found').waitFor();
    await page.context().close();
  });

  it('shows a profile at /profile/{profile_url} and /@{userSlug}', async () => {
    const page = await openPage('/profile/mirasolis');
    await page.getByRole('heading', { level: 1, name: 'Mira Solis' }).waitFor();
    await page.goto(`${baseUrl}/@mirasolis`);
    await page.getByRole('heading', { level: 1, name: 'Mira Solis' }).waitFor();
    await page.getByTestId('profile-page').getByTestId('nft-card').first().waitFor();
    await page.context().close();
  });
});

describe('marketplace links', () => {
  it('opens /marketplace?categories[art]=true as the NFT explore page filtered by that category', async () => {
    const page = await openPage('/marketplace?categories[art]=true');
    await page.waitForURL((url) => url.pathname === '/explore/nfts');
    expect(new URL(page.url()).searchParams.get('categories[art]')).toBe('true');
    await page.getByTestId('active-filters').waitFor();
    await page.getByTestId('nft-card').first().waitFor();
    await page.context().close();
  });

  it("leads a card's Make Global Offer to its page, after sign-in, naming the work", async () => {
    const page = await openPage('/explore/nfts');
    const card = page.getByTestId('nft-card').first();
    await card.waitFor();
    await card.hover();
    const offer = card.getByTestId('make-global-offer');
    const href = (await offer.getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/makeglobaloffer\/\?contractAddress=0x[0-9a-f]{40}&niftyType=\d+$/);
    await offer.click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.context().close();

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const signedIn = await context.newPage();
    await signInAsCollector(signedIn, baseUrl, href);
    const target = signedIn.getByTestId('make-global-offer-page');
    await target.getByTestId('global-offer-submit').waitFor();
    expect(await target.getByRole('heading', { level: 2 }).textContent()).toBeTruthy();
    await context.close();
  });
});
