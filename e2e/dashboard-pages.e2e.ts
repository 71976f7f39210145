// The dashboard's pages in real Chromium (UX walkthrough, 2026-12-05): a table's page is kept in the address,
// so a reload stays on it and Back returns to the page before; another page shows its first rows, not the
// bottom of the window; and an address typed in opens at the top, not at the scroll of the page before.
import { describe, expect, inject, it } from 'vitest';
import { apiSignUp, DESKTOP, storeCredentials } from './support/accounts';
import { useBrowser } from './support/browser';
import { apiCall, simCardToken } from './support/trading';

const baseUrl = inject('baseUrl');
const browser = useBrowser();
/** The dashboard's page size (dashboard-api.ts). */
const PAGE_SIZE = 20;

describe('the dashboard’s pages', () => {
  it('keeps a table’s page in the address, shows its first rows, and opens a new address at the top', {
    timeout: 90_000,
  }, async () => {
    // One movement more than a page: 21 deposits of $1.00 to $1.20.
    const user = await apiSignUp(baseUrl, 'dashboard-pages');
    const access = user.grant.access_token;
    const card = await simCardToken(baseUrl, access);
    for (let i = 0; i <= PAGE_SIZE; i += 1) {
      await apiCall(baseUrl, access, 'POST', '/v2/balance/deposits', {
        amount_in_cents: 100 + i,
        payment_token: card,
      });
    }
    const context = await browser.newContext({ viewport: DESKTOP });
    await storeCredentials(context, user.grant);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/dashboard/transactions`);
    const rows = page.getByTestId('transaction-row');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(PAGE_SIZE);

    await page.evaluate('window.scrollTo(0, document.scrollingElement.scrollHeight)');
    await page.getByTestId('pagination-next').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('page')).toBe('2');
    await expect.poll(() => rows.count()).toBe(1);
    // The oldest deposit, and the table's top in the window.
    expect(await rows.first().textContent()).toContain('$1.00');
    // Below the sticky site header, not under it.
    const box = await page.getByTestId('transactions').boundingBox();
    const bar = await page.getByTestId('nav-bar').boundingBox();
    expect(box?.y).toBeGreaterThanOrEqual(bar?.height ?? 0);
    expect(box?.y).toBeLessThan(DESKTOP.height);

    await page.reload();
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(1);
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');
    await page.goBack();
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(PAGE_SIZE);
    expect(new URL(page.url()).searchParams.get('page')).toBeNull();

    // A page past the last (an old link) shows the last page, in place of the address: Back goes to the page
    // before it (it went back to ?page=9, which moved on to ?page=2 again: Back could not leave).
    await page.goto(`${baseUrl}/dashboard/deposit`);
    await page.getByTestId('cash-out').waitFor();
    await page.goto(`${baseUrl}/dashboard/transactions?page=9`);
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => new URL(page.url()).searchParams.get('page')).toBe('2');
    await page.goBack();
    await page.getByTestId('cash-out').waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard/deposit');

    // An address typed in (a new document) opens at its top.
    await page.goto(`${baseUrl}/dashboard/transactions`);
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(PAGE_SIZE);
    await page.evaluate('window.scrollTo(0, document.scrollingElement.scrollHeight)');
    await expect.poll(() => page.evaluate<number>('window.scrollY')).toBeGreaterThan(200);
    await page.goto(`${baseUrl}/dashboard/deposit`);
    await page.getByTestId('cash-out').waitFor();
    expect(await page.evaluate<number>('window.scrollY')).toBe(0);
    // And an address typed in again, whose page was scrolled before, opens at its top too.
    await page.goto(`${baseUrl}/dashboard/transactions`);
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(PAGE_SIZE);
    await page.waitForTimeout(300);
    expect(await page.evaluate<number>('window.scrollY')).toBe(0);
    await context.close();
  });

  // The profile unreadable (a server error): the balance and Active Discounts, which are read by its address,
  // showed skeletons for good; they say so, and Retry loads them once it can be read.
  it('says when the profile cannot be read, and loads the balance and the listings on Retry', async () => {
    const user = await apiSignUp(baseUrl, 'dashboard-no-profile');
    const context = await browser.newContext({ viewport: DESKTOP });
    await storeCredentials(context, user.grant);
    const page = await context.newPage();
    let failing = true;
    await page.route('**/api/user/profile/', (route) =>
      failing
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({ statusCode: 500, errorType: 'internal', message: 'Something went wrong' }),
          })
        : route.continue(),
    );
    await page.goto(`${baseUrl}/dashboard/active-discounts`);
    const listingsError = page.getByTestId('listings-error');
    await listingsError.waitFor({ timeout: 15_000 });
    await page.getByTestId('dashboard-balance-error').waitFor();
    failing = false;
    await listingsError.getByRole('button', { name: 'Retry' }).click();
    await page.getByTestId('listings-empty').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('dashboard-balance').textContent()).toBe('$0.00');
    await context.close();
  });
});
