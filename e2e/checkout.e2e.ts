// Selling and Buy Now in real Chromium against the built, seeded server (issue #14): the demo collector
// lists one of their NFTs, reprices and cancels, and lists it again; a new collector buys it by card on
// the checkout page. A declined card shows 000 §8's purchase message and nothing changes hands.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { apiSignUp, DESKTOP, newPage, storeCredentials } from './support/accounts';
import { useBrowser } from './support/browser';
import { signedInProfileUrl, signInAsCollector } from './support/sign-in';
import { fillCard, holdRequests, itemAnswer, itemUrl, type OwnedToken } from './support/trading';

const baseUrl = inject('baseUrl');
const PURCHASE_FAILED = 'Sorry, we ran into a problem creating your purchase...';
const browser = useBrowser();

/** One of the signed-in user's NFTs that is not listed (the last of their first page). */
async function unlistedTokenOf(page: Page, profileUrl: string): Promise<OwnedToken> {
  const tokens = await page.evaluate<OwnedToken[]>(`(async () => {
    const res = await fetch('/api/v2/users/${profileUrl}/nifties/?page_size=48');
    const body = await res.json();
    return body.results
      .filter((card) => card.listing === null)
      .map((card) => ({ contractAddress: card.contractAddress, tokenId: card.tokenId }));
  })()`);
  const token = tokens.at(-1);
  if (!token) throw new Error('the demo collector owns no unlisted NFT');
  return token;
}

async function setPrice(page: Page, amount: string): Promise<void> {
  const dialog = page.getByTestId('listing-dialog');
  await dialog.waitFor();
  await dialog.getByLabel('Price').fill(amount);
  await dialog.getByLabel('Currency').selectOption('USD');
  await dialog.getByRole('button', { name: /List for sale|Save price/ }).click();
  await expect.poll(() => dialog.count()).toBe(0);
}

