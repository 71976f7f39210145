// Buy Now's flow around the checkout (issue #14; decision 009 "Buy flow"), in real Chromium against the
// built, seeded server: the local-storage test flag opens the checkout in a modal over the item; the
// checkout page polls its intent's status, so a payment made in another tab shows within ~6 s; the legacy
// /buypage/ path leads to the item or the nifty type's page; a user who must agree to the terms gets the
// terms dialog from Buy Now and goes on to the checkout after agreeing.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiSignUp, DESKTOP, storeCredentials } from './support/accounts';
import { launchBrowser } from './support/browser';
import { submitLoginForm } from './support/sign-in';
import { holdRequests } from './support/trading';

const baseUrl = inject('baseUrl');
const adminToken = inject('adminToken');
let browser: Browser;
let listed: ListedToken[] = [];

interface ListedToken {
  contractAddress: string;
  tokenId: string;
  typeNumber: number;
  owner: { username: string } | null;
}

beforeAll(async () => {
  browser = await launchBrowser();
  // Listed items of the seed; each test takes its own (others' e2e files buy the demo collector's).
  const response = await fetch(`${baseUrl}/api/v1/explore/nfts/?quickFilter=buy_now&page_size=48`);
  expect(response.status).toBe(200);
  listed = ((await response.json()) as { results: ListedToken[] }).results;
  expect(listed.length).toBeGreaterThan(10);
});
afterAll(async () => {
  await browser?.close();
});

/** A listed token for one test, from the end of the list (distinct per test). */
function take(index: number): ListedToken {
  const token = listed.at(-1 - index);
  if (!token) throw new Error('not enough listed tokens in the seed');
  return token;
}

const itemUrl = (t: ListedToken) => `/marketplace/item/${t.contractAddress}/${t.tokenId}`;

async function buyerContext(
  label: string,
  init?: string,
): Promise<{ context: BrowserContext; firstName: string }> {
  const buyer = await apiSignUp(baseUrl, label);
  const context = await browser.newContext({ viewport: DESKTOP });
  await storeCredentials(context, buyer.grant);
  if (init) await context.addInitScript(init);
  return { context, firstName: buyer.firstName };
}

/** Another collector buys `token` by card, through its item page and checkout, in a browser of their own. */
async function buyElsewhere(token: ListedToken): Promise<{ context: BrowserContext }> {
  const first = await buyerContext('first-buyer');
  const other = await first.context.newPage();
  await other.goto(baseUrl + itemUrl(token));
  await other.getByTestId('item-price').getByTestId('buy-now').click();
  await other.waitForURL((url) => url.pathname.startsWith('/listing-checkout/'));
  await payByCard(other);
  await other.getByTestId('checkout-success').waitFor();
  return first;
}

async function payByCard(root: Page | ReturnType<Page['getByTestId']>): Promise<void> {
  const form = root.getByTestId('card-form');
  await form.getByLabel('Card number').fill('4242 4242 4242 4242');
  await form.getByLabel('Expiry (MM/YY)').fill('12/34');
  await form.getByLabel('CVC').fill('123');
  await root.getByTestId('pay').click();
}

async function ownerOf(t: ListedToken): Promise<string | null> {
  const response = await fetch(`${baseUrl}/api/v1/marketplace/items/${t.contractAddress}/${t.tokenId}/`);
  return ((await response.json()) as { owner: { username: string } | null }).owner?.username ?? null;
}

