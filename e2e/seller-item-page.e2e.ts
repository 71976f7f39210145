// The seller's side of the item page in real Chromium against the built, seeded server: the page follows a sale
// made elsewhere (the 'sold' alert, or a listing write answered 'no longer available'), and the price and
// discount dialogs never let a price change meaning behind the seller's back (currency, cap, decimals, fees).
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { type ApiUser, apiSignUp, DESKTOP, storeCredentials } from './support/accounts';
import { useBrowser } from './support/browser';
import { apiCall, itemUrl, listedTokens, type OwnedToken, simCardToken } from './support/trading';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

async function pageOf(user: ApiUser): Promise<Page> {
  const context = await browser.newContext({ viewport: DESKTOP });
  await storeCredentials(context, user.grant);
  return context.newPage();
}

/** Buys a listed token by balance through the API (a deposit of its price first). */
async function buyByBalance(user: ApiUser, token: OwnedToken): Promise<void> {
  const access = user.grant.access_token;
  const item = await apiCall<{ listing: { id: number; priceInCents: number } }>(
    baseUrl,
    access,
    'GET',
    `/v1/marketplace/items/${token.contractAddress}/${token.tokenId}/`,
  );
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
}

async function listAt(user: ApiUser, token: OwnedToken, amount: string, currency = 'USD'): Promise<void> {
  await apiCall(baseUrl, user.grant.access_token, 'POST', '/v2/listings', {
    contractAddress: token.contractAddress,
    tokenId: token.tokenId,
    price: { amount, currency },
  });
}

// Explore's listed tokens 36 to 39 (no other file takes them): the seller buys them, then lists them again.
let seller: ApiUser;
let buyer: ApiUser;
let tokens: OwnedToken[];

beforeAll(async () => {
  seller = await apiSignUp(baseUrl, 'item-seller');
  buyer = await apiSignUp(baseUrl, 'item-buyer');
  tokens = (await listedTokens(baseUrl))
    .slice(36, 40)
    .map((t) => ({ contractAddress: t.contractAddress, tokenId: t.tokenId }));
  for (const token of tokens) {
    await buyByBalance(seller, token);
    await listAt(seller, token, '100');
  }
}, 120_000);

const token = (index: number) => tokens[index] as OwnedToken;

/** The item owner's profile link (both test users share a display name). */
const ownerLink = (page: Page) => page.getByTestId('item-owner').locator('a').first().getAttribute('href');

async function expectSoldAway(page: Page, ownerBefore: string | null): Promise<void> {
  const price = page.getByTestId('item-price');
  await price.getByText('Not listed').waitFor({ timeout: 10_000 });
  expect(await price.getByTestId('edit-price').count()).toBe(0);
  expect(await price.getByTestId('cancel-listing').count()).toBe(0);
  expect(await ownerLink(page)).not.toBe(ownerBefore);
}

