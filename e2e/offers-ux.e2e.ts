// Offers UX review defects, in real Chromium against the built, seeded server: the Accept offer dialog shows
// what the seller receives (the fee-breakdown dialog's figures, from POST /user/sale-proceeds-amount/); "My
// offers" is usable on a phone (Cancel on screen, no sideways scrolling) and names the edition an offer is
// for; and the available balance the next offer dialog shows follows an offer made from the balance.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { type ApiUser, apiSignUp, DESKTOP, newPage, storeCredentials } from './support/accounts';
import { useBrowser } from './support/browser';
import { signedInProfileUrl, signInAsCollector } from './support/sign-in';
import { apiCall, fillCard, itemUrl, type OwnedToken, simCardToken } from './support/trading';

const baseUrl = inject('baseUrl');
const PHONE = { width: 390, height: 844 };
const browser = useBrowser();

interface Card extends OwnedToken {
  typeNumber: number;
  listing: unknown;
  floorPriceInCents: number | null;
  editionNumber: number;
  name: string;
  owner: { username: string } | null;
  isAcceptingOffers: boolean;
}

const call = <T>(accessToken: string, method: string, path: string, body?: unknown) =>
  apiCall<T>(baseUrl, accessToken, method, path, body);

const simCard = (user: ApiUser) => simCardToken(baseUrl, user.grant.access_token);

/** An offer by card through the API; answers its purchase intent id. */
async function cardOffer(user: ApiUser, token: OwnedToken, amount: string): Promise<number> {
  const answer = await call<{ offer: { purchaseIntentId: number } }>(
    user.grant.access_token,
    'POST',
    '/v2/offer',
    {
      type: 'offer',
      contractAddress: token.contractAddress,
      tokenId: token.tokenId,
      amount: { amount, currency: 'USD' },
      expiresInDays: 3,
      payment_method: 'stripe_card',
      payment_token: await simCard(user),
    },
  );
  return answer.offer.purchaseIntentId;
}

async function signedInPage(user: ApiUser, path: string, viewport = DESKTOP): Promise<Page> {
  const context = await browser.newContext({ viewport });
  await storeCredentials(context, user.grant);
  const page = await context.newPage();
  await page.goto(baseUrl + path);
  return page;
}

/** Two owned editions of one nifty (same contract and type, different edition numbers). */
async function twoEditions(): Promise<[Card, Card]> {
  const response = await fetch(`${baseUrl}/api/v1/explore/nfts/?page_size=48`);
  // Owned, and open to offers (the seed has NFTs whose owner turned them off; which lead the list depends on
  // what other files traded before, so the first pair alone failed when this file ran by itself).
  const cards = ((await response.json()) as { results: Card[] }).results.filter(
    (card) => card.owner && card.isAcceptingOffers,
  );
  for (const a of cards) {
    const b = cards.find(
      (c) =>
        c.contractAddress === a.contractAddress &&
        c.typeNumber === a.typeNumber &&
        c.editionNumber !== a.editionNumber,
    );
    if (b) return [a, b];
  }
  throw new Error('the seed has no nifty with two owned editions');
}

