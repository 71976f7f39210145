// The seed's live drops as the home page's API lists them, for browser tests that need a sale card of a kind.
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

export interface LiveCard {
  dropSlug: string;
  contractAddress: string;
  typeNumber: number;
  saleType: string;
  startDate: string | null;
  endDate: string | null;
}

/**
 * The sale cards of live drops of `dropType` with `saleType`, in the API's order (at least one), leaving out those
 * that close within ten minutes: another test's own drop (`/dev/drawings/live`) may close while this one reads it.
 */
export async function liveCards(baseUrl: string, dropType: string, saleType: string): Promise<LiveCard[]> {
  const response = await fetch(`${baseUrl}/api/v1/drops/?status=live&page_size=50`);
  expect(response.status).toBe(200);
  const body = (await response.json()) as {
    results: { slug: string; dropType: string; cards: Omit<LiveCard, 'dropSlug'>[] }[];
  };
  const cards = body.results
    .filter((d) => d.dropType === dropType)
    .flatMap((d) => d.cards.map((c) => ({ ...c, dropSlug: d.slug })))
    .filter((c) => c.saleType === saleType)
    .filter((c) => c.endDate === null || Date.parse(c.endDate) - Date.now() > 10 * 60_000);
  expect(cards.length).toBeGreaterThan(0);
  return cards;
}

/**
 * On a nifty's page, presses Buy once it reads Buy and waits for the checkout it opens (`/checkout/…`) to show its
 * fee breakdown, which it answers.
 */
export async function buyOnNiftyPage(
  page: Page,
  baseUrl: string,
  nifty: { contractAddress: string; typeNumber: number },
): Promise<Locator> {
  await page.goto(`${baseUrl}/marketplace/collection/${nifty.contractAddress}/${nifty.typeNumber}`);
  const buy = page.getByTestId('buy-editions');
  await expect.poll(() => buy.textContent()).toBe('Buy');
  await buy.click();
  await page.waitForURL((url) => url.pathname.startsWith('/checkout/'));
  const fees = page.getByTestId('fee-breakdown');
  await fees.waitFor();
  return fees;
}
