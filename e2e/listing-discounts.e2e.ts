// Listing discounts in real Chromium against the built, seeded server (issue #14, the dashboard's Active
// Discounts): a seller takes a discount off a listing from its item page; a buyer sees the list price struck
// through and pays the price the discount leaves; Active Discounts sets, changes and removes one.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { type ApiUser, apiSignUp, DESKTOP, storeCredentials } from './support/accounts';
import { useBrowser } from './support/browser';
import { apiCall, fillCard, itemUrl, listedTokens, type OwnedToken, simCardToken } from './support/trading';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

async function pageOf(user: ApiUser, viewport = DESKTOP): Promise<Page> {
  const context = await browser.newContext({ viewport });
  await storeCredentials(context, user.grant);
  return context.newPage();
}

/**
 * A new seller who owns `count` NFTs, bought from the seed's listings by balance (from the middle of explore's
 * listed tokens, 24 onwards, that no other file takes; the cheapest first).
 */
async function sellerWithTokens(count: number): Promise<{ seller: ApiUser; tokens: OwnedToken[] }> {
  const seller = await apiSignUp(baseUrl, 'discount-seller');
  const access = seller.grant.access_token;
  const listed = (await listedTokens(baseUrl)).slice(24, 36) as (OwnedToken & {
    priceInCents: number | null;
  })[];
  const cheapest = listed
    .filter((t) => t.priceInCents !== null && t.priceInCents <= 200_000)
    .sort((a, b) => (a.priceInCents ?? 0) - (b.priceInCents ?? 0));
  expect(cheapest.length).toBeGreaterThanOrEqual(count);
  const tokens: OwnedToken[] = [];
  for (const token of cheapest) {
    if (tokens.length === count) break;
    const item = await apiCall<{ listing: { id: number; priceInCents: number } | null }>(
      baseUrl,
      access,
      'GET',
      `/v1/marketplace/items/${token.contractAddress}/${token.tokenId}/`,
    );
    // Explore's list may be a moment behind another file's purchase (CI 2026-12-07: a listing gone by the item's read).
    if (!item.listing) continue;
    await apiCall(baseUrl, access, 'POST', '/v2/balance/deposits', {
      amount_in_cents: item.listing.priceInCents,
      payment_token: await simCardToken(baseUrl, access),
    });
    const match = await apiCall<{ listingMatchId: number }>(baseUrl, access, 'POST', '/v2/listing-match/', {
      listing_id: item.listing.id,
    });
    await apiCall(baseUrl, access, 'POST', `/v2/purchase-intent/${match.listingMatchId}/pay`, {
      payment_method: 'balance',
    });
    tokens.push({ contractAddress: token.contractAddress, tokenId: token.tokenId });
  }
  expect(tokens).toHaveLength(count);
  return { seller, tokens };
}

async function listAt(seller: ApiUser, token: OwnedToken, dollars: string): Promise<void> {
  await apiCall(baseUrl, seller.grant.access_token, 'POST', '/v2/listings', {
    contractAddress: token.contractAddress,
    tokenId: token.tokenId,
    price: { amount: dollars, currency: 'USD' },
  });
}

