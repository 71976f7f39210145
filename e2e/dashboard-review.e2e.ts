// The dashboard's review defects in real Chromium against the built, seeded server: NFTs bought through
// accepted offers (one from the balance, one by card) show in the buyer's Purchases with what was paid, how
// and when; at 390x844 every tab is on screen and the Sales and Purchases rows show every value without the
// page running past the screen's edge; Active Discounts names each edition once.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type ApiUser, apiSignUp, DESKTOP, newPage, storeCredentials } from './support/accounts';
import { launchBrowser } from './support/browser';
import { signedInProfileUrl, signInAsCollector } from './support/sign-in';
import { apiCall, simCardToken } from './support/trading';

const baseUrl = inject('baseUrl');
const PHONE = { width: 390, height: 844 };
let browser: Browser;

interface Token {
  contractAddress: string;
  tokenId: string;
  name: string;
  editionNumber: number;
}

const call = <T>(accessToken: string, method: string, path: string, body?: unknown) =>
  apiCall<T>(baseUrl, accessToken, method, path, body);

const cardToken = (accessToken: string) => simCardToken(baseUrl, accessToken);

/** The page runs past the screen's right edge when it scrolls sideways. */
const pageWidth = (page: Page) => page.evaluate<number>('document.scrollingElement.scrollWidth');

/** Whether an element is wholly on screen, sideways (the viewport's width). */
async function onScreen(page: Page, testId: string, index: number): Promise<boolean> {
  const box = await page.getByTestId(testId).nth(index).boundingBox();
  return box !== null && box.width > 0 && box.x >= 0 && box.x + box.width <= PHONE.width;
}

