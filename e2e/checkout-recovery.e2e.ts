// Checkout and listing defects found in exploratory QA: a buyer who dismissed the card's verification step and
// pressed Pay again got a dead end ('Complete the card verification…' with no way to do it); the price dialog
// said 'Invalid request' for a price that is too high, and a USD price with a fraction of a cent was listed
// rounded ($0.001 for $0.00); on a phone, an offers table made the page wider than the screen; a payment whose
// answer was lost while the status poll already said paid stayed on an error until Pay was pressed again.
import { describe, expect, inject, it } from 'vitest';
import { apiSignUp, DESKTOP, newPage, storeCredentials } from './support/accounts';
import { useBrowser } from './support/browser';
import { signedInProfileUrl, signInAsCollector } from './support/sign-in';
import {
  apiCall,
  fillCard,
  holdRequests,
  itemAnswer,
  itemUrl,
  type OwnedToken,
  simCardToken,
} from './support/trading';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

/**
 * The demo collector lists one of their unlisted NFTs at $3 through the API (the middle one of their first page:
 * checkout.e2e.ts takes the last, dashboard.e2e.ts and offers.e2e.ts the first).
 */
async function collectorListsOne(): Promise<{
  token: OwnedToken;
  sellerProfileUrl: string;
  listingId: number;
  accessToken: string;
}> {
  const page = await newPage(browser);
  await signInAsCollector(page, baseUrl, '/explore/nfts');
  const sellerProfileUrl = await signedInProfileUrl(page);
  const { token, listingId, accessToken } = await page.evaluate<{
    token: OwnedToken;
    listingId: number;
    accessToken: string;
  }>(`(async () => {
    const auth = { authorization: 'Bearer ' + JSON.parse(localStorage.getItem('credentials')).access_token };
    const res = await fetch('/api/v2/users/${sellerProfileUrl}/nifties/?page_size=48');
    const cards = (await res.json()).results.filter((card) => card.listing === null);
    const card = cards[Math.floor(cards.length / 2)];
    const token = { contractAddress: card.contractAddress, tokenId: card.tokenId };
    const listing = await fetch('/api/v2/listings', {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
      body: JSON.stringify({ ...token, price: { amount: '3', currency: 'USD' } }),
    });
    if (!listing.ok) throw new Error('listing answered ' + listing.status + ' ' + (await listing.text()));
    return { token, listingId: (await listing.json()).id, accessToken: auth.authorization.slice(7) };
  })()`);
  await page.context().close();
  return { token, sellerProfileUrl, listingId, accessToken };
}

/**
 * A new collector at the checkout of a listing of the demo collector's (collectorListsOne), who pressed Pay with
 * the card that asks for its bank's verification: its dialog is open.
 */
async function atCardVerification(slug: string) {
  const listed = await collectorListsOne();
  const { buyer, context, page } = await checkoutOf(listed.token, slug);
  await fillCard(page.getByTestId('card-form'), '4000 0027 6000 3184');
  await page.getByTestId('pay').click();
  const action = page.getByTestId('card-action-dialog');
  await action.waitFor();
  return { listed, buyer, context, page, action };
}

/** A new collector's checkout of `token`'s listing (Buy Now), open on its page. */
async function checkoutOf(token: OwnedToken, label: string, search = '') {
  const buyer = await apiSignUp(baseUrl, label);
  const context = await browser.newContext({ viewport: DESKTOP });
  await storeCredentials(context, buyer.grant);
  const page = await context.newPage();
  await page.goto(baseUrl + itemUrl(token) + search);
  await page.getByTestId('item-price').getByTestId('buy-now').click();
  await page.waitForURL((url) => url.pathname.startsWith('/listing-checkout/'));
  await page.getByTestId('fee-breakdown').waitFor();
  return { buyer, page, context };
}