describe('listing discounts', () => {
  it('the seller sets one on the item page; a buyer sees the list price struck through and pays the price it leaves', {
    timeout: 90_000,
  }, async () => {
    const { seller, tokens } = await sellerWithTokens(1);
    const token = tokens[0] as OwnedToken;
    await listAt(seller, token, '100');
    const page = await pageOf(seller);
    await page.goto(baseUrl + itemUrl(token));
    const price = page.getByTestId('item-price');
    await price.getByTestId('edit-discount').click();
    const dialog = page.getByTestId('discount-dialog');
    await dialog.waitFor();
    expect(await dialog.getByRole('heading').first().textContent()).toBe('Set a discount');
    expect(await dialog.getByTestId('discount-list-price').textContent()).toBe('List price: $100.00');

    // A discount that would leave less than the lowest price is refused at the field, with what is allowed.
    await dialog.getByLabel('Discount (USD)').fill('100');
    await dialog.getByRole('button', { name: 'Save discount' }).click();
    await dialog
      .getByText('A discount must leave a price of $1.00 or more: at most $99.00 off $100.00')
      .waitFor();
    // More than half off is asked about once (QA 2026-12-07: 82 meant as 8.20 saved in one press); another amount
    // is not.
    await dialog.getByLabel('Discount (USD)').fill('82');
    await dialog.getByRole('button', { name: 'Save discount' }).click();
    await expect
      .poll(() => dialog.getByTestId('discount-large-question').textContent())
      .toContain('That is 82% off: buyers pay $18.00. If that is what you meant, press Save discount again.');
    // What buyers will pay shows as the discount is typed.
    await dialog.getByLabel('Discount (USD)').fill('20');
    expect(await dialog.getByTestId('discount-large-question').count()).toBe(0);
    await expect
      .poll(() => dialog.getByTestId('discount-buyers-pay').textContent())
      .toBe('Buyers pay $80.00');
    await dialog.getByRole('button', { name: 'Save discount' }).click();
    await expect.poll(() => dialog.count(), { timeout: 15_000 }).toBe(0);

    const discounted = price.getByTestId('discounted-price');
    await discounted.waitFor({ timeout: 15_000 });
    expect(await price.getByText('Discounted price').count()).toBe(1);
    expect(await discounted.getByTestId('price').first().textContent()).toBe('$80.00');
    expect(await discounted.getByTestId('list-price').textContent()).toBe('List price $100.00');
    expect(await discounted.getByTestId('discount').textContent()).toBe('$20.00 off');
    expect(await price.getByTestId('edit-discount').textContent()).toBe('Edit discount');

    // A new list price keeps the discount, and the price dialog says what buyers will pay.
    await price.getByTestId('edit-price').click();
    const priceDialog = page.getByTestId('listing-dialog');
    await priceDialog.waitFor();
    const note = priceDialog.getByTestId('price-discount-note');
    expect(await note.textContent()).toBe('Your discount of $20.00 stays: buyers pay $80.00.');
    await priceDialog.getByLabel('Price').fill('120');
    await expect.poll(() => note.textContent()).toBe('Your discount of $20.00 stays: buyers pay $100.00.');
    await priceDialog.getByRole('button', { name: 'Save price' }).click();
    await expect.poll(() => priceDialog.count(), { timeout: 15_000 }).toBe(0);
    await expect
      .poll(() => discounted.getByTestId('price').first().textContent(), { timeout: 15_000 })
      .toBe('$100.00');

    // The buyer sees the same, and the checkout charges the discounted price.
    const buyer = await apiSignUp(baseUrl, 'discount-buyer');
    const buyerPage = await pageOf(buyer);
    await buyerPage.goto(baseUrl + itemUrl(token));
    const shown = buyerPage.getByTestId('item-price').getByTestId('discounted-price');
    await shown.waitFor({ timeout: 15_000 });
    expect(await shown.getByTestId('list-price').textContent()).toBe('List price $120.00');
    await buyerPage.getByTestId('item-price').getByTestId('buy-now').click();
    await buyerPage.waitForURL((url) => url.pathname.startsWith('/listing-checkout/'), { timeout: 15_000 });
    const fees = buyerPage.getByTestId('fee-breakdown');
    await fees.waitFor();
    expect(await fees.getByTestId('fee-price').textContent()).toBe('$100.00');
    // The discount the item page showed is said again where the buyer pays (QA 2026-12-07).
    const atCheckout = buyerPage.getByTestId('checkout-discount');
    expect(await atCheckout.getByTestId('list-price').textContent()).toBe('List price $120.00');
    expect(await atCheckout.getByTestId('discount').textContent()).toBe('$20.00 off');
    // The card fee (2.9 % + 30 c) on the price paid, not on the list price.
    expect(await fees.getByTestId('fee-total').textContent()).toBe('$103.20');
    await fillCard(buyerPage.getByTestId('card-form'));
    await buyerPage.getByTestId('pay').click();
    await buyerPage.getByTestId('checkout-success').waitFor({ timeout: 20_000 });
    await page.context().close();
    await buyerPage.context().close();
  });

  it('Active Discounts sets, changes and removes a discount on each listing', {
    timeout: 90_000,
  }, async () => {
    const { seller, tokens } = await sellerWithTokens(1);
    const token = tokens[0] as OwnedToken;
    await listAt(seller, token, '50');
    const page = await pageOf(seller);
    await page.goto(`${baseUrl}/dashboard/active-discounts`);
    const row = page.getByTestId('listing-row');
    await row.waitFor({ timeout: 15_000 });
    await page.getByTestId('discounts-none').waitFor();
    expect(await row.textContent()).toContain('No discount');
    expect(await row.locator('td[data-label="Buyers pay"]').textContent()).toBe('$50.00');

    await row.getByTestId('listing-discount-button').click();
    const dialog = page.getByTestId('discount-dialog');
    await dialog.getByLabel('Discount (USD)').fill('7.50');
    // What the seller receives at the price the discount leaves, as on the item page's dialog.
    await expect
      .poll(() => dialog.getByTestId('discount-fee-price').textContent(), { timeout: 15_000 })
      .toBe('$42.50');
    // The proceeds come from the fee function's answer, after the price line: waited for, not read at once.
    await expect
      .poll(() => dialog.getByTestId('discount-fee-proceeds').textContent(), { timeout: 15_000 })
      .toMatch(/^\$\d/);
    await dialog.getByRole('button', { name: 'Save discount' }).click();
    await expect.poll(() => dialog.count(), { timeout: 15_000 }).toBe(0);
    await expect
      .poll(() => row.locator('td[data-label="Discount"]').textContent(), { timeout: 15_000 })
      .toBe('$7.50');
    expect(await row.locator('td[data-label="Buyers pay"]').textContent()).toBe('$42.50');
    expect(await row.locator('td[data-label="List price"]').textContent()).toBe('$50.00');
    expect(await page.getByTestId('discounts-none').count()).toBe(0);
    // Shown in ETH, the row stays in the listing's dollars and still adds up (as Sales does; review 2026-12-06).
    await page.evaluate("window.localStorage.setItem('displayCurrency', 'ETH')");
    await page.reload();
    await row.waitFor({ timeout: 15_000 });
    expect(await row.locator('td[data-label="List price"]').textContent()).toBe('$50.00');
    expect(await row.locator('td[data-label="Discount"]').textContent()).toBe('$7.50');
    expect(await row.locator('td[data-label="Buyers pay"]').textContent()).toBe('$42.50');
    await page.evaluate("window.localStorage.setItem('displayCurrency', 'USD')");
    await page.reload();
    await row.waitFor({ timeout: 15_000 });

    // Edit: the dialog opens on the discount as it is; Remove puts the list price back.
    expect(await row.getByTestId('listing-discount-button').textContent()).toBe('Edit discount');
    await row.getByTestId('listing-discount-button').click();
    expect(await dialog.getByLabel('Discount (USD)').inputValue()).toBe('7.5');
    await dialog.getByTestId('remove-discount').click();
    await expect.poll(() => dialog.count(), { timeout: 15_000 }).toBe(0);
    await expect
      .poll(() => row.locator('td[data-label="Discount"]').textContent(), { timeout: 15_000 })
      .toBe('No discount');
    expect(await row.locator('td[data-label="Buyers pay"]').textContent()).toBe('$50.00');
    await page.context().close();
  });
});