describe("the seller's item page after a sale elsewhere", () => {
  it("reads the item again when the 'sold' alert arrives: new owner, no seller controls", {
    timeout: 90_000,
  }, async () => {
    const page = await pageOf(seller);
    await page.goto(baseUrl + itemUrl(token(0)));
    await page.getByTestId('item-price').getByTestId('edit-price').waitFor();
    const ownerBefore = await ownerLink(page);
    await buyByBalance(buyer, token(0));
    await page.getByTestId('alerts-unread').waitFor({ timeout: 10_000 });
    await expectSoldAway(page, ownerBefore);
    await page.context().close();
  });

  it('reads the item again when Save price is answered "no longer available" (Cancel listing does the same)', {
    timeout: 90_000,
  }, async () => {
    const page = await pageOf(seller);
    // No live events reach this page (no alert): only the listing write's answer says it sold.
    await page.route(/\/api\/v2\/events\//, (route) => route.abort());
    await page.goto(baseUrl + itemUrl(token(1)));
    const price = page.getByTestId('item-price');
    await price.getByTestId('edit-price').waitFor();
    const ownerBefore = await ownerLink(page);
    await buyByBalance(buyer, token(1));
    await price.getByTestId('edit-price').click();
    const dialog = page.getByTestId('listing-dialog');
    await dialog.getByLabel('Price').fill('120');
    await dialog.getByRole('button', { name: 'Save price' }).click();
    await expectSoldAway(page, ownerBefore);
    await page.context().close();
  });
});

async function openPriceDialog(page: Page, index: number) {
  await page.goto(baseUrl + itemUrl(token(index)));
  await page.getByTestId('item-price').getByTestId('edit-price').click();
  const dialog = page.getByTestId('listing-dialog');
  await dialog.waitFor();
  return dialog;
}

describe("the seller's price dialog", () => {
  it('never keeps a typed number under another currency: switching clears the price, focuses it and says why', {
    timeout: 60_000,
  }, async () => {
    const page = await pageOf(seller);
    const listingWrites: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/v2\/listings/.test(request.url()) && request.method() !== 'GET')
        listingWrites.push(request.url());
    });
    const dialog = await openPriceDialog(page, 2);
    const price = dialog.getByLabel('Price');
    const currency = dialog.getByLabel('Currency');
    await price.fill('2');
    expect(await dialog.getByTestId('price-buyers-pay').textContent()).toBe('Buyers pay $2.00');
    await currency.selectOption('ETH');
    // The $2 typed is not offered as 2 ETH (thousands of dollars), nor the other way round.
    expect(await price.inputValue()).toBe('');
    expect(await dialog.getByTestId('price-currency-note').textContent()).toBe(
      "Prices don't carry over between currencies: enter the price in ETH.",
    );
    expect(await page.evaluate<string | null>("document.activeElement?.getAttribute('name') ?? null")).toBe(
      'price',
    );
    expect(await dialog.getByTestId('price-buyers-pay').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Save price' }).click();
    await dialog.getByText('Enter a price', { exact: true }).waitFor();
    expect(listingWrites).toEqual([]);
    // A price typed in ETH says what buyers pay in ETH; back in USD, what was typed in USD comes back.
    await price.fill('2');
    expect(await dialog.getByTestId('price-buyers-pay').textContent()).toBe('Buyers pay 2 ETH');
    await currency.selectOption('USD');
    expect(await price.inputValue()).toBe('2');
    expect(await dialog.getByTestId('price-buyers-pay').textContent()).toBe('Buyers pay $2.00');
    await page.context().close();
  });

  it('an ETH price above the highest price says so at "Fee breakdown at today\'s rate", as Save does', {
    timeout: 60_000,
  }, async () => {
    const page = await pageOf(seller);
    const dialog = await openPriceDialog(page, 2);
    await dialog.getByLabel('Currency').selectOption('ETH');
    await dialog.getByLabel('Price').fill('5000');
    await dialog.getByTestId('show-fees').click();
    await dialog.getByText('The price is too high: at most $10,000,000.00').waitFor();
    expect(await page.getByTestId('fee-dialog').count()).toBe(0);
    // A price within it opens the estimate.
    await dialog.getByLabel('Price').fill('0.5');
    await dialog.getByTestId('show-fees').click();
    await page.getByTestId('fee-dialog').getByTestId('fee-estimate-note').waitFor();
    await page.context().close();
  });

  it('too many ETH decimals get an ETH message, not the dollar hint', { timeout: 60_000 }, async () => {
    const page = await pageOf(seller);
    const dialog = await openPriceDialog(page, 2);
    await dialog.getByLabel('Currency').selectOption('ETH');
    await dialog.getByLabel('Price').fill('0.0000000000000000001');
    await dialog.getByRole('button', { name: 'Save price' }).click();
    await dialog.getByText('Enter a price in ETH like 0.25, with at most 18 decimals').waitFor();
    expect(await dialog.getByText('Enter a price like 125 or 12.50').count()).toBe(0);
    await page.context().close();
  });
});

describe("the seller's discount dialog", () => {
  it('shows what the seller receives at the price the discount leaves, by the fee function of the price dialog', {
    timeout: 60_000,
  }, async () => {
    const page = await pageOf(seller);
    await page.goto(baseUrl + itemUrl(token(3)));
    await page.getByTestId('item-price').getByTestId('edit-discount').click();
    const dialog = page.getByTestId('discount-dialog');
    await dialog.getByLabel('Discount (USD)').fill('10');
    expect(await dialog.getByTestId('discount-buyers-pay').textContent()).toBe('Buyers pay $90.00');
    const expected = await apiCall<{ saleProceedsInfo: { total_amount_seller_would_receive: number } }>(
      baseUrl,
      seller.grant.access_token,
      'POST',
      '/user/sale-proceeds-amount/',
      { contractAddress: token(3).contractAddress, tokenId: token(3).tokenId, saleAmountInCents: 9000 },
    );
    const cents = expected.saleProceedsInfo.total_amount_seller_would_receive;
    const proceeds = dialog.getByTestId('discount-fee-proceeds');
    await expect.poll(() => proceeds.textContent(), { timeout: 10_000 }).toBe(`$${(cents / 100).toFixed(2)}`);
    expect(await dialog.getByTestId('discount-fee-price').textContent()).toBe('$90.00');
    await page.context().close();
  });
});