describe('the dashboard after the review', () => {
  let collector: Page;
  let collectorToken: string;
  let buyer: ApiUser;
  let bought: { balance: Token; card: Token };
  let listingId: number;

  beforeAll(async () => {
    browser = await launchBrowser();
    // The demo collector: two of their unlisted NFTs to sell through offers, a third to list.
    collector = await newPage(browser);
    await signInAsCollector(collector, baseUrl, '/dashboard/purchases-sales/sales');
    const profileUrl = await signedInProfileUrl(collector);
    collectorToken = await collector.evaluate<string>(
      `JSON.parse(localStorage.getItem('credentials')).access_token`,
    );
    const cards = await call<{ results: (Token & { listing: unknown })[] }>(
      collectorToken,
      'GET',
      `/v2/users/${profileUrl}/nifties/?page_size=48`,
    );
    // From the middle of the list: dashboard.e2e.ts takes the first unlisted NFT, checkout.e2e.ts the last.
    const unlisted = cards.results.filter((card) => card.listing === null);
    expect(unlisted.length).toBeGreaterThan(6);
    const [a, b, c] = unlisted.slice(3, 6);
    if (!a || !b || !c) throw new Error('too few unlisted NFTs');
    bought = { balance: a, card: b };

    // A new collector adds $50 to their balance, then offers $3 from it on one NFT and $4 by card on another.
    buyer = await apiSignUp(baseUrl, 'dashboard-offer-buyer');
    const token = buyer.grant.access_token;
    await call(token, 'POST', '/v2/balance/deposits', {
      amount_in_cents: 5_000,
      payment_token: await cardToken(token),
    });
    const offer = (t: Token, amount: string, extra: Record<string, unknown>) =>
      call<{ offer: { id: number } }>(token, 'POST', '/v2/offer', {
        type: 'offer',
        contractAddress: t.contractAddress,
        tokenId: t.tokenId,
        amount: { amount, currency: 'USD' },
        ...extra,
      });
    const byBalance = await offer(a, '3', { payment_method: 'balance' });
    const byCard = await offer(b, '4', {
      payment_method: 'stripe_card',
      payment_token: await cardToken(token),
    });
    // The collector accepts both.
    for (const [made, t] of [
      [byBalance, a],
      [byCard, b],
    ] as const) {
      await call(collectorToken, 'POST', '/user/accept-bid/', {
        bid_id: made.offer.id,
        contractAddress: t.contractAddress,
        tokenId: t.tokenId,
      });
    }
    // And lists a third, so Active Discounts has a row.
    listingId = (
      await call<{ id: number }>(collectorToken, 'POST', '/v2/listings', {
        contractAddress: c.contractAddress,
        tokenId: c.tokenId,
        price: { amount: '9', currency: 'USD' },
      })
    ).id;
  }, 120_000);

  afterAll(async () => {
    // The listing is withdrawn again, so other files see the collector's NFTs as they were.
    if (listingId) await call(collectorToken, 'DELETE', `/v2/listings/${listingId}`);
    await browser?.close();
  });

  async function buyerPage(viewport = DESKTOP): Promise<Page> {
    const context = await browser.newContext({ viewport });
    await storeCredentials(context, buyer.grant);
    return context.newPage();
  }

  it("shows NFTs bought through accepted offers in the buyer's Purchases", async () => {
    const page = await buyerPage();
    await page.goto(`${baseUrl}/dashboard/purchases-sales/purchases`);
    const rows = page.getByTestId('purchase-row');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);
    // Newest first: the card offer was accepted last.
    const expected = [
      // The card that backed the offer, as a Buy Now purchase names it (it read only 'Card').
      { token: bought.card, paid: '$4.00', method: 'Visa •••• 4242' },
      { token: bought.balance, paid: '$3.00', method: 'Account balance' },
    ];
    for (const [index, want] of expected.entries()) {
      const row = rows.nth(index);
      const link = row.getByRole('link');
      expect(await link.textContent()).toBe(want.token.name);
      expect(await link.getAttribute('href')).toBe(
        `/marketplace/item/${want.token.contractAddress}/${want.token.tokenId}`,
      );
      expect(await row.getByTestId('purchase-paid').textContent()).toBe(want.paid);
      expect(await row.getByTestId('purchase-method').textContent()).toBe(want.method);
      expect(await row.getByTestId('purchase-state').textContent()).toBe('Paid');
      expect(await row.getByTestId('purchase-by-offer').textContent()).toBe('Your accepted offer');
      expect(await row.getByTestId('purchase-date').locator('time').getAttribute('datetime')).toMatch(
        new RegExp(`^${new Date().toISOString().slice(0, 10)}`),
      );
    }
    await page.context().close();
  });

  it('at 390x844 shows every tab, and every Sales and Purchases value, with no sideways scroll', async () => {
    await collector.setViewportSize(PHONE);
    await collector.goto(`${baseUrl}/dashboard/purchases-sales/sales`);
    // Every tab on screen (none past the strip's edge), Deposit among them.
    for (const key of ['sales', 'purchases', 'transactions', 'active-discounts', 'deposit']) {
      const tab = collector.getByTestId(`dashboard-tab-${key}`);
      await tab.waitFor();
      expect(await tab.isVisible()).toBe(true);
      expect(await onScreen(collector, `dashboard-tab-${key}`, 0), key).toBe(true);
    }
    // The seller's Sales: price, fees, proceeds and date of each of the two offer sales on screen.
    const sales = collector.getByTestId('sale-row');
    await expect.poll(() => sales.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    expect(await pageWidth(collector)).toBeLessThanOrEqual(PHONE.width);
    for (const index of [0, 1]) {
      for (const cell of ['sale-price', 'sale-fees', 'sale-proceeds', 'sale-date']) {
        expect(await onScreen(collector, cell, index), `${cell} #${index}`).toBe(true);
      }
      expect(await sales.nth(index).getByTestId('sale-proceeds').textContent()).toMatch(/^\$\d+\.\d\d$/);
    }
    expect(await sales.first().textContent()).toContain(buyer.firstName);
    // The alerts bell is in reach on a phone too (it hid with the wide screen's actions): the two offers the
    // collector accepted are there as 'sold' alerts, each with when it came.
    await collector.getByTestId('alerts-bell-button').click();
    const sold = collector.getByTestId('alert-item').filter({ hasText: 'sold for' });
    await expect.poll(() => sold.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    expect(await sold.first().locator('time').textContent()).toMatch(/ago|now/);
    expect(await onScreen(collector, 'alerts-panel', 0)).toBe(true);
    await collector.getByTestId('alerts-bell-button').click();
    // The Deposit tab is a tap away.
    await collector.getByTestId('dashboard-tab-deposit').click();
    await collector.getByTestId('add-funds').waitFor();
    expect(await pageWidth(collector)).toBeLessThanOrEqual(PHONE.width);

    // The buyer's Purchases: paid, method, state and date of each row on screen.
    const page = await buyerPage(PHONE);
    await page.goto(`${baseUrl}/dashboard/purchases-sales/purchases`);
    const rows = page.getByTestId('purchase-row');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    for (const index of [0, 1]) {
      for (const cell of ['purchase-paid', 'purchase-method', 'purchase-state', 'purchase-date']) {
        expect(await onScreen(page, cell, index), `${cell} #${index}`).toBe(true);
      }
    }
    await page.context().close();
    await collector.setViewportSize(DESKTOP);
  });

  it('names each listed edition once on Active Discounts', async () => {
    await collector.goto(`${baseUrl}/dashboard/active-discounts`);
    const names = collector.getByTestId('listing-row').getByRole('link');
    await expect.poll(() => names.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    for (const name of await names.allTextContents()) {
      expect(name).not.toMatch(/#(\d+) #\1$/);
      expect(name).toMatch(/#\d+$/);
    }
  });
});
