// Bidding in real Chromium against the built, seeded server (issue 15, decision 012): a new collector opens
// a live 1/1 auction of the demo seed, presses Place Bid, sees the minimum bid, bids it by card, and finds
// the bid at the top of the /auctionbid/ table (rows 80 px high, the bidder linked to their profile).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiSignUp, DESKTOP, storeCredentials } from './support/accounts';
import { launchBrowser } from './support/browser';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface DropCard {
  contractAddress: string;
  typeNumber: number;
}

/** A live auction nifty (from the public drop list). */
async function liveAuctionNifty(): Promise<DropCard> {
  const response = await fetch(`${baseUrl}/api/v1/drops/?status=live&page_size=50`);
  expect(response.status).toBe(200);
  const body = (await response.json()) as { results: { dropType: string; cards: DropCard[] }[] };
  const cards = body.results.filter((d) => d.dropType === 'auction').flatMap((d) => d.cards);
  expect(cards.length).toBeGreaterThan(0);
  const card = cards[0];
  if (!card) throw new Error('no live auction');
  return card;
}

const dollars = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

describe('bidding on a live auction', () => {
  it('places a bid in the dialog and shows it in the /auctionbid/ table', { timeout: 120_000 }, async () => {
    const card = await liveAuctionNifty();
    const info = await fetch(
      `${baseUrl}/api/v2/bids/info?contractAddress=${card.contractAddress}&niftyType=${card.typeNumber}`,
    );
    expect(info.status).toBe(200);
    const minBid = ((await info.json()) as { bidInfo: { minBid: number } }).bidInfo.minBid;

    const bidder = await apiSignUp(baseUrl, 'bidder');
    const context = await browser.newContext({ viewport: DESKTOP });
    await storeCredentials(context, bidder.grant);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/marketplace/collection/${card.contractAddress}/${card.typeNumber}`);
    await page.getByTestId('place-bid').click();
    const dialog = page.getByTestId('bid-dialog');
    await dialog.waitFor();
    await expect
      .poll(() => dialog.getByTestId('bid-minimum').textContent())
      .toContain(`Minimum Bid: ${dollars(minBid)}`);

    // Below the minimum: refused in the dialog before any call.
    await dialog.getByLabel('Bid amount (USD)').fill(((minBid - 1) / 100).toFixed(2));
    await dialog.getByRole('button', { name: 'Place Bid' }).click();
    await expect.poll(() => dialog.textContent()).toContain(`Minimum Bid: ${dollars(minBid)}`);

    await dialog.getByLabel('Bid amount (USD)').fill((minBid / 100).toFixed(2));
    await dialog.getByTestId('bid-method-card').check();
    const form = dialog.getByTestId('bid-card-form');
    await form.getByLabel('Card number').fill('4242 4242 4242 4242');
    await form.getByLabel('Expiry (MM/YY)').fill('12/34');
    await form.getByLabel('CVC').fill('123');
    await dialog.getByRole('button', { name: 'Place Bid' }).click();
    const result = dialog.getByTestId('bid-result');
    await result.waitFor();
    expect(await result.textContent()).toContain(`Your bid of ${dollars(minBid)} was placed`);

    await page.goto(
      `${baseUrl}/auctionbid/?contractAddress=${card.contractAddress}&niftyType=${card.typeNumber}`,
    );
    const table = page.getByTestId('bid-table');
    await table.waitFor();
    const first = table.getByTestId('bid-row').first();
    expect(await first.getByTestId('bid-amount').textContent()).toBe(dollars(minBid));
    expect((await first.boundingBox())?.height).toBe(80);
    const link = first.getByTestId('bidder-link');
    expect(await link.getAttribute('href')).toMatch(/^\/profile\//);
    await expect.poll(() => page.getByTestId('bid-summary-price').textContent()).toBe(dollars(minBid));
    await context.close();
  });
});