describe('offers UX', () => {
  it('shows the seller what they receive, and the fees, before they accept an offer', {
    timeout: 120_000,
  }, async () => {
    const page = await newPage(browser);
    await signInAsCollector(page, baseUrl, '/explore/nfts');
    const collectorUrl = await signedInProfileUrl(page);
    const accessToken = await page.evaluate<string>(
      "JSON.parse(localStorage.getItem('credentials')).access_token",
    );
    const owned = await call<{ results: Card[] }>(
      accessToken,
      'GET',
      `/v2/users/${collectorUrl}/nifties/?page_size=48`,
    );
    const maker = await apiSignUp(baseUrl, 'accept-proceeds');
    // The first of the collector's NFTs an offer can be made on: another file may have opened a pack of theirs
    // (no offer on an opened pack) or turned offers off, so their first NFT alone failed in some orders.
    let made: { token: Card; offerId: number } | null = null;
    for (const candidate of owned.results.filter((card) => card.isAcceptingOffers)) {
      try {
        made = { token: candidate, offerId: await cardOffer(maker, candidate, '30') };
        break;
      } catch (error) {
        if (!String(error).includes('answered 409')) throw error;
      }
    }
    if (!made) throw new Error('the demo collector owns no NFT an offer can be made on');
    const { token, offerId } = made;
    const expected = await call<{
      saleProceedsInfo: {
        nifty_fee_in_cents: number;
        creator_fee_in_cents: number;
        total_amount_seller_would_receive: number;
      };
    }>(accessToken, 'POST', '/user/sale-proceeds-amount/', {
      contractAddress: token.contractAddress,
      tokenId: token.tokenId,
      saleAmountInCents: 3_000,
    });
    const info = expected.saleProceedsInfo;
    const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;
    expect(info.total_amount_seller_would_receive).toBeLessThan(3_000);

    await page.goto(baseUrl + itemUrl(token));
    const row = page.getByTestId('item-offers').locator('[data-testid="offer-row"]', { hasText: '$30.00' });
    await row.getByTestId('offer-accept').click();
    const dialog = page.getByTestId('accept-bid-dialog');
    await dialog.waitFor();
    // The dialog's own text stays.
    expect(await dialog.textContent()).toContain(
      'The service fee and the creator royalty are taken from the amount.',
    );
    const proceeds = dialog.getByTestId('accept-fee-proceeds');
    await proceeds.waitFor({ timeout: 10_000 });
    await expect.poll(() => proceeds.textContent()).toBe(usd(info.total_amount_seller_would_receive));
    expect(await dialog.getByTestId('accept-fee-service').textContent()).toBe(
      `−${usd(info.nifty_fee_in_cents)}`,
    );
    expect(await dialog.getByTestId('accept-fee-creator').textContent()).toBe(
      `−${usd(info.creator_fee_in_cents)}`,
    );
    expect(await dialog.textContent()).toContain('You receive');
    // The fee line named as in the listing's fee dialog (000 §9).
    expect(await dialog.textContent()).toContain('Service and card fee');
    // Nothing is sold by looking: close it, and withdraw the offer.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await call(maker.grant.access_token, 'DELETE', `/v2/offer?purchase_intent_id=${offerId}`);
    await page.context().close();
  });

  it('My offers on a phone: Cancel is on screen without sideways scrolling, and For names the edition', {
    timeout: 120_000,
  }, async () => {
    const [first, second] = await twoEditions();
    const maker = await apiSignUp(baseUrl, 'my-offers-phone');
    const ids = [await cardOffer(maker, first, '3'), await cardOffer(maker, second, '4')];
    const page = await signedInPage(maker, '/account/offers', PHONE);
    const table = page.getByTestId('my-offers');
    await table.waitFor();
    const rows = table.getByTestId('offer-row');
    await expect.poll(() => rows.count()).toBe(2);

    // Nothing is wider than the phone, and every Cancel lies inside the screen.
    const widths = await page.evaluate<{ doc: number; scroller: number; client: number }>(`(() => {
      const table = document.querySelector('[data-testid="my-offers"]');
      const scroller = table.parentElement;
      return { doc: document.documentElement.scrollWidth, scroller: scroller.scrollWidth, client: scroller.clientWidth };
    })()`);
    expect(widths.doc).toBeLessThanOrEqual(PHONE.width);
    expect(widths.scroller).toBeLessThanOrEqual(widths.client);
    for (const cancel of await table.getByTestId('offer-cancel').all()) {
      const box = await cancel.boundingBox();
      expect(box).not.toBeNull();
      expect((box?.x ?? -1) >= 0).toBe(true);
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
    }
    // The Made tab does not spend room on the viewer's own name.
    expect(await table.getByText(maker.firstName).count()).toBe(0);

    // Each row names its edition: two offers on editions of one nifty read differently.
    const texts = await rows.allTextContents();
    expect(texts.some((text) => text.includes(`#${first.editionNumber}`))).toBe(true);
    expect(texts.some((text) => text.includes(`#${second.editionNumber}`))).toBe(true);

    for (const id of ids)
      await call(maker.grant.access_token, 'DELETE', `/v2/offer?purchase_intent_id=${id}`);
    await page.context().close();
  });

  // QA 2026-12-07: $1,000,001.00 was authorised in one press on an unlisted NFT whose edition's floor is $8.00.
  it('an offer far above the floor of an unlisted NFT is asked about once, then made as typed', {
    timeout: 120_000,
  }, async () => {
    const response = await fetch(`${baseUrl}/api/v1/explore/nfts/?page_size=100`);
    const token = ((await response.json()) as { results: Card[] }).results.find(
      (c) => c.owner && c.isAcceptingOffers && c.listing === null && (c.floorPriceInCents ?? 0) > 0,
    );
    if (!token) throw new Error('the seed has no unlisted NFT with a floor');
    const floor = token.floorPriceInCents ?? 0;
    const user = await apiSignUp(baseUrl, 'offer-typo');
    const page = await signedInPage(user, itemUrl(token));
    const made: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/v2/offer')) made.push(r.url());
    });
    await page.getByTestId('item-price').getByTestId('make-offer').click();
    const dialog = page.getByTestId('offer-dialog');
    const amount = (floor * 10) / 100;
    await dialog.getByLabel('Offer amount (USD)').fill(String(amount));
    await fillCard(dialog);
    await dialog.getByRole('button', { name: 'Make offer' }).click();
    await expect
      .poll(() => dialog.getByTestId('offer-large-question').textContent())
      .toMatch(
        /Your offer of \$[\d,.]+ is 10 times this edition's floor \(\$[\d,.]+\)\. If that is what you meant, press again to make it\.$/,
      );
    await page.waitForTimeout(500);
    expect(made).toEqual([]);
    await dialog.getByRole('button', { name: 'Make offer' }).click();
    await expect.poll(() => dialog.count(), { timeout: 15_000 }).toBe(0);
    expect(made).toHaveLength(1);
    await page.context().close();
  });

  it('the next offer dialog shows the balance the server has after an offer from the balance', {
    timeout: 120_000,
  }, async () => {
    const [token] = await twoEditions();
    const funded = await apiSignUp(baseUrl, 'offer-balance');
    await call(funded.grant.access_token, 'POST', '/v2/balance/deposits', {
      amount_in_cents: 5_000,
      payment_token: await simCard(funded),
    });
    const page = await signedInPage(funded, itemUrl(token));
    // The offers panel loaded (empty or not), so its list follows the offer made below.
    await page.locator('[data-testid="item-offers"], [data-testid="item-offers-empty"]').first().waitFor();
    const dialog = page.getByTestId('offer-dialog');
    await page.getByTestId('item-price').getByTestId('make-offer').click();
    await dialog.waitFor();
    const balanceLabel = dialog.locator('label', { has: page.getByTestId('offer-method-balance') });
    await expect.poll(() => balanceLabel.textContent()).toContain('$50.00 available');
    await dialog.getByLabel('Offer amount (USD)').fill('2.50');
    await dialog.getByTestId('offer-method-balance').click();
    await dialog.getByRole('button', { name: 'Make offer' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    const profile = await call<{ available_balance_in_cents: number }>(
      funded.grant.access_token,
      'GET',
      '/user/profile/',
    );
    expect(profile.available_balance_in_cents).toBe(4_750);

    // The next dialog, on the same page: the server's figure, not the one before the offer.
    await page.getByTestId('item-price').getByTestId('make-offer').click();
    await dialog.waitFor();
    await expect.poll(() => balanceLabel.textContent(), { timeout: 5_000 }).toContain('$47.50 available');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.count()).toBe(0);

    // Cancelling the offer gives the held amount back, and the next dialog says so.
    const row = page.getByTestId('item-offers').locator('[data-testid="offer-row"]', { hasText: '$2.50' });
    await row.getByTestId('offer-cancel').click();
    await page.getByTestId('cancel-offer-dialog').getByRole('button', { name: 'Cancel offer' }).click();
    await expect.poll(() => page.getByTestId('cancel-offer-dialog').count()).toBe(0);
    await page.getByTestId('item-price').getByTestId('make-offer').click();
    await dialog.waitFor();
    await expect.poll(() => balanceLabel.textContent(), { timeout: 5_000 }).toContain('$50.00 available');
    await page.context().close();
  });
});