describe('checkout and listing recovery', () => {
  // QA 2026-12-07: funds added in another tab did not show at the checkout until a reload, so the balance stayed
  // greyed out 'not enough for this'.
  it('keeps the page query parameters, and reads the balance again when the buyer comes back to the tab', async () => {
    const listed = await collectorListsOne();
    const { buyer, context, page } = await checkoutOf(
      listed.token,
      'qa-balance-focus',
      '?utm_source=newsletter&ref=abc',
    );
    // The item page's query parameters came along (QA 2026-12-07: Buy Now dropped them; a drop's Buy kept them).
    const at = new URL(page.url());
    expect([at.searchParams.get('utm_source'), at.searchParams.get('ref')]).toEqual(['newsletter', 'abc']);
    expect(at.searchParams.get('piid')).not.toBeNull();
    expect(await page.getByTestId('checkout-balance').textContent()).toContain('not enough for this');
    expect(await page.getByTestId('method-balance').isDisabled()).toBe(true);
    const token = buyer.grant.access_token;
    await apiCall(baseUrl, token, 'POST', '/v2/balance/deposits', {
      amount_in_cents: 2_000,
      payment_token: await simCardToken(baseUrl, token),
    });
    await page.evaluate("window.dispatchEvent(new Event('focus'))");
    await expect.poll(() => page.getByTestId('checkout-balance').textContent()).toBe(' ($20.00 available)');
    await page.getByTestId('method-balance').check();
    await page.getByTestId('pay').click();
    await page.getByTestId('checkout-success').waitFor({ timeout: 15_000 });
    await context.close();
  });

  it('a dismissed card verification comes back when the buyer presses Pay again, and completes the purchase', async () => {
    const { listed, context, page, action } = await atCardVerification('qa-3ds');
    const token = listed.token;
    await action.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => action.count()).toBe(0);
    // Said, not silent, and the keyboard's place is Pay (UX review, 2026-12-06: nothing said, focus on the page).
    expect(await page.getByTestId('checkout-step-dismissed').textContent()).toContain(
      'Nothing was charged: the card verification was not completed.',
    );
    await expect
      .poll(() => page.evaluate<string | null>("document.activeElement?.getAttribute('data-testid') ?? null"))
      .toBe('pay');
    // Given up, the step no longer holds the listing for other buyers (QA 2026-12-07: 'On Hold' for up to 15
    // minutes, for nobody).
    await expect
      .poll(async () => {
        const res = await fetch(`${baseUrl}/api/v2/listings/${listed.listingId}/hold`);
        return ((await res.json()) as { onHold: boolean }).onHold;
      })
      .toBe(false);

    // Pay again: the verification is offered again (a new one), not a dead end.
    await page.getByTestId('pay').click();
    await action.waitFor();
    await action.getByRole('button', { name: 'Complete verification' }).click();
    await page.getByTestId('checkout-success').waitFor();
    expect((await itemAnswer(baseUrl, token)).owner?.username).not.toBe(listed.sellerProfileUrl);
    await context.close();
  });

  // QA 2026-12-07: after a reload the verification comes back, but the card typed before is gone: dismissed, it said
  // 'Press Pay to verify again', and Pay asked for the card number.
  it('a verification dismissed after a reload asks for the card again, which then pays', async () => {
    const { context, page, action } = await atCardVerification('qa-3ds-reload');
    await page.reload();
    await action.waitFor();
    await action.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => action.count()).toBe(0);
    expect(await page.getByTestId('checkout-step-dismissed').textContent()).toContain(
      'Enter your card again and press Pay, or use another card.',
    );
    await fillCard(page.getByTestId('card-form'), '4242 4242 4242 4242');
    await page.getByTestId('pay').click();
    await page.getByTestId('checkout-success').waitFor({ timeout: 15_000 });
    await context.close();
  });

  // UX walkthrough (2026-12-05): dismissed, then another card typed in: that card pays (it charged the first).
  it('a dismissed card verification followed by another card pays with the card typed in', async () => {
    const { context, page, action } = await atCardVerification('qa-3ds-other-card');
    await action.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => action.count()).toBe(0);

    await fillCard(page.getByTestId('card-form'), '4242 4242 4242 4242');
    await page.getByTestId('pay').click();
    await page.getByTestId('checkout-success').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('receipt-method').textContent()).toContain('4242');
    expect(await action.count()).toBe(0);
    await context.close();
  });

  // Review (2026-12-05, seventh session): another window changed how to pay while the verification was open,
  // which dropped it; Complete verification then ended the checkout ('This purchase can no longer be paid').
  it('a verification dropped by another window brings the form back with the reason, and another card pays', async () => {
    const { buyer, context, page, action } = await atCardVerification('qa-3ds-dropped');

    // Another window of the buyer's switches the purchase to their balance.
    const piid = new URL(page.url()).searchParams.get('piid');
    await apiCall(baseUrl, buyer.grant.access_token, 'PATCH', `/v2/listing-match/${piid}`, {
      payment_method: 'balance',
    });
    await action.getByRole('button', { name: 'Complete verification' }).click();
    await expect.poll(() => action.count()).toBe(0);
    const reason = page.getByTestId('checkout-pay-error');
    await reason.waitFor();
    expect(await reason.textContent()).toContain(
      'This purchase changed while it was being paid. Nothing was charged: review it and pay again.',
    );
    expect(await page.getByTestId('checkout-closed').count()).toBe(0);

    await fillCard(page.getByTestId('card-form'), '4242 4242 4242 4242');
    await page.getByTestId('pay').click();
    await page.getByTestId('checkout-success').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('receipt-method').textContent()).toContain('4242');
    await context.close();
  });

  it("the price dialog shows the API's reason below the field, refuses a fraction of a cent in USD, reads '1,250.50'", async () => {
    // The demo collector's own unlisted NFT (the middle one): nothing below gets listed.
    const page = await newPage(browser);
    await signInAsCollector(page, baseUrl, '/explore/nfts');
    const profileUrl = await signedInProfileUrl(page);
    const own = await page.evaluate<OwnedToken>(`(async () => {
      const res = await fetch('/api/v2/users/${profileUrl}/nifties/?page_size=48');
      const cards = (await res.json()).results.filter((card) => card.listing === null);
      const card = cards[Math.floor(cards.length / 2)];
      return { contractAddress: card.contractAddress, tokenId: card.tokenId };
    })()`);
    await page.goto(baseUrl + itemUrl(own));
    await page.getByTestId('item-price').getByTestId('list-for-sale').click();
    const dialog = page.getByTestId('listing-dialog');
    const field = dialog.getByLabel('Price');
    const fieldError = dialog.getByTestId('field-error-price');

    await field.fill('0.001');
    await dialog.getByRole('button', { name: 'List for sale' }).click();
    await fieldError.waitFor();
    expect(await fieldError.textContent()).toBe('Enter a price like 125 or 12.50');
    expect((await itemAnswer(baseUrl, own)).listing).toBeNull();

    await field.fill('99999999999');
    // Not quoted as it is typed: said to be too high (QA 2026-12-07: 'Buyers pay $99,999,999,999.00').
    await expect
      .poll(() => dialog.getByTestId('price-too-high').textContent())
      .toBe('The price is too high: at most $10,000,000.00');
    expect(await dialog.getByTestId('price-buyers-pay').count()).toBe(0);
    await dialog.getByRole('button', { name: 'List for sale' }).click();
    await expect.poll(() => fieldError.textContent()).toBe('The price is too high: at most $10,000,000.00');
    expect(await dialog.getByTestId('price-too-high').count()).toBe(0);
    expect(await dialog.getByTestId('listing-error').count()).toBe(0);
    expect((await itemAnswer(baseUrl, own)).listing).toBeNull();

    // A comma between groups of three digits is a thousands separator (a decimal comma is refused above):
    // the fee breakdown is for $1,250.50.
    await field.fill('1,250.50');
    await dialog.getByTestId('show-fees').click();
    const fees = page.getByTestId('fee-dialog');
    await expect.poll(() => fees.getByTestId('sale-fee-price').textContent()).toBe('$1,250.50');
    expect(await fieldError.count()).toBe(0);
    await page.context().close();
  });

  // Review (2026-12-05, seventh session): Edit price filled the field with '125.5' for a $125.50 listing.
  it('Edit price fills the field with the price as it is written: 125.50, not 125.5', async () => {
    const listed = await collectorListsOne();
    await apiCall(baseUrl, listed.accessToken, 'PATCH', `/v2/listings/${listed.listingId}`, {
      price: { amount: '125.50', currency: 'USD' },
    });
    const page = await newPage(browser);
    await signInAsCollector(page, baseUrl, itemUrl(listed.token));
    await page.getByTestId('item-price').getByTestId('edit-price').click();
    const field = page.getByTestId('listing-dialog').getByLabel('Price');
    await expect.poll(() => field.inputValue()).toBe('125.50');
    await page.context().close();
  });

  it('an offers table does not make the page wider than a phone screen (My offers)', async () => {
    const { token } = await collectorListsOne();
    const maker = await apiSignUp(baseUrl, 'qa-phone-offers');
    const auth = { authorization: `Bearer ${maker.grant.access_token}`, 'content-type': 'application/json' };
    const card = await fetch(`${baseUrl}/api/sim-card-processor/payment_methods`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' }),
    });
    const paymentToken = ((await card.json()) as { id: string }).id;
    const offer = await fetch(`${baseUrl}/api/v2/offer`, {
      method: 'POST',
      headers: { ...auth, 'idempotency-key': crypto.randomUUID() },
      body: JSON.stringify({
        type: 'offer',
        ...token,
        amount: { amount: '2', currency: 'USD' },
        expiresInDays: 1,
        payment_method: 'stripe_card',
        payment_token: paymentToken,
      }),
    });
    expect(offer.ok, await offer.clone().text()).toBe(true);

    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    await storeCredentials(context, maker.grant);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/account/offers`);
    await page.getByTestId('my-offers-made').waitFor();
    await page.getByTestId('offer-cancel').waitFor();
    // The table scrolls inside its own box; the page itself stays as wide as the screen.
    expect(await page.evaluate<number>('window.innerWidth')).toBe(390);
    await context.close();
  });

  it('a payment whose answer is lost on the way back shows as paid once the status poll says so', async () => {
    const { token } = await collectorListsOne();
    const before = await itemAnswer(baseUrl, token);
    const buyer = await apiSignUp(baseUrl, 'qa-lost-answer');
    const context = await browser.newContext({ viewport: DESKTOP });
    await storeCredentials(context, buyer.grant);
    const page = await context.newPage();
    await page.goto(baseUrl + itemUrl(token));
    await page.getByTestId('item-price').getByTestId('buy-now').click();
    await page.waitForURL((url) => url.pathname.startsWith('/listing-checkout/'));
    await page.getByTestId('fee-breakdown').waitFor();
    // The server takes the payment, but its answer never reaches the page; the status poll, meanwhile, says paid.
    const polledPaid = page.waitForResponse(
      async (res) =>
        /\/api\/v2\/purchase-intent\/\d+\/status/.test(res.url()) &&
        (await res.json().catch(() => null))?.paymentState === 'paid',
      { timeout: 20_000 },
    );
    await page.route(/\/api\/v2\/purchase-intent\/\d+\/pay$/, async (route) => {
      const answer = await route.fetch();
      expect(answer.status()).toBe(200);
      await polledPaid;
      await route.abort('connectionreset');
    });
    await fillCard(page.getByTestId('card-form'));
    await page.getByTestId('pay').click();
    await page.getByTestId('checkout-success').waitFor({ timeout: 20_000 });
    // Paid here, not in another window; no error, no second payment asked for.
    expect(await page.getByTestId('checkout-paid-elsewhere').count()).toBe(0);
    const after = await itemAnswer(baseUrl, token);
    expect({
      listed: after.listing !== null,
      sameOwner: after.owner?.username === before.owner?.username,
    }).toEqual({
      listed: false,
      sameOwner: false,
    });
    await context.close();
  });

  // The answer is lost before the status poll has said anything: the page asks at once whether the payment went
  // through, says it is checking, and never shows the lost answer as an error (which reads as a failed payment).
  it('a payment whose answer is lost shows it is checking, then paid, and never an error', async () => {
    const { token } = await collectorListsOne();
    const buyer = await apiSignUp(baseUrl, 'qa-lost-checking');
    const context = await browser.newContext({ viewport: DESKTOP });
    await storeCredentials(context, buyer.grant);
    const page = await context.newPage();
    await page.goto(baseUrl + itemUrl(token));
    await page.getByTestId('item-price').getByTestId('buy-now').click();
    await page.waitForURL((url) => url.pathname.startsWith('/listing-checkout/'));
    await page.getByTestId('fee-breakdown').waitFor();
    // Every message the form shows, as it shows it.
    await page.evaluate(() => {
      const g = globalThis as unknown as {
        document: { body: unknown; querySelectorAll(s: string): ArrayLike<{ textContent: string | null }> };
        seen: string[];
        MutationObserver: new (
          f: () => void,
        ) => { observe(n: unknown, o: { childList: boolean; subtree: boolean }): void };
      };
      g.seen = [];
      new g.MutationObserver(() => {
        for (const e of Array.from(g.document.querySelectorAll('[data-testid="checkout-pay-error"]')))
          g.seen.push(`error: ${e.textContent}`);
        for (const e of Array.from(g.document.querySelectorAll('[data-testid="checkout-checking"]')))
          g.seen.push(`checking: ${e.textContent}`);
      }).observe(g.document.body, { childList: true, subtree: true });
    });
    await page.route(/\/api\/v2\/purchase-intent\/\d+\/pay$/, async (route) => {
      const answer = await route.fetch();
      expect(answer.status()).toBe(200);
      await route.abort('connectionreset');
    });
    await fillCard(page.getByTestId('card-form'));
    await page.getByTestId('pay').click();
    await page.getByTestId('checkout-success').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('checkout-paid-elsewhere').count()).toBe(0);
    const seen = await page.evaluate<string[]>('globalThis.seen');
    expect(seen.length).toBeGreaterThan(0);
    expect(
      seen.every((m) => m.startsWith('checking: ') && m.includes('We did not hear back about your payment.')),
    ).toBe(true);
    // The receipt of the payment made: the card, its date.
    expect(await page.getByTestId('receipt-method').textContent()).toContain('Visa');
    await page.getByTestId('receipt-date').waitFor();
    await context.close();
  });

  // The answer is lost and the status read asked for at once fails too: the page does not claim the purchase is
  // unpaid (it was paid); it says it does not know yet, keeps polling, and shows the purchase once the poll reads it.
  it('a payment whose answer and first status read are both lost says it does not know yet, then shows it paid', async () => {
    const { token } = await collectorListsOne();
    const buyer = await apiSignUp(baseUrl, 'qa-lost-twice');
    const context = await browser.newContext({ viewport: DESKTOP });
    await storeCredentials(context, buyer.grant);
    const page = await context.newPage();
    await page.goto(baseUrl + itemUrl(token));
    await page.getByTestId('item-price').getByTestId('buy-now').click();
    await page.waitForURL((url) => url.pathname.startsWith('/listing-checkout/'));
    await page.getByTestId('fee-breakdown').waitFor();
    let loseStatus = false;
    await page.route(/\/api\/v2\/purchase-intent\/\d+\/status/, async (route) => {
      if (!loseStatus) return route.continue();
      loseStatus = false;
      await route.abort('connectionreset');
    });
    await page.route(/\/api\/v2\/purchase-intent\/\d+\/pay$/, async (route) => {
      const answer = await route.fetch();
      expect(answer.status()).toBe(200);
      loseStatus = true;
      await route.abort('connectionreset');
    });
    await fillCard(page.getByTestId('card-form'));
    await page.getByTestId('pay').click();
    const error = page.getByTestId('checkout-pay-error');
    await error.waitFor({ timeout: 20_000 });
    expect(await error.textContent()).toContain(
      'We could not confirm your payment yet. This page keeps checking; look in Dashboard → Purchases before you pay again.',
    );
    expect(await error.textContent()).not.toContain('not paid');
    // The next poll (every 5 s) reads it paid: here, not in another window, with its receipt.
    await page.getByTestId('checkout-success').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('checkout-paid-elsewhere').count()).toBe(0);
    expect(await page.getByTestId('receipt-method').textContent()).toContain('Visa');
    await context.close();
  });

  // A server error that took nothing: the status read says unpaid, and the page says so in words, not 'Internal
  // Server Error'; Pay can be pressed again.
  it('a payment answered by a server error says it is not paid, and can be tried again', async () => {
    const { token } = await collectorListsOne();
    const buyer = await apiSignUp(baseUrl, 'qa-pay-500');
    const context = await browser.newContext({ viewport: DESKTOP });
    await storeCredentials(context, buyer.grant);
    const page = await context.newPage();
    await page.goto(baseUrl + itemUrl(token));
    await page.getByTestId('item-price').getByTestId('buy-now').click();
    await page.waitForURL((url) => url.pathname.startsWith('/listing-checkout/'));
    await page.getByTestId('fee-breakdown').waitFor();
    let failed = false;
    await page.route(/\/api\/v2\/purchase-intent\/\d+\/pay$/, async (route) => {
      if (failed) return route.continue();
      failed = true;
      await route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal Server Error' });
    });
    await fillCard(page.getByTestId('card-form'));
    await page.getByTestId('pay').click();
    const error = page.getByTestId('checkout-pay-error');
    await error.waitFor({ timeout: 20_000 });
    expect(await error.textContent()).toContain(
      'We could not confirm your payment, and this purchase is not paid yet. Please try again.',
    );
    expect(await page.getByTestId('pay').isEnabled()).toBe(true);
    await page.getByTestId('pay').click();
    await page.getByTestId('checkout-success').waitFor({ timeout: 20_000 });
    await context.close();
  });

  it('a checkout open while the seller changes the price closes at its next poll, before a card is typed', async () => {
    const listed = await collectorListsOne();
    const buyer = await apiSignUp(baseUrl, 'qa-repriced');
    const context = await browser.newContext({ viewport: DESKTOP });
    await storeCredentials(context, buyer.grant);
    const page = await context.newPage();
    await page.goto(baseUrl + itemUrl(listed.token));
    await page.getByTestId('item-price').getByTestId('buy-now').click();
    await page.waitForURL((url) => url.pathname.startsWith('/listing-checkout/'));
    await page.getByTestId('fee-breakdown').waitFor();
    expect(await page.getByTestId('checkout-held-until').textContent()).toMatch(
      /^This checkout is open until \d{1,2}:\d\d/,
    );
    await apiCall(baseUrl, listed.accessToken, 'PATCH', `/v2/listings/${listed.listingId}`, {
      price: { amount: '4', currency: 'USD' },
    });
    const closed = page.getByTestId('checkout-closed-message');
    await closed.waitFor({ timeout: 20_000 });
    // It says which of the three it was (QA 2026-12-07), with the new price.
    await expect
      .poll(() => closed.textContent(), { timeout: 10_000 })
      .toContain(
        'Its seller changed the price to $4.00 while you were checking out. You have not been charged: go back to the NFT to buy it at the new price.',
      );
    expect(await page.getByTestId('pay').count()).toBe(0);
    await context.close();
  });

  const SOLD_TEXT =
    'This NFT was sold to another collector while you were checking out. You have not been charged.';

  it('a checkout open while the seller withdraws the listing says so at its next poll', async () => {
    const listed = await collectorListsOne();
    const { page, context } = await checkoutOf(listed.token, 'qa-withdrawn');
    await apiCall(baseUrl, listed.accessToken, 'DELETE', `/v2/listings/${listed.listingId}`);
    const closed = page.getByTestId('checkout-closed-message');
    await closed.waitFor({ timeout: 20_000 });
    await expect
      .poll(() => closed.textContent(), { timeout: 10_000 })
      .toContain('Its seller took this NFT off sale while you were checking out. You have not been charged.');
    expect(await page.getByTestId('pay').count()).toBe(0);
    await context.close();
  });

  it('a checkout open while another collector buys the NFT says it was sold, without a reload', async () => {
    const { token } = await collectorListsOne();
    const opened = (label: string) => checkoutOf(token, label);
    const slow = await opened('qa-slow');
    const fast = await opened('qa-fast');
    await fillCard(fast.page.getByTestId('card-form'));
    await fast.page.getByTestId('pay').click();
    await fast.page.getByTestId('checkout-success').waitFor();
    // The first checkout follows its status (polled every 5 s): the NFT is gone, and it says why.
    const closed = slow.page.getByTestId('checkout-closed-message');
    await closed.waitFor({ timeout: 20_000 });
    await expect.poll(() => closed.textContent(), { timeout: 10_000 }).toContain(SOLD_TEXT);
    expect(await slow.page.getByTestId('pay').count()).toBe(0);
    await slow.context.close();
    await fast.context.close();
  });

  // UX review, 2026-12-06: paying a checkout whose NFT another collector had just bought said only 'This purchase can
  // no longer be paid'; the poll's word a moment later said why. The pay answer now says it too.
  it('paying a checkout whose NFT another collector just bought says it was sold', async () => {
    const { token } = await collectorListsOne();
    const opened = (label: string) => checkoutOf(token, label);
    const slow = await opened('qa-slow-pay');
    // Its status poll is held: only the pay answer can tell it.
    holdRequests(slow.page, '**/api/v2/purchase-intent/*/status**');
    const fast = await opened('qa-fast-pay');
    await fillCard(fast.page.getByTestId('card-form'));
    await fast.page.getByTestId('pay').click();
    await fast.page.getByTestId('checkout-success').waitFor();
    await fillCard(slow.page.getByTestId('card-form'));
    await slow.page.getByTestId('pay').click();
    const closed = slow.page.getByTestId('checkout-closed-message');
    await closed.waitFor({ timeout: 20_000 });
    await expect.poll(() => closed.textContent(), { timeout: 10_000 }).toContain(SOLD_TEXT);
    await slow.context.close();
    await fast.context.close();
  });

  // Two windows, each its own Buy Now (two checkouts), one collector: paid in one, the other says they bought it,
  // not that someone else did.
  it('a checkout open while the same collector buys the NFT in another window says they bought it', async () => {
    const { token } = await collectorListsOne();
    const buyer = await apiSignUp(baseUrl, 'qa-two-windows');
    const context = await browser.newContext({ viewport: DESKTOP });
    await storeCredentials(context, buyer.grant);
    const opened = async () => {
      const page = await context.newPage();
      await page.goto(baseUrl + itemUrl(token));
      await page.getByTestId('item-price').getByTestId('buy-now').click();
      await page.waitForURL((url) => url.pathname.startsWith('/listing-checkout/'));
      await page.getByTestId('fee-breakdown').waitFor();
      return page;
    };
    const first = await opened();
    const second = await opened();
    expect(second.url()).not.toBe(first.url());
    await fillCard(second.getByTestId('card-form'));
    await second.getByTestId('pay').click();
    await second.getByTestId('checkout-success').waitFor();
    const closed = first.getByTestId('checkout-closed-message');
    await closed.waitFor({ timeout: 20_000 });
    await expect
      .poll(() => closed.textContent())
      .toContain(
        'You own this NFT now: it is in your collection, and its receipt is in Dashboard → Purchases.',
      );
    expect(await first.getByTestId('checkout-back').textContent()).toBe('View your NFT');
    expect(await first.getByTestId('pay').count()).toBe(0);
    await context.close();
  });
});

// QA 2026-12-07: an owner whose session ended while the price dialog was open pressed List for sale: the dialog closed
// with nothing said, and the page kept its owner's controls for a visitor.
describe('a session that ends on the item page', () => {
  it("asks the owner to sign in when the price is sent, lists nothing, and takes the owner's controls away", async () => {
    const page = await newPage(browser);
    await signInAsCollector(page, baseUrl, '/explore/nfts');
    const profileUrl = await signedInProfileUrl(page);
    // One of the demo collector's unlisted NFTs (the second from last of their first page: nothing is listed here).
    const { token, refreshToken } = await page.evaluate<{
      token: OwnedToken;
      refreshToken: string;
    }>(`(async () => {
      const credentials = JSON.parse(localStorage.getItem('credentials'));
      const res = await fetch('/api/v2/users/${profileUrl}/nifties/?page_size=48');
      const cards = (await res.json()).results.filter((card) => card.listing === null);
      const card = cards[cards.length - 2];
      return {
        token: { contractAddress: card.contractAddress, tokenId: card.tokenId },
        refreshToken: credentials.refresh_token,
      };
    })()`);
    await page.goto(baseUrl + itemUrl(token));
    await page.getByTestId('list-for-sale').click();
    const dialog = page.getByTestId('listing-dialog');
    await dialog.getByLabel('Price').fill('300');
    // Signed out on another device: the whole session is revoked.
    const revoked = await fetch(`${baseUrl}/api/oauth2/revoke-token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify({ token: refreshToken }),
    });
    expect(revoked.status).toBeLessThan(300);
    await dialog.getByRole('button', { name: 'List for sale' }).click();
    await page.getByTestId('auth-modal').waitFor();
    await expect.poll(() => page.getByTestId('list-for-sale').count()).toBe(0);
    expect((await itemAnswer(baseUrl, token)).listing ?? null).toBeNull();
    await page.context().close();
  });
});