describe('selling and Buy Now', () => {
  let token: OwnedToken;
  let sellerProfileUrl: string;
  let buyer: Awaited<ReturnType<typeof apiSignUp>>;

  it('lets the owner list, reprice and cancel, and shows no owner controls to others', async () => {
    const page = await newPage(browser);
    await signInAsCollector(page, baseUrl, '/explore/nfts');
    sellerProfileUrl = await signedInProfileUrl(page);
    token = await unlistedTokenOf(page, sellerProfileUrl);

    await page.goto(baseUrl + itemUrl(token));
    const price = page.getByTestId('item-price');
    await price.getByTestId('list-for-sale').click();
    // A price that cannot be one is refused in the form.
    const dialog = page.getByTestId('listing-dialog');
    await dialog.getByLabel('Price').fill('12,5');
    await dialog.getByRole('button', { name: 'List for sale' }).click();
    await dialog.getByText('Enter a price like 125 or 12.50').waitFor();
    // The error goes as soon as the price typed is right.
    await dialog.getByLabel('Price').fill('25');
    await expect.poll(() => dialog.getByText('Enter a price like 125 or 12.50').count()).toBe(0);
    // A price of 0 (a slip of the keyboard) would give the NFT away: 001 §5's lowest price is $1.
    await dialog.getByLabel('Price').fill('0');
    await dialog.getByRole('button', { name: 'List for sale' }).click();
    await dialog.getByText('Please enter a value 1 or greater').waitFor();
    expect((await itemAnswer(baseUrl, token)).listing).toBeNull();
    // A price in ETH shows what it is worth in dollars at today's rate.
    await dialog.getByLabel('Currency').selectOption('ETH');
    await dialog.getByLabel('Price').fill('0.5');
    await expect
      .poll(() => dialog.getByTestId('eth-price-note').textContent())
      .toMatch(/^About \$[\d,]+\.\d\d at today's rate\. Fees are worked out/);
    // And its fee breakdown, as an estimate at that rate (the terms say fees are shown before listing).
    const worth = ((await dialog.getByTestId('eth-price-note').textContent()) ?? '').match(
      /\$[\d,]+\.\d\d/,
    )?.[0];
    await dialog.getByTestId('show-fees').click();
    const fees = page.getByTestId('fee-dialog');
    await fees.getByTestId('fee-estimate-note').waitFor();
    expect(await fees.getByTestId('sale-fee-price').textContent()).toBe(worth);
    await fees.getByRole('button', { name: 'Okay' }).click();
    await expect.poll(() => fees.count()).toBe(0);
    await dialog.getByLabel('Currency').selectOption('USD');
    await setPrice(page, '25');
    await expect.poll(() => price.textContent()).toContain('$25.00');
    expect(await price.getByTestId('buy-now').count()).toBe(0);
    // 'List for sale' is gone: the keyboard's place is the control that replaced it, not the page's start.
    const focused = () =>
      page.evaluate<string | null>("document.activeElement?.getAttribute('data-testid') ?? null");
    await expect.poll(focused).toBe('edit-price');
    expect((await itemAnswer(baseUrl, token)).listing?.priceInCents).toBe(2500);

    // Answered, the dialog may be left while the item is read again (held here): it stayed locked until then.
    await price.getByTestId('edit-price').click();
    const reread = holdRequests(
      page,
      `**/api/v1/marketplace/items/${token.contractAddress}/${token.tokenId}/**`,
    );
    const repriced = page.waitForResponse(
      (r) => r.request().method() === 'PATCH' && r.url().includes('/api/v2/listings/'),
    );
    await dialog.getByLabel('Price').fill('30');
    await dialog.getByRole('button', { name: 'Save price' }).click();
    await repriced;
    await reread.sent;
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    reread.release();
    await expect.poll(() => price.textContent()).toContain('$30.00');
    expect((await itemAnswer(baseUrl, token)).listing?.priceInCents).toBe(3000);

    // While the cancel is on its way (held here), 'Keep listing' cannot be pressed, the close button is gone and
    // Escape does nothing: closed, the dialog would hide its answer, and the listing would be cancelled all the same.
    await price.getByTestId('cancel-listing').click();
    const cancelDialog = page.getByTestId('cancel-listing-dialog');
    const cancelling = holdRequests(page, '**/api/v2/listings/*');
    await cancelDialog.getByRole('button', { name: 'Cancel listing' }).click();
    await cancelling.sent;
    // (The pending state renders a moment after the request leaves.)
    await expect
      .poll(() => cancelDialog.getByRole('button', { name: 'Keep listing' }).isDisabled())
      .toBe(true);
    expect(await cancelDialog.getByRole('button', { name: 'Close' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.waitForTimeout(300);
    expect(await cancelDialog.isVisible()).toBe(true);
    cancelling.release();
    await price.getByTestId('list-for-sale').waitFor();
    await expect.poll(() => cancelDialog.count()).toBe(0);
    await expect.poll(focused).toBe('list-for-sale');
    expect(await price.textContent()).toContain('Not listed');
    expect((await itemAnswer(baseUrl, token)).listing).toBeNull();

    // Listed again for the buyers below.
    await price.getByTestId('list-for-sale').click();
    await setPrice(page, '20');
    await price.getByTestId('edit-price').waitFor();
    expect((await itemAnswer(baseUrl, token)).listing?.priceInCents).toBe(2000);
    await page.context().close();

    // Signed out: Buy Now opens the auth modal, and there are no owner controls.
    const visitor = await newPage(browser);
    await visitor.goto(baseUrl + itemUrl(token));
    const visitorPrice = visitor.getByTestId('item-price');
    await visitorPrice.getByTestId('buy-now').click();
    await visitor.getByTestId('auth-modal').waitFor();
    expect(await visitorPrice.getByTestId('list-for-sale').count()).toBe(0);
    expect(await visitorPrice.getByTestId('edit-price').count()).toBe(0);
    expect(visitor.url()).toBe(baseUrl + itemUrl(token));
    await visitor.context().close();
  });

  it('sells by card: a declined card changes nothing, 4242 buys it and the buyer owns it', async () => {
    expect(token).toBeDefined();
    buyer = await apiSignUp(baseUrl, 'buyer');
    const context = await browser.newContext({ viewport: DESKTOP });
    await storeCredentials(context, buyer.grant);
    const page = await context.newPage();
    await page.goto(baseUrl + itemUrl(token));
    const price = page.getByTestId('item-price');
    await price.getByTestId('buy-now').click();
    await page.waitForURL((url) => url.pathname.startsWith('/listing-checkout/'));
    const url = new URL(page.url());
    expect(url.pathname).toBe(`/listing-checkout/${token.contractAddress}/${token.tokenId}/`);
    expect(url.searchParams.get('piid')).toMatch(/^\d+$/);

    // The quote: $20.00, the card fee (2.9 % + 30 c = $0.88), no gas line without a delivery fee.
    const fees = page.getByTestId('fee-breakdown');
    await fees.waitFor();
    expect(await fees.getByTestId('fee-price').textContent()).toBe('$20.00');
    expect(await fees.getByTestId('fee-service-card').textContent()).toBe('$0.88');
    expect(await fees.getByTestId('fee-gas').count()).toBe(0);
    expect(await fees.getByTestId('fee-total').textContent()).toBe('$20.88');
    // The buyer's line is the card's surcharge only (the service fee is the seller's, in the seller's fee dialog).
    expect(await fees.locator('dt').allTextContents()).toEqual(['Price', 'Card fee', 'Total']);
    await page.getByTestId('checkout-item-name').waitFor();
    // How long the quote holds (the intent's 15 minutes, as a time of day).
    expect(await page.getByTestId('checkout-held-until').textContent()).toMatch(
      /^This checkout is open until \d{1,2}:\d\d/,
    );
    // A new account has no balance: paying from it is not offered.
    expect(await page.getByTestId('method-balance').isDisabled()).toBe(true);

    // Pay with no card typed: the messages at the fields, and the keyboard's place is the first of them, so a
    // screen reader reads it out (UX review, 2026-12-06: focus stayed on Pay, and nothing was said).
    await page.getByTestId('pay').click();
    await expect
      .poll(() =>
        page.evaluate<string | null>(
          "document.activeElement?.getAttribute('aria-invalid') === 'true' ? document.activeElement.getAttribute('aria-describedby') : null",
        ),
      )
      .toBeTruthy();
    // A declined card: 000 §8's message, and the seller still owns the listed NFT.
    await fillCard(page.getByTestId('card-form'), '4000 0000 0000 0002');
    await page.getByTestId('pay').click();
    const error = page.getByTestId('checkout-pay-error');
    await error.waitFor();
    expect(await error.textContent()).toContain(PURCHASE_FAILED);
    // It says the card was declined, so the buyer tries another (UX review, 2026-12-06: only "a problem").
    expect(await error.textContent()).toContain('Your card was declined.');
    // The keyboard is at Pay again, not at the top of the page (UX review, 2026-12-06).
    await expect
      .poll(() => page.evaluate("document.activeElement?.getAttribute('data-testid') ?? null"))
      .toBe('pay');
    // Another way to pay: the card's refusal no longer stands above its Pay button.
    await page.getByTestId('method-klarna').check();
    await expect.poll(() => error.count()).toBe(0);
    await page.getByTestId('method-card').check();
    const afterDecline = await itemAnswer(baseUrl, token);
    expect(afterDecline.owner?.username).toBe(sellerProfileUrl);
    expect(afterDecline.listing?.priceInCents).toBe(2000);

    // A card that works: the success, and the item is the buyer's.
    await fillCard(page.getByTestId('card-form'), '4242 4242 4242 4242');
    await page.getByTestId('pay').click();
    const success = page.getByTestId('checkout-success');
    await success.waitFor();
    expect(await success.textContent()).toContain('You own it!');
    // The receipt: what the fee breakdown said, and the card that paid (brand and last four).
    expect(await success.getByTestId('receipt-price').textContent()).toBe('$20.00');
    expect(await success.getByTestId('receipt-service-card').textContent()).toBe('$0.88');
    expect(await success.getByTestId('receipt-total').textContent()).toBe('$20.88');
    expect(await success.getByTestId('receipt-method').textContent()).toBe('Visa •••• 4242');
    const sold = await itemAnswer(baseUrl, token);
    expect(sold.owner?.username).not.toBe(sellerProfileUrl);
    expect(sold.listing).toBeNull();

    // Back, then Forward: the receipt again, not 'paid in another window' once its poll finds it paid (UX review,
    // 2026-12-06).
    await page.goBack();
    await page.waitForURL((url) => !url.pathname.startsWith('/listing-checkout/'));
    await page.goForward();
    await success.waitFor();
    await page.waitForTimeout(6_000); // a status poll (every 5 s)
    expect(await page.getByTestId('checkout-paid-elsewhere').count()).toBe(0);

    // Opened again later (a reload, its link): the same receipt, without claiming the NFT is still the buyer's
    // (it may have been sold on since).
    const checkoutUrl = page.url();
    await page.reload();
    await success.waitFor();
    expect(await success.getByTestId('checkout-result-title').textContent()).toBe('Purchase complete');
    expect(await success.getByTestId('checkout-success-text').textContent()).toMatch(/^You bought .+\.$/);
    expect(await success.getByTestId('receipt-method').textContent()).toBe('Visa •••• 4242');
    expect(await success.getByTestId('receipt-total').textContent()).toBe('$20.88');
    expect(page.url()).toBe(checkoutUrl);

    await success.getByTestId('checkout-view-item').click();
    await page.waitForURL((u) => u.pathname === itemUrl(token));
    const owner = page.getByTestId('item-owner');
    await expect.poll(async () => (await owner.textContent()) ?? '').toContain(buyer.firstName);
    await price.getByTestId('list-for-sale').waitFor();
    expect(await price.getByTestId('buy-now').count()).toBe(0);
    await context.close();
  });

  it('buys back with a card that needs a second step, and offers the balance when it covers the total', async () => {
    expect(buyer).toBeDefined();
    // The new owner lists it at $5.
    const context = await browser.newContext({ viewport: DESKTOP });
    await storeCredentials(context, buyer.grant);
    const owner = await context.newPage();
    await owner.goto(baseUrl + itemUrl(token));
    await owner.getByTestId('item-price').getByTestId('list-for-sale').click();
    await setPrice(owner, '5');
    await owner.getByTestId('item-price').getByTestId('edit-price').waitFor();
    await context.close();

    // The demo collector, paid for the first sale, buys it back.
    const page = await newPage(browser);
    await signInAsCollector(page, baseUrl, itemUrl(token));
    await page.getByTestId('item-price').getByTestId('buy-now').click();
    await page.waitForURL((url) => url.pathname.startsWith('/listing-checkout/'));
    await page.getByTestId('fee-breakdown').waitFor();
    expect(await page.getByTestId('fee-total').textContent()).toBe('$5.45');
    // The sale's proceeds cover $5: the balance is shown and may be chosen (no card fee then).
    await expect
      .poll(() => page.getByTestId('checkout-balance').textContent())
      .toMatch(/\$[\d,]+\.\d\d available/);
    expect(await page.getByTestId('method-balance').isDisabled()).toBe(false);
    await page.getByTestId('method-balance').check();
    expect(await page.getByTestId('fee-total').textContent()).toBe('$5.00');
    // No card pays, so there is no card fee line (a "Card fee $0.00" read as a charge).
    expect(await page.getByTestId('fee-breakdown').locator('dt').allTextContents()).toEqual([
      'Price',
      'Total',
    ]);
    expect(await page.getByTestId('card-form').count()).toBe(0);

    // By card after all, one that asks for a second step.
    await page.getByTestId('method-card').check();
    await fillCard(page.getByTestId('card-form'), '4000 0027 6000 3184');
    await page.getByTestId('pay').click();
    const action = page.getByTestId('card-action-dialog');
    await action.waitFor();
    expect((await itemAnswer(baseUrl, token)).owner?.username).not.toBe(sellerProfileUrl);
    await action.getByRole('button', { name: 'Complete verification' }).click();
    await page.getByTestId('checkout-success').waitFor();
    expect(await page.getByTestId('receipt-method').textContent()).toBe('Visa •••• 3184');
    expect((await itemAnswer(baseUrl, token)).owner?.username).toBe(sellerProfileUrl);
    await page.context().close();
  });

  it("sells to a collector who pays with Klarna: no card fee, Klarna's own step, then theirs", async () => {
    // The demo collector, who bought it back, lists it again at $5.
    const seller = await newPage(browser);
    await signInAsCollector(seller, baseUrl, itemUrl(token));
    await seller.getByTestId('item-price').getByTestId('list-for-sale').click();
    await setPrice(seller, '5');
    await seller.getByTestId('item-price').getByTestId('edit-price').waitFor();
    await seller.context().close();

    const klarnaBuyer = await apiSignUp(baseUrl, 'klarna-buyer');
    const context = await browser.newContext({ viewport: DESKTOP });
    await storeCredentials(context, klarnaBuyer.grant);
    const page = await context.newPage();
    await page.goto(baseUrl + itemUrl(token));
    await page.getByTestId('item-price').getByTestId('buy-now').click();
    await page.waitForURL((url) => url.pathname.startsWith('/listing-checkout/'));
    await page.getByTestId('fee-breakdown').waitFor();
    expect(await page.getByTestId('fee-total').textContent()).toBe('$5.45');
    await page.getByTestId('method-klarna').check();
    // Klarna is not a card: no card fee, and no card to type.
    expect(await page.getByTestId('fee-total').textContent()).toBe('$5.00');
    expect(await page.getByTestId('card-form').count()).toBe(0);
    expect(await page.getByTestId('pay').textContent()).toBe('Pay $5.00');
    await page.getByTestId('pay').click();

    const step = page.getByTestId('card-action-dialog');
    await step.waitFor();
    expect(await step.textContent()).toContain('Klarna asks you to confirm this payment');
    // Nothing has changed hands before the buyer confirms with Klarna.
    expect((await itemAnswer(baseUrl, token)).owner?.username).toBe(sellerProfileUrl);
    await step.getByRole('button', { name: 'Confirm with Klarna' }).click();
    await page.getByTestId('checkout-success').waitFor();
    expect(await page.getByTestId('receipt-method').textContent()).toBe('Klarna');
    expect((await itemAnswer(baseUrl, token)).owner?.username).toBe(await signedInProfileUrl(page));
    await context.close();
  });
});