describe('Buy Now flow', () => {
  it('opens the checkout in a modal over the item page under the local-storage test flag', async () => {
    const token = take(0);
    const { context } = await buyerContext(
      'modal-flag',
      "localStorage.setItem('vitrine.checkoutModal', '1')",
    );
    const page = await context.newPage();
    await page.goto(baseUrl + itemUrl(token));
    await page.getByTestId('item-price').getByTestId('buy-now').click();
    const modal = page.getByTestId('checkout-modal');
    await modal.getByTestId('fee-breakdown').waitFor();
    // Still the item page: the checkout is a dialog over it.
    expect(new URL(page.url()).pathname).toBe(itemUrl(token));
    // While the payment is on its way (held here), Escape and a click beside the dialog leave it open: closed,
    // the buyer would never see whether it went through (000 §4: the backdrop is ignored while loading).
    const { sent, release } = holdRequests(page, '**/api/v2/purchase-intent/*/pay');
    await payByCard(modal);
    await sent;
    await page.keyboard.press('Escape');
    await page.mouse.click(4, 4);
    expect(await modal.isVisible()).toBe(true);
    // Once the answer shows, the dialog closes at once, even while the pages behind it are still read again
    // (held here: on a slow connection the buyer could not close it, last CI run).
    const reread = holdRequests(
      page,
      `**/api/v1/marketplace/items/${token.contractAddress}/${token.tokenId}/**`,
    );
    release();
    await modal.getByTestId('checkout-success').waitFor();
    expect(await ownerOf(token)).not.toBe(token.owner?.username);
    await reread.sent;
    await page.keyboard.press('Escape');
    await expect.poll(() => modal.count()).toBe(0);
    reread.release();
    // Closing the modal shows the item as bought: no Buy Now any more.
    await page.getByTestId('item-price').getByTestId('list-for-sale').waitFor();
    expect(await page.getByTestId('buy-now').count()).toBe(0);
    await context.close();
  });

  it('on a phone the checkout modal keeps its title and close button in view as it scrolls', async () => {
    const token = take(9);
    const buyer = await apiSignUp(baseUrl, 'modal-phone');
    const context = await browser.newContext({ viewport: { width: 390, height: 700 }, isMobile: true });
    await storeCredentials(context, buyer.grant);
    await context.addInitScript("localStorage.setItem('vitrine.checkoutModal', '1')");
    const page = await context.newPage();
    await page.goto(baseUrl + itemUrl(token));
    await page.getByTestId('item-price').getByTestId('buy-now').click();
    const modal = page.getByTestId('checkout-modal');
    await modal.getByTestId('fee-breakdown').waitFor();
    // Longer than the sheet: it scrolls (QA 2026-12-07: the title and its close button scrolled away with it).
    const scrolled = await modal.evaluate((panel) => {
      panel.scrollTop = panel.scrollHeight;
      return panel.scrollTop;
    });
    expect(scrolled).toBeGreaterThan(0);
    const panelBox = await modal.boundingBox();
    const closeBox = await modal.getByRole('button', { name: 'Close' }).boundingBox();
    if (!panelBox || !closeBox) throw new Error('no box');
    expect(closeBox.y).toBeGreaterThanOrEqual(panelBox.y);
    expect(closeBox.y + closeBox.height).toBeLessThan(panelBox.y + 80);
    expect(await modal.getByRole('heading', { name: 'Checkout' }).isVisible()).toBe(true);
    await modal.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => modal.count()).toBe(0);
    await context.close();
  });

  it('shows a payment made in another tab on the first checkout page within about 6 s, without a reload', async () => {
    const token = take(1);
    const { context } = await buyerContext('polling');
    const first = await context.newPage();
    await first.goto(baseUrl + itemUrl(token));
    await first.getByTestId('item-price').getByTestId('buy-now').click();
    await first.waitForURL((url) => url.pathname.startsWith('/listing-checkout/'));
    await first.getByTestId('fee-breakdown').waitFor();
    // Prices shown in dollars (the default): nothing to explain about the currency.
    expect(await first.getByTestId('fee-charged-in-dollars').count()).toBe(0);
    let navigations = 0;
    first.on('framenavigated', (frame) => {
      if (frame === first.mainFrame()) navigations += 1;
    });

    const second = await context.newPage();
    await second.goto(first.url());
    await payByCard(second);
    await second.getByTestId('checkout-success').waitFor();
    const paidAt = Date.now();

    await first.getByTestId('checkout-paid-elsewhere').waitFor({ timeout: 8000 });
    expect(Date.now() - paidAt).toBeLessThan(7000);
    expect(await first.getByTestId('checkout-success').textContent()).toContain('You own it!');
    // Its receipt is the payment's, as the tab that paid shows it (the card, the date), not the checkout as
    // this tab read it before the payment.
    const receipt = await second.getByTestId('checkout-receipt').textContent();
    expect(receipt).toContain('Visa');
    await expect.poll(() => first.getByTestId('checkout-receipt').textContent()).toBe(receipt);
    expect(await first.getByTestId('pay').count()).toBe(0);
    expect(navigations).toBe(0);
    await context.close();
  });

  it('leads the legacy /buypage/ to the item (secondary) or the nifty type page (primary)', async () => {
    const token = take(2);
    const page = await browser.newPage({ viewport: DESKTOP });
    // QA 2026-12-07: the router warned of a leaf route without an element at every visit.
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.text().includes('does not have an element or Component')) warnings.push(m.text());
    });
    const q = `contractAddress=${token.contractAddress}&niftyType=${token.typeNumber}`;
    await page.goto(
      `${baseUrl}/buypage/?${q}&tokenID=${token.tokenId}&isNiftyPrimaryOrSecondary=secondary&initialPrice=12.5&utm_source=mail`,
    );
    await page.waitForURL((url) => url.pathname === itemUrl(token));
    // A parameter of its own (a campaign's) is kept; the legacy path's are read, not kept (QA 2026-12-07).
    expect(new URL(page.url()).search).toBe('?utm_source=mail');
    await page.getByTestId('item-price').waitFor();

    await page.goto(`${baseUrl}/buypage/?${q}&isNiftyPrimaryOrSecondary=primary`);
    await page.waitForURL(
      (url) => url.pathname === `/marketplace/collection/${token.contractAddress}/${token.typeNumber}`,
    );
    expect(warnings).toEqual([]);
    await page.close();
  });

  it('opens the terms dialog when Buy Now needs an agreement, then goes on to the checkout', async () => {
    const token = take(3);
    const buyer = await apiSignUp(baseUrl, 'terms');
    const asked = await fetch(`${baseUrl}/api/v2/terms-of-service/require-approval/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({ email: buyer.email }),
    });
    expect(asked.status).toBe(200);
    const context = await browser.newContext({ viewport: DESKTOP });
    await storeCredentials(context, buyer.grant);
    const page = await context.newPage();
    await page.goto(baseUrl + itemUrl(token));
    await page.getByTestId('item-price').getByTestId('buy-now').click();
    const dialog = page.getByTestId('terms-dialog');
    await dialog.getByRole('heading', { name: 'Vitrine Terms of Use' }).waitFor();
    expect(await dialog.textContent()).toContain('Buying and selling');
    // Still on the item: nothing was bought or reserved before the agreement.
    expect(new URL(page.url()).pathname).toBe(itemUrl(token));
    await dialog.getByRole('button', { name: 'I agree' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/listing-checkout/'));
    await page.getByTestId('fee-breakdown').waitFor();
    const profile = await page.evaluate(`(async () => {
      const credentials = JSON.parse(localStorage.getItem('credentials'));
      const res = await fetch('/api/user/profile/', { headers: { authorization: 'Bearer ' + credentials.access_token } });
      return res.json();
    })()`);
    expect((profile as { needsTermsAndConditionsApproval: boolean }).needsTermsAndConditionsApproval).toBe(
      false,
    );
    await context.close();
  });

  it('an open item page shows a sale made elsewhere without a reload: Buy Now goes, the new owner shows', async () => {
    const token = take(8);
    const watcher = await buyerContext('watcher');
    const page = await watcher.context.newPage();
    // The page's live connection to the token's nifty topic is open (decision 014) before the other buys.
    const topic = `nifty:${token.contractAddress.toLowerCase()}:${token.typeNumber}`;
    const streaming = page.waitForResponse(
      (r) => r.url().includes('/api/v2/events/?') && decodeURIComponent(r.url()).includes(topic),
    );
    await page.goto(baseUrl + itemUrl(token));
    await page.getByTestId('item-price').getByTestId('buy-now').waitFor();
    await page.evaluate(() => {
      (globalThis as unknown as { notReloaded: boolean }).notReloaded = true;
    });
    await streaming;
    await page.waitForTimeout(300);

    const first = await buyElsewhere(token);

    // QA 2026-12-07: the page kept offering Buy Now until a press reloaded it.
    await expect.poll(() => page.getByTestId('buy-now').count(), { timeout: 5_000, interval: 100 }).toBe(0);
    await expect
      .poll(() => page.getByTestId('item-owner').textContent(), { timeout: 5_000 })
      .not.toContain(token.owner?.username ?? '\u0000');
    expect(await page.evaluate(() => (globalThis as unknown as { notReloaded?: boolean }).notReloaded)).toBe(
      true,
    );
    await watcher.context.close();
    await first.context.close();
  });

  it('says why when Buy Now on an item sold meanwhile reloads the page', async () => {
    const token = take(4);
    const late = await buyerContext('late-buyer');
    // A page whose live connection is down (a proxy that drops event streams): its Buy Now goes stale.
    await late.context.route('**/api/v2/events/**', (route) => route.abort());
    const page = await late.context.newPage();
    await page.goto(baseUrl + itemUrl(token));
    await page.getByTestId('item-price').getByTestId('buy-now').waitFor();

    // Another collector buys it while this page stays open.
    const first = await buyElsewhere(token);

    // The page still offers Buy Now; the click is refused, the page is read again and says why.
    await page.getByTestId('item-price').getByTestId('buy-now').click();
    const toast = page.getByTestId('toast-viewport').getByText('This listing is no longer available');
    await toast.waitFor();
    expect(await page.getByTestId('buy-now').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe(itemUrl(token));
    // Once: not again on the next load.
    await page.reload();
    await page.getByTestId('item-price').waitFor();
    await page.waitForTimeout(500);
    expect(await toast.count()).toBe(0);
    await late.context.close();
    await first.context.close();
  });

  it('reloads the page after a server error on Buy Now and says the purchase could not be started', async () => {
    const token = take(6);
    const { context } = await buyerContext('buy-now-error');
    const page = await context.newPage();
    await page.goto(baseUrl + itemUrl(token));
    // The server fails the first Buy Now (a 500); nothing is created.
    await page.route(/\/api\/v2\/listing-match\/$/, (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({ statusCode: 500, error: 'Internal Server Error', message: 'boom' }),
          })
        : route.continue(),
    );
    await page.getByTestId('item-price').getByTestId('buy-now').click();
    const toast = page
      .getByTestId('toast-viewport')
      .getByText('Sorry, we ran into a problem creating your purchase... Please try again.');
    await toast.waitFor();
    // The page was read again (000 §4: other errors reload), and Buy Now is there to try again.
    expect(new URL(page.url()).pathname).toBe(itemUrl(token));
    await page.unroute(/\/api\/v2\/listing-match\/$/);
    await page.getByTestId('item-price').getByTestId('buy-now').click();
    await page.waitForURL((url) => url.pathname.startsWith('/listing-checkout/'));
    await context.close();
  });

  it('goes on after sign-in: Buy Now to the checkout, Make Offer to its dialog, and not after the modal was closed', async () => {
    const token = take(7);
    const account = await apiSignUp(baseUrl, 'resume');
    const signedOut = async () => (await browser.newContext({ viewport: DESKTOP })).newPage();

    // Buy Now, signed in through the modal: the page comes back and goes on to the checkout by itself.
    const buyer = await signedOut();
    await buyer.goto(baseUrl + itemUrl(token));
    await buyer.getByTestId('item-price').getByTestId('buy-now').click();
    await submitLoginForm(buyer, buyer.getByTestId('auth-modal'), account);
    await buyer.waitForURL(
      (url) => url.pathname === `/listing-checkout/${token.contractAddress}/${token.tokenId}/`,
      { timeout: 20_000 },
    );
    await buyer.getByTestId('fee-breakdown').waitFor();
    await buyer.context().close();

    // Make Offer, signed in through the modal: the offer dialog opens by itself on the item page.
    const offerer = await signedOut();
    await offerer.goto(baseUrl + itemUrl(token));
    await offerer.getByTestId('item-price').getByTestId('make-offer').click();
    await submitLoginForm(offerer, offerer.getByTestId('auth-modal'), account);
    await offerer.getByTestId('offer-dialog').waitFor({ timeout: 20_000 });
    expect(new URL(offerer.url()).pathname).toBe(itemUrl(token));
    await offerer.context().close();

    // Make Offer, the modal closed without signing in, then signed in on the login page: no dialog opens.
    const changedMind = await signedOut();
    await changedMind.goto(baseUrl + itemUrl(token));
    await changedMind.getByTestId('item-price').getByTestId('make-offer').click();
    const modal = changedMind.getByTestId('auth-modal');
    await modal.waitFor();
    await changedMind.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });
    await changedMind.goto(`${baseUrl}/login?redirect=${encodeURIComponent(itemUrl(token))}`);
    await submitLoginForm(changedMind, changedMind.locator('body'), account);
    await changedMind.waitForURL((url) => url.pathname === itemUrl(token), { timeout: 20_000 });
    await changedMind.getByTestId('item-price').getByTestId('make-offer').waitFor();
    await changedMind.waitForTimeout(1500);
    expect(await changedMind.getByTestId('offer-dialog').count()).toBe(0);
    await changedMind.context().close();

    // Buy Now, the page reloaded while the modal was open, then signed in on the login page: no checkout starts
    // (the action's modal never saw the sign-in; UX walkthrough, 2026-12-05: each visit opened a new order).
    const reloaded = await signedOut();
    await reloaded.goto(baseUrl + itemUrl(token));
    await reloaded.getByTestId('item-price').getByTestId('buy-now').click();
    await reloaded.getByTestId('auth-modal').waitFor();
    await reloaded.reload();
    await reloaded.goto(`${baseUrl}/login?redirect=${encodeURIComponent(itemUrl(token))}`);
    await submitLoginForm(reloaded, reloaded.locator('body'), account);
    await reloaded.waitForURL((url) => url.pathname === itemUrl(token), { timeout: 20_000 });
    await reloaded.getByTestId('item-price').getByTestId('buy-now').waitFor();
    await reloaded.waitForTimeout(1500);
    expect(new URL(reloaded.url()).pathname).toBe(itemUrl(token));
    await reloaded.context().close();
  });

  it('says at checkout that a price shown in ETH is charged in dollars, with the total in ETH', async () => {
    const token = take(5);
    const { context } = await buyerContext('eth-display', "localStorage.setItem('displayCurrency', 'ETH')");
    const page = await context.newPage();
    await page.goto(baseUrl + itemUrl(token));
    await page.getByTestId('item-price').getByTestId('buy-now').click();
    await page.waitForURL((url) => url.pathname.startsWith('/listing-checkout/'));
    await page.getByTestId('fee-breakdown').waitFor();
    expect(await page.getByTestId('fee-total').textContent()).toMatch(/^\$[\d,]+\.\d\d$/);
    await expect
      .poll(() => page.getByTestId('fee-charged-in-dollars').textContent())
      .toMatch(/^Charged in US dollars: about .*\d.* at today's rate\.$/);
    await context.close();
  });
});
