// Offers in real Chromium against the built, seeded server (issue #14): a collector makes an offer on an NFT
// by card from its item page, sees it (and the highest offer), is warned on a duplicate, cancels it and makes
// another; a visitor's Make Offer opens the auth modal; the owner, with an authenticator app turned on,
// accepts it through the two-factor step and the NFT moves to the maker. A global offer is made on the
// makeglobaloffer page, and a second one shows the duplicate warning.
import * as OTPAuth from 'otpauth';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  type ApiUser,
  apiSignUp,
  apiVerifyEmail,
  DESKTOP,
  latestMessage,
  newPage,
  refreshSessionNow,
  storeCredentials,
} from './support/accounts';
import { useBrowser } from './support/browser';
import { signedInProfileUrl, signInAsCollector } from './support/sign-in';
import {
  fillCard,
  holdRequests,
  type OwnedToken as ItemToken,
  itemAnswer,
  itemUrl,
  listedTokens,
  loseFirstAnswer,
  simCardToken,
} from './support/trading';

const baseUrl = inject('baseUrl');
const DUPLICATE = 'You have already created an offer for this NFT';
const ACCEPTED = 'Offer successfully accepted!';
const browser = useBrowser();
const dollars = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** An NFT a user owns, with its type number (the global offer page takes it). */
interface OwnedToken extends ItemToken {
  typeNumber: number;
}

/** A JSON call to the API as `user` (an Idempotency-Key on writes); throws on a non-2xx answer. */
async function call<T>(
  user: { grant: { access_token: string } },
  method: string,
  path: string,
  body?: unknown,
) {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${user.grant.access_token}`,
      origin: baseUrl,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(method === 'GET' ? {} : { 'idempotency-key': crypto.randomUUID() }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok)
    throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

async function itemOwner(token: OwnedToken): Promise<string | null> {
  return (await itemAnswer(baseUrl, token)).owner?.username ?? null;
}

/**
 * A fresh seller who owns one NFT: the demo collector lists one of theirs at $2 (in the browser, signed in),
 * and the seller buys it by card through the API.
 */
async function sellerWithToken(): Promise<{ seller: ApiUser; token: OwnedToken; profileUrl: string }> {
  const page = await newPage(browser);
  await signInAsCollector(page, baseUrl, '/explore/nfts');
  const collectorUrl = await signedInProfileUrl(page);
  const listed = await page.evaluate<{ token: OwnedToken; listingId: number }>(`(async () => {
    const auth = { authorization: 'Bearer ' + JSON.parse(localStorage.getItem('credentials')).access_token };
    const res = await fetch('/api/v2/users/${collectorUrl}/nifties/?page_size=48');
    const cards = (await res.json()).results.filter((card) => card.listing === null);
    const card = cards[0];
    const token = { contractAddress: card.contractAddress, tokenId: card.tokenId, typeNumber: card.typeNumber };
    const listing = await fetch('/api/v2/listings', {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
      body: JSON.stringify({ contractAddress: token.contractAddress, tokenId: token.tokenId, price: { amount: '2', currency: 'USD' } }),
    });
    if (!listing.ok) throw new Error('listing answered ' + listing.status + ' ' + (await listing.text()));
    return { token, listingId: (await listing.json()).id };
  })()`);
  await page.context().close();

  const seller = await apiSignUp(baseUrl, 'offer-seller');
  const match = await call<{ purchaseIntent: { purchaseIntentId: number } }>(
    seller,
    'POST',
    '/v2/listing-match/',
    { listing_id: listed.listingId },
  );
  const card = await call<{ id: string }>(seller, 'POST', '/sim-card-processor/payment_methods', {
    number: '4242424242424242',
    exp_month: 12,
    exp_year: 2034,
    cvc: '123',
  });
  const paid = await call<{ paymentState: string }>(
    seller,
    'POST',
    `/v2/purchase-intent/${match.purchaseIntent.purchaseIntentId}/pay`,
    { payment_method: 'stripe_card', payment_token: card.id },
  );
  expect(paid.paymentState).toBe('paid');
  const profile = await call<{ profileUrl: string }>(seller, 'GET', '/user/profile/');
  expect(await itemOwner(listed.token)).toBe(profile.profileUrl);
  return { seller, token: listed.token, profileUrl: profile.profileUrl };
}

/** Turns on the authenticator app for `user` through the API; answers the app. */
async function enrolTotp(user: ApiUser): Promise<OTPAuth.TOTP> {
  await apiVerifyEmail(baseUrl, user.email);
  const enrolment = await call<{ secret: string }>(user, 'POST', '/user/twofa/enroll/', { method: 'totp' });
  const totp = new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(enrolment.secret),
    period: 30,
    digits: 6,
  });
  await call(user, 'POST', '/user/twofa/verifyenrollment/', { auth_code: totp.generate() });
  return totp;
}

async function signedInPage(user: ApiUser, path: string): Promise<Page> {
  const context = await browser.newContext({ viewport: DESKTOP });
  await storeCredentials(context, user.grant);
  const page = await context.newPage();
  await page.goto(baseUrl + path);
  return page;
}

async function makeOffer(page: Page, amount: string, card = '4242 4242 4242 4242'): Promise<void> {
  await page.getByTestId('item-price').getByTestId('make-offer').click();
  const dialog = page.getByTestId('offer-dialog');
  await dialog.waitFor();
  await dialog.getByLabel('Offer amount (USD)').fill(amount);
  // A new account has no balance: the card backs the offer, which lasts 7 days at most (its authorisation lapses).
  expect(await dialog.getByTestId('offer-method-balance').isDisabled()).toBe(true);
  expect(await dialog.getByLabel('Expires after').locator('option').allTextContents()).toEqual([
    '1 day',
    '3 days',
    '7 days',
  ]);
  await dialog.getByLabel('Expires after').selectOption('3');
  await dialog.getByLabel('Card number').fill(card);
  await dialog.getByLabel('Expiry (MM/YY)').fill('12/34');
  await dialog.getByLabel('CVC').fill('123');
  expect(await dialog.getByTestId('offer-fee-note').textContent()).toContain('authorised');
  await dialog.getByRole('button', { name: 'Make offer' }).click();
}

describe('offers', () => {
  let seller: ApiUser;
  let sellerUrl: string;
  let token: OwnedToken;
  let maker: ApiUser;

  beforeAll(async () => {
    ({ seller, token, profileUrl: sellerUrl } = await sellerWithToken());
    maker = await apiSignUp(baseUrl, 'offer-maker');
  });

  it("the owner turns offers off on the item page, and others read 'Not Accepting Offers' until it is on again", {
    timeout: 120_000,
  }, async () => {
    const owner = await signedInPage(seller, itemUrl(token));
    const toggle = owner.getByTestId('accepting-offers');
    await toggle.waitFor();
    expect(await toggle.isChecked()).toBe(true);
    // The owner has no Make Offer of their own.
    expect(await owner.getByTestId('item-price').getByTestId('make-offer').count()).toBe(0);
    await toggle.click();
    try {
      await owner.getByText('Offers are off for this NFT').waitFor();
      await expect.poll(() => toggle.isChecked()).toBe(false);

      const other = await signedInPage(maker, itemUrl(token));
      const price = other.getByTestId('item-price');
      const refused = price.getByTestId('not-accepting-offers');
      await refused.waitFor();
      expect(await refused.isDisabled()).toBe(true);
      expect(await refused.textContent()).toBe('Not Accepting Offers');
      expect(await price.getByTestId('make-offer').count()).toBe(0);
      // An offer on its nifty type is still open to them.
      expect(await price.getByTestId('item-global-offer').count()).toBe(1);

      await toggle.click();
      await owner.getByText('Offers are on for this NFT').waitFor();
      await expect.poll(() => toggle.isChecked()).toBe(true);
      await other.reload();
      await price.getByTestId('make-offer').waitFor();
      expect(await price.getByTestId('not-accepting-offers').count()).toBe(0);
      await other.context().close();

      // Saved, but the item cannot be read again just then: the box keeps what was saved, not what the page had
      // read before.
      const itemRead = /\/api\/v1\/marketplace\/items\//;
      let failedReads = 0;
      await owner.route(itemRead, (route) => {
        failedReads += 1;
        return route.fulfill({ status: 503, body: '{}' });
      });
      await toggle.click();
      // The read and its two retries all failed, and the change is done.
      await expect.poll(() => failedReads, { timeout: 30_000 }).toBe(3);
      await expect.poll(() => toggle.isEnabled()).toBe(true);
      expect(await toggle.isChecked()).toBe(false);
      await owner.unroute(itemRead);
    } finally {
      // The later tests make offers on this NFT: offers on again whatever happened above.
      await call(seller, 'POST', '/user/set-nifty-sm-pref/', {
        contractAddress: token.contractAddress,
        tokenId: token.tokenId,
        isAcceptingOffers: true,
      });
    }
    await owner.context().close();
  });

  // Offers by a card whose bank asks for a verification (3-D Secure) were refused ('offers cannot use' it): the
  // maker is there when the offer is made, so the step is taken then, as at checkout.
  it('makes an offer by a card that asks for its bank’s verification: not made until it is completed', {
    timeout: 180_000,
  }, async () => {
    const own = await sellerWithToken();
    const verifier = await apiSignUp(baseUrl, 'offer-3ds');
    const page = await signedInPage(verifier, itemUrl(own.token));
    await page.getByTestId('item-offers-empty').waitFor();
    const publicOffers = async () => {
      const url = `${baseUrl}/api/v2/offer?contractAddress=${own.token.contractAddress}&tokenId=${own.token.tokenId}`;
      return ((await (await fetch(url)).json()) as { count: number }).count;
    };

    await makeOffer(page, '5', '4000 0027 6000 3184');
    const step = page.getByTestId('offer-action-dialog');
    await step.waitFor();
    expect(await step.textContent()).toContain(
      'Your bank asks you to confirm this payment. Complete the verification to make your offer of $5.00.',
    );
    // Not an offer yet: nobody else sees it.
    expect(await publicOffers()).toBe(0);
    // Closed without completing: not made, and said so, with what was typed still there.
    await step.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => step.count()).toBe(0);
    const dialog = page.getByTestId('offer-dialog');
    await dialog
      .getByText(
        'Your offer was not made: the card verification was not completed. Make the offer again to try once more.',
      )
      .waitFor();
    expect(await dialog.getByLabel('Offer amount (USD)').inputValue()).toBe('5');
    expect(await publicOffers()).toBe(0);

    // Again, completed this time: the offer is made and shows on the item.
    await dialog.getByRole('button', { name: 'Make offer' }).click();
    await step.waitFor();
    await step.getByRole('button', { name: 'Complete verification' }).click();
    await page.getByText('Your offer was made').first().waitFor();
    await expect.poll(() => dialog.count()).toBe(0);
    const rows = page.getByTestId('item-offers').getByTestId('offer-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('$5.00');
    expect(await publicOffers()).toBe(1);
    await page.context().close();
  });

  it('makes an offer by card, shows it, warns on a duplicate, cancels it and makes another', {
    timeout: 180_000,
  }, async () => {
    const page = await signedInPage(maker, itemUrl(token));
    const offers = page.getByTestId('item-offers-empty');
    await offers.waitFor();
    expect(await page.getByTestId('item-highest-offer').textContent()).toContain('No offers yet');

    // An amount that cannot be one is refused in the form.
    await page.getByTestId('item-price').getByTestId('make-offer').click();
    const dialog = page.getByTestId('offer-dialog');
    await dialog.getByLabel('Offer amount (USD)').fill('3,5');
    await dialog.getByRole('button', { name: 'Make offer' }).click();
    await dialog.getByText('Enter an amount like 125 or 12.50').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.count()).toBe(0);

    await makeOffer(page, '3.50');
    await expect.poll(() => dialog.count()).toBe(0);
    const table = page.getByTestId('item-offers');
    await table.waitFor();
    const rows = table.getByTestId('offer-row');
    expect(await rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('$3.50');
    expect(await page.getByTestId('item-highest-offer').textContent()).toContain('$3.50');
    // The maker sees Cancel on their offer, not Accept.
    expect(await rows.first().getByTestId('offer-accept').count()).toBe(0);

    // A second offer on the same NFT: 000 §5's warning toast, and still one offer.
    await makeOffer(page, '4');
    await page.getByText(DUPLICATE).first().waitFor();
    // Said once, in the warning toast: not again as an error in the dialog.
    expect(await dialog.getByText(DUPLICATE).count()).toBe(0);
    // Not a dead end: the dialog says where the offer made can be changed (UX review, 2026-12-06).
    expect(await dialog.getByTestId('offer-duplicate-next').textContent()).toContain(
      'Change or cancel your offer in the Offers list on this page, or under My offers.',
    );
    expect(await dialog.getByRole('link', { name: 'My offers' }).getAttribute('href')).toBe(
      '/account/offers',
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await rows.count()).toBe(1);

    // A card offer's new amount: Edit asks for the card again (a new hold), and the offer shows the new amount.
    await rows.first().getByTestId('offer-edit').click();
    const edit = page.getByTestId('edit-offer-dialog');
    await edit.getByLabel('Offer amount (USD)').fill('4.25');
    await edit.getByTestId('edit-offer-card-note').waitFor();
    await edit.getByRole('button', { name: 'Authorise $4.25' }).click();
    // Without the card: asked for at its fields, nothing sent.
    await edit.getByText('Enter the card number').waitFor();
    await fillCard(edit);
    await edit.getByRole('button', { name: 'Authorise $4.25' }).click();
    await expect.poll(() => edit.count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => rows.first().textContent()).toContain('$4.25');
    expect(await page.getByTestId('item-highest-offer').textContent()).toContain('$4.25');

    // Cancel it: the panel is empty again.
    await rows.first().getByTestId('offer-cancel').click();
    await page.getByTestId('cancel-offer-dialog').getByRole('button', { name: 'Cancel offer' }).click();
    await page.getByTestId('item-offers-empty').waitFor();

    // The offer to accept below, listed under My offers.
    await makeOffer(page, '5');
    await expect.poll(() => rows.count()).toBe(1);
    await page.goto(`${baseUrl}/account/offers`);
    const mine = page.getByTestId('my-offers');
    await mine.waitFor();
    expect(await mine.getByTestId('offer-row').count()).toBe(1);
    expect(await mine.textContent()).toContain('$5.00');
    // What backs it, said beside the amount.
    expect(await mine.getByTestId('offer-backed-by').textContent()).toBe(' · on your card');
    await page.context().close();
  });

  it('edits an offer made from the balance: a bad amount is answered, a good one replaces it', {
    timeout: 180_000,
  }, async () => {
    const funded = await apiSignUp(baseUrl, 'offer-editor');
    const card = await call<{ id: string }>(funded, 'POST', '/sim-card-processor/payment_methods', {
      number: '4242424242424242',
      exp_month: 12,
      exp_year: 2034,
      cvc: '123',
    });
    await call(funded, 'POST', '/v2/balance/deposits', { amount_in_cents: 5_000, payment_token: card.id });
    const page = await signedInPage(funded, itemUrl(token));
    await page.getByTestId('item-offers').waitFor();
    await page.getByTestId('item-price').getByTestId('make-offer').click();
    const dialog = page.getByTestId('offer-dialog');
    // Before an amount is typed the balance may be chosen (greyed out, it read as unusable; UX walkthrough).
    await expect.poll(() => dialog.getByTestId('offer-method-balance').isEnabled()).toBe(true);
    await dialog.getByTestId('offer-method-balance').click();
    // More than the balance: the balance stays chosen (with its longer expiries) and the form says it is short,
    // rather than switching to a card by itself (UX review, 2026-12-06).
    await dialog.getByLabel('Offer amount (USD)').fill('5000');
    expect(await dialog.getByTestId('offer-method-balance').isChecked()).toBe(true);
    expect(await dialog.getByLabel('Expires after').locator('option').allTextContents()).toContain('30 days');
    await dialog.getByRole('button', { name: 'Make offer' }).click();
    await dialog
      .getByText('Your balance ($50.00 available) is not enough for this amount: lower it, or pay by card.')
      .waitFor();
    await dialog.getByLabel('Offer amount (USD)').fill('2.50');
    expect(await dialog.getByTestId('offer-method-balance').isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Make offer' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    const row = page.getByTestId('item-offers').locator('[data-testid="offer-row"]', { hasText: '$2.50' });
    await row.waitFor();
    await row.getByTestId('offer-edit').click();
    const edit = page.getByTestId('edit-offer-dialog');
    expect(await edit.getByLabel('Offer amount (USD)').inputValue()).toBe('2.50');
    await edit.getByLabel('Offer amount (USD)').fill('0');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.getByText('Enter an amount above zero').waitFor();
    // More than the balance holds: the API's answer, in the dialog, and the offer unchanged.
    await edit.getByLabel('Offer amount (USD)').fill('80');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.getByTestId('edit-offer-error').waitFor();
    await edit.getByLabel('Offer amount (USD)').fill('3.25');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => edit.count()).toBe(0);
    await page
      .getByTestId('item-offers')
      .locator('[data-testid="offer-row"]', { hasText: '$3.25' })
      .waitFor();
    expect(
      await page
        .getByTestId('item-offers')
        .locator('[data-testid="offer-row"]', { hasText: '$2.50' })
        .count(),
    ).toBe(0);
    // Withdrawn again, so the other tests see the item's offers as they left them.
    await page
      .getByTestId('item-offers')
      .locator('[data-testid="offer-row"]', { hasText: '$3.25' })
      .getByTestId('offer-cancel')
      .click();
    await page.getByTestId('cancel-offer-dialog').getByRole('button', { name: 'Cancel offer' }).click();
    await expect.poll(() => page.getByTestId('cancel-offer-dialog').count()).toBe(0);
    await page.context().close();
  });

  // An offer at or above the Buy Now price is most likely a typo (1100 for 110): the form says so before it is sent.
  it('points out an offer at or above the Buy Now price, and says nothing below it', async () => {
    // Read only (no offer is made): any listed token of the seed, taken from the middle.
    const listed = (await listedTokens(baseUrl))[20];
    if (!listed) throw new Error('no listed token');
    const price = (await itemAnswer(baseUrl, listed)).listing?.priceInCents;
    if (price === undefined) throw new Error('the token is not listed any more');
    expect(price).toBeGreaterThan(100);
    const maker = await apiSignUp(baseUrl, 'offer-over-buy-now');
    const page = await signedInPage(maker, itemUrl(listed));
    await page.getByTestId('make-offer').click();
    const dialog = page.getByTestId('offer-dialog');
    const amount = dialog.getByLabel('Offer amount (USD)');
    const warning = dialog.getByTestId('offer-over-buy-now');
    await amount.fill(((price - 100) / 100).toFixed(2));
    expect(await warning.count()).toBe(0);
    await amount.fill((price / 100).toFixed(2));
    await warning.waitFor();
    await amount.fill(((price * 10) / 100).toFixed(2));
    expect(await warning.textContent()).toContain(
      `This NFT can be bought now for ${dollars(price)}: your offer is not below that price.`,
    );
    // QA 2026-12-07: an amount above any offer's limit was sent, and the refusal read 'Invalid request'.
    await amount.fill('20000000');
    await dialog.getByRole('button', { name: 'Make offer' }).click();
    await dialog.getByText('The amount is too high: at most $10,000,000.00').waitFor();
    expect(await dialog.getByTestId('offer-error').count()).toBe(0);

    // Changing an offer says it too: a balance offer below the price, its new amount at the price.
    const card = await simCardToken(baseUrl, maker.grant.access_token);
    await call(maker, 'POST', '/v2/balance/deposits', { amount_in_cents: price, payment_token: card });
    await page.reload();
    await page.getByTestId('item-price').getByTestId('make-offer').click();
    await amount.fill(((price - 100) / 100).toFixed(2));
    await dialog.getByTestId('offer-method-balance').click();
    await dialog.getByRole('button', { name: 'Make offer' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    const row = page
      .getByTestId('item-offers')
      .locator('[data-testid="offer-row"]', { hasText: dollars(price - 100) });
    await row.getByTestId('offer-edit').click();
    const edit = page.getByTestId('edit-offer-dialog');
    const editWarning = edit.getByTestId('offer-over-buy-now');
    expect(await editWarning.count()).toBe(0);
    await edit.getByLabel('Offer amount (USD)').fill((price / 100).toFixed(2));
    await editWarning.waitFor();
    expect(await editWarning.textContent()).toContain(`This NFT can be bought now for ${dollars(price)}`);
    // Withdrawn, so the seed's listed token keeps no offer of this test.
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await row.getByTestId('offer-cancel').click();
    await page.getByTestId('cancel-offer-dialog').getByRole('button', { name: 'Cancel offer' }).click();
    await expect.poll(() => row.count()).toBe(0);
    await page.context().close();
  });

  it('opens the auth modal on Make Offer for a visitor, and offers no Accept', async () => {
    expect(token).toBeDefined();
    const visitor = await newPage(browser);
    await visitor.goto(baseUrl + itemUrl(token));
    await visitor.getByTestId('item-offers').waitFor();
    expect(await visitor.getByTestId('offer-accept').count()).toBe(0);
    await visitor.getByTestId('item-price').getByTestId('make-offer').click();
    await visitor.getByTestId('auth-modal').waitFor();
    await visitor.context().close();
  });

  it('lets the owner accept with a two-factor code, and the NFT moves to the maker', {
    timeout: 120_000,
  }, async () => {
    expect(maker).toBeDefined();
    const totp = await enrolTotp(seller);
    const page = await signedInPage(seller, itemUrl(token));
    const row = page.getByTestId('item-offers').getByTestId('offer-row');
    await row.first().waitFor();
    // In the half-width Offers panel the amount and Accept are both in view, not scrolled off its side (UX
    // review, 2026-12-06: Accept read 'Accep', or was out of view, and focusing it hid the amount).
    const inside = async (testId: string) => {
      // The table's scroller: what of the table is in view.
      const panel = await page.getByTestId('item-offers').locator('xpath=..').boundingBox();
      const box = await row.first().getByTestId(testId).boundingBox();
      return panel !== null && box !== null && box.x >= panel.x && box.x + box.width <= panel.x + panel.width;
    };
    await page.setViewportSize({ width: 1024, height: 800 });
    await row.first().getByTestId('offer-accept').focus();
    expect(await inside('offer-accept')).toBe(true);
    expect(await inside('offer-amount')).toBe(true);
    await row.first().getByTestId('offer-accept').click();
    const dialog = page.getByTestId('accept-bid-dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('$5.00');
    await dialog.getByRole('button', { name: 'Accept' }).click();

    // Two-factor is on: the verification step comes first; a wrong code is refused.
    const verify = page.getByTestId('accept-bid-2fa-dialog');
    await verify.waitFor();
    expect(await itemOwner(token)).toBe(sellerUrl);
    // 000 §5: a code shorter than 5 characters, then a wrong one: 'Invalid verification code' both times.
    await verify.getByLabel('Verification code').fill('123');
    await verify.getByRole('button', { name: 'Verify and accept' }).click();
    await verify.getByText('Invalid verification code').waitFor();
    const wrong = String((Number(totp.generate()) + 1) % 1_000_000).padStart(6, '0');
    await verify.getByLabel('Verification code').fill(wrong);
    await expect.poll(() => verify.getByText('Invalid verification code').count()).toBe(0);
    await verify.getByRole('button', { name: 'Verify and accept' }).click();
    await verify.getByText('Invalid verification code').waitFor();
    expect(await itemOwner(token)).toBe(sellerUrl);

    // Until the page reloads, the dialog stays the one for this NFT: the item read again after the sale (the
    // 'sold' alert) once turned it into 'Pick the NFT to sell … You own no NFT this offer can buy' (QA 2026-12-07).
    let sawPicker = false;
    await page.exposeFunction('sawPicker', () => {
      sawPicker = true;
    });
    await page.evaluate(`new MutationObserver(() => {
      if (document.body.textContent.includes('Pick the NFT to sell')) window.sawPicker();
    }).observe(document.body, { childList: true, subtree: true, characterData: true })`);
    // The next window's code: the enrolment's code of this window is spent (no replay), as accounts-2fa does.
    await verify.getByLabel('Verification code').fill(totp.generate({ timestamp: Date.now() + 30_000 }));
    await verify.getByRole('button', { name: 'Verify and accept' }).click();
    await page.getByText(ACCEPTED).waitFor();
    // The page reloads: the maker owns it and the offer is gone.
    await page.waitForEvent('load', { timeout: 10_000 });
    expect(sawPicker).toBe(false);
    await page.getByTestId('item-offers-empty').waitFor();
    // At its top, where the new owner shows (it was restored half-way down while still a skeleton).
    await page.waitForTimeout(500);
    expect(await page.evaluate<number>('window.scrollY')).toBe(0);
    const makerProfile = await call<{ profileUrl: string }>(maker, 'GET', '/user/profile/');
    expect(await itemOwner(token)).toBe(makerProfile.profileUrl);
    await expect
      .poll(async () => (await page.getByTestId('item-owner').textContent()) ?? '')
      .toContain(maker.firstName);
    await page.context().close();
  });

  it('does not sell at an amount the maker changed while the accept dialog was open', {
    timeout: 120_000,
  }, async () => {
    const own = await sellerWithToken();
    const lowerer = await apiSignUp(baseUrl, 'offer-lowerer');
    const card = await simCardToken(baseUrl, lowerer.grant.access_token);
    await call(lowerer, 'POST', '/v2/balance/deposits', { amount_in_cents: 5_000, payment_token: card });
    const made = await call<{ offer: { purchaseIntentId: number } }>(lowerer, 'POST', '/v2/offer', {
      type: 'offer',
      contractAddress: own.token.contractAddress,
      tokenId: own.token.tokenId,
      amount: { amount: '40.00', currency: 'USD' },
      payment_method: 'balance',
    });
    // Listed too: the dialog says accepting sells it for the offer and closes the listing (QA 2026-12-07: a $300
    // listing went for a $30 offer without a word).
    await call(own.seller, 'POST', '/v2/listings', {
      contractAddress: own.token.contractAddress,
      tokenId: own.token.tokenId,
      price: { amount: '300', currency: 'USD' },
    });
    const page = await signedInPage(own.seller, itemUrl(own.token));
    const row = page.getByTestId('item-offers').getByTestId('offer-row');
    await row.first().getByTestId('offer-accept').click();
    const dialog = page.getByTestId('accept-bid-dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('$40.00');
    await expect
      .poll(() => dialog.getByTestId('accept-listed-note').textContent())
      .toContain(
        'This NFT is listed for $300.00: accepting this offer sells it for the offer and closes that listing.',
      );
    // While the owner reads the dialog, the maker lowers the offer to $1.
    await call(lowerer, 'PATCH', `/v2/offer/${made.offer.purchaseIntentId}`, {
      amount: { amount: '1.00', currency: 'USD' },
    });
    await dialog.getByRole('button', { name: 'Accept' }).click();
    // 000 §8's text as it is, and why beneath it.
    const toast = page.getByTestId('toast').filter({ hasText: 'This offer changed after you opened it' });
    await toast.waitFor();
    expect(await toast.locator('p').allTextContents()).toEqual([
      'Error - Bid could not be accepted',
      'This offer changed after you opened it: it is now $1.00. Look at it again before you accept.',
    ]);
    // Nothing was sold; the table shows the offer as it is now.
    await expect.poll(() => dialog.count()).toBe(0);
    await page
      .getByTestId('item-offers')
      .locator('[data-testid="offer-row"]', { hasText: '$1.00' })
      .waitFor();
    expect(await itemOwner(own.token)).toBe(own.profileUrl);
    await page.context().close();
  });

  // QA 2026-12-07: an offer withdrawn while the accept dialog was open stayed in the list with Accept, the dialog
  // saying only 'Error - Bid could not be accepted'.
  it('says so when the maker withdrew the offer while the accept dialog was open, and takes it off the list', {
    timeout: 120_000,
  }, async () => {
    const own = await sellerWithToken();
    const withdrawer = await apiSignUp(baseUrl, 'offer-withdrawer');
    const card = await simCardToken(baseUrl, withdrawer.grant.access_token);
    await call(withdrawer, 'POST', '/v2/balance/deposits', { amount_in_cents: 5_000, payment_token: card });
    const made = await call<{ offer: { purchaseIntentId: number } }>(withdrawer, 'POST', '/v2/offer', {
      type: 'offer',
      contractAddress: own.token.contractAddress,
      tokenId: own.token.tokenId,
      amount: { amount: '30.00', currency: 'USD' },
      payment_method: 'balance',
    });
    const page = await signedInPage(own.seller, itemUrl(own.token));
    const offers = page.getByTestId('item-offers');
    await offers.getByTestId('offer-row').first().getByTestId('offer-accept').click();
    const dialog = page.getByTestId('accept-bid-dialog');
    await dialog.waitFor();
    await call(withdrawer, 'DELETE', `/v2/offer?purchase_intent_id=${made.offer.purchaseIntentId}`);
    await dialog.getByRole('button', { name: 'Accept' }).click();
    const toast = page.getByTestId('toast').filter({ hasText: 'This offer is no longer open' });
    await toast.waitFor();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect
      .poll(() => offers.locator('[data-testid="offer-row"]', { hasText: '$30.00' }).count())
      .toBe(0);
    expect(await itemOwner(own.token)).toBe(own.profileUrl);
    await page.context().close();
  });

  it('sends a new code from the two-factor step of an accept (email), and the new code accepts', {
    timeout: 120_000,
  }, async () => {
    const own = await sellerWithToken();
    await apiVerifyEmail(baseUrl, own.seller.email);
    await call(own.seller, 'POST', '/user/twofa/enroll/', { method: 'email' });
    const enrolCode = (await latestMessage(baseUrl, own.seller.email, 'twofa_enroll')).code ?? '';
    await call(own.seller, 'POST', '/user/twofa/verifyenrollment/', { auth_code: enrolCode });
    const bidder = await apiSignUp(baseUrl, 'offer-resend');
    const card = await simCardToken(baseUrl, bidder.grant.access_token);
    await call(bidder, 'POST', '/v2/balance/deposits', { amount_in_cents: 2_000, payment_token: card });
    await call(bidder, 'POST', '/v2/offer', {
      type: 'offer',
      contractAddress: own.token.contractAddress,
      tokenId: own.token.tokenId,
      amount: { amount: '12.00', currency: 'USD' },
      payment_method: 'balance',
    });
    const page = await signedInPage(own.seller, itemUrl(own.token));
    await page
      .getByTestId('item-offers')
      .getByTestId('offer-row')
      .first()
      .getByTestId('offer-accept')
      .click();
    await page.getByTestId('accept-bid-dialog').getByRole('button', { name: 'Accept' }).click();
    const verify = page.getByTestId('accept-bid-2fa-dialog');
    await verify.waitFor();
    const first = await latestMessage(baseUrl, own.seller.email, 'step_up_code');
    await verify.getByTestId('accept-bid-resend').click();
    await verify.getByTestId('accept-bid-resent').waitFor();
    const second = await latestMessage(baseUrl, own.seller.email, 'step_up_code', first.id);
    expect(second.code).toMatch(/^\d{6}$/);
    await verify.getByLabel('Verification code').fill(second.code ?? '');
    await verify.getByRole('button', { name: 'Verify and accept' }).click();
    await page.getByText(ACCEPTED).waitFor();
    const bidderProfile = await call<{ profileUrl: string }>(bidder, 'GET', '/user/profile/');
    await expect.poll(() => itemOwner(own.token)).toBe(bidderProfile.profileUrl);
    await page.context().close();
  });

  // Review (2026-12-05, seventh session): every signed-in visitor of a work's page saw Accept on its global
  // offers, and the dialog then said they owned nothing it could buy. Only an owner of an edition sees it.
  it('shows Accept on a work’s global offers to an owner of an edition, not to another collector', {
    timeout: 120_000,
  }, async () => {
    const own = await sellerWithToken();
    const bidder = await apiSignUp(baseUrl, 'global-accept');
    const card = await simCardToken(baseUrl, bidder.grant.access_token);
    await call(bidder, 'POST', '/v2/balance/deposits', { amount_in_cents: 2_000, payment_token: card });
    await call(bidder, 'POST', '/v2/offer', {
      type: 'global_offer',
      contractAddress: own.token.contractAddress,
      niftyType: String(own.token.typeNumber),
      amount: { amount: '7.00', currency: 'USD' },
      payment_method: 'balance',
    });
    const workPath = `/marketplace/collection/${own.token.contractAddress}/${own.token.typeNumber}`;
    const bidderRow = (page: Page) =>
      page.getByTestId('global-offers').getByTestId('offer-row').filter({ hasText: '$7.00' });

    const stranger = await apiSignUp(baseUrl, 'global-accept-stranger');
    const strangerPage = await signedInPage(stranger, workPath);
    await bidderRow(strangerPage).first().waitFor();
    // The owner's page below shows Accept once it knows; give this one the same time before reading it.
    await strangerPage.waitForLoadState('networkidle');
    expect(await bidderRow(strangerPage).getByTestId('offer-accept').count()).toBe(0);
    await strangerPage.context().close();

    const ownerPage = await signedInPage(own.seller, workPath);
    await bidderRow(ownerPage).first().getByTestId('offer-accept').waitFor();
    await ownerPage.context().close();
  });

  // Review (2026-12-05, seventh session): switching Made → Received showed the made offers under 'Received'
  // until the received ones came (the last list was kept as a placeholder across tabs).
  it('My offers shows another tab’s list only once it has come, never the last tab’s under its name', async () => {
    const collector = await apiSignUp(baseUrl, 'my-offers-tabs');
    const card = await simCardToken(baseUrl, collector.grant.access_token);
    await call(collector, 'POST', '/v2/balance/deposits', { amount_in_cents: 1_000, payment_token: card });
    await call(collector, 'POST', '/v2/offer', {
      type: 'offer',
      contractAddress: token.contractAddress,
      tokenId: token.tokenId,
      amount: { amount: '3.00', currency: 'USD' },
      payment_method: 'balance',
    });
    const page = await signedInPage(collector, '/account/offers');
    await page.getByTestId('my-offers').getByTestId('offer-row').first().waitFor();
    const { sent, release } = holdRequests(page, /\/api\/v2\/offer\?.*scope=received/);
    await page.getByTestId('my-offers-received').click();
    await sent;
    expect(await page.getByTestId('my-offers').getByTestId('offer-row').count()).toBe(0);
    expect(await page.getByTestId('my-offers-empty').count()).toBe(0);
    release();
    // This collector received no offers.
    await page.getByTestId('my-offers-empty').waitFor();
    await page.context().close();
  });

  // Review (2026-12-05, seventh session): an item's Offers table showed the first 50 and nothing after them.
  it('pages an item’s offers ten at a time', { timeout: 180_000 }, async () => {
    const own = await sellerWithToken();
    for (let i = 0; i < 11; i++) {
      const bidder = await apiSignUp(baseUrl, `offers-page-${i}`);
      const card = await simCardToken(baseUrl, bidder.grant.access_token);
      await call(bidder, 'POST', '/v2/balance/deposits', { amount_in_cents: 10_000, payment_token: card });
      await call(bidder, 'POST', '/v2/offer', {
        type: 'offer',
        contractAddress: own.token.contractAddress,
        tokenId: own.token.tokenId,
        amount: { amount: `${50 + i}.00`, currency: 'USD' },
        payment_method: 'balance',
      });
    }
    const listed = await fetch(
      `${baseUrl}/api/v2/offer?contractAddress=${own.token.contractAddress}&tokenId=${own.token.tokenId}&page_size=1`,
    );
    const total = ((await listed.json()) as { count: number }).count;
    expect(total).toBeGreaterThanOrEqual(11);
    const page = await signedInPage(own.seller, itemUrl(own.token));
    const rows = page.getByTestId('item-offers').getByTestId('offer-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(10);
    // Highest first: the $60.00 offer leads the first page.
    expect(await rows.first().textContent()).toContain('$60.00');
    await page.getByRole('navigation', { name: 'Offer pages' }).getByTestId('pagination-next').click();
    await expect.poll(() => rows.count()).toBe(Math.min(10, total - 10));
    expect(await page.getByTestId('item-offers').textContent()).not.toContain('$60.00');
    await page.context().close();
  });

  // Review (2026-12-05, seventh session): an offer made just after the owner turned offers off made the dialog
  // vanish with no word (the item read again replaced its button with 'Not Accepting Offers').
  it('says why an offer is refused when the owner turned offers off while its dialog was open', {
    timeout: 120_000,
  }, async () => {
    const own = await sellerWithToken();
    const bidder = await apiSignUp(baseUrl, 'offers-turned-off');
    const page = await signedInPage(bidder, itemUrl(own.token));
    await page.getByTestId('item-price').getByTestId('make-offer').waitFor();
    const accepting = (isAcceptingOffers: boolean) =>
      call(own.seller, 'POST', '/user/set-nifty-sm-pref/', {
        contractAddress: own.token.contractAddress,
        tokenId: own.token.tokenId,
        isAcceptingOffers,
      });
    // The dialog is open, an amount typed, when the owner turns offers off.
    await page.getByTestId('item-price').getByTestId('make-offer').click();
    const dialog = page.getByTestId('offer-dialog');
    await dialog.getByLabel('Offer amount (USD)').fill('5');
    await accepting(false);
    try {
      // The page reads the item again on its live update (decision 014): the dialog stays, with what was typed, and
      // says so; the button under it reads 'Not Accepting Offers'.
      await dialog
        .getByTestId('offer-closed')
        .getByText('The owner of this NFT is not accepting offers')
        .waitFor({ timeout: 10_000 });
      expect(await dialog.getByLabel('Offer amount (USD)').inputValue()).toBe('5');
      await page.getByTestId('item-price').getByTestId('not-accepting-offers').waitFor();
      // Sent all the same, it is refused in the same words.
      await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
      await dialog.getByLabel('Expiry (MM/YY)').fill('12/34');
      await dialog.getByLabel('CVC').fill('123');
      await dialog.getByRole('button', { name: 'Make offer' }).click();
      await page
        .getByTestId('toast')
        .filter({ hasText: 'The owner of this NFT is not accepting offers' })
        .waitFor();
    } finally {
      // Other files pick recently traded NFTs to make offers on.
      await accepting(true);
    }
    await page.context().close();
  });

  it('My offers keeps the tab chosen in its address: the page reloaded after an accept stays on Received', async () => {
    const page = await signedInPage(maker, '/account/offers');
    await page.getByTestId('my-offers-received').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('scope')).toBe('received');
    await page.reload();
    await page.getByTestId('my-offers-received').waitFor();
    expect(await page.getByTestId('my-offers-received').getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByTestId('my-offers-made').getAttribute('aria-pressed')).toBe('false');
    await page.context().close();
  });

  it('makes a global offer on a work, and warns on a second one', { timeout: 120_000 }, async () => {
    expect(token).toBeDefined();
    const buyer = await apiSignUp(baseUrl, 'global-offer');
    // Funds enough for the balance to be a choice too.
    await call(buyer, 'POST', '/v2/balance/deposits', {
      amount_in_cents: 2_000,
      payment_token: await simCardToken(baseUrl, buyer.grant.access_token),
    });
    const path = `/makeglobaloffer/?contractAddress=${token.contractAddress}&niftyType=${token.typeNumber}`;
    const page = await signedInPage(buyer, path);
    const place = async (number = '4242 4242 4242 4242') => {
      const form = page.getByTestId('offer-form');
      await form.waitFor();
      await form.getByLabel('Offer amount (USD)').fill('6');
      await form.getByLabel('Card number').fill(number);
      await form.getByLabel('Expiry (MM/YY)').fill('12/34');
      await form.getByLabel('CVC').fill('123');
      await page.getByTestId('global-offer-submit').click();
    };
    // A declined card: said so (an offer is not a purchase: not 000 §8's "creating your purchase"), with the
    // checkout's advice, and no offer.
    await place('4000 0000 0000 0002');
    const declined = page.getByText(
      'Your card was declined. Please check your payment details and try again, or contact support if the problem continues.',
    );
    await declined.waitFor();
    // The keyboard is at the button that sends the offer, not at the top of the page (UX review, 2026-12-06).
    await expect
      .poll(() => page.evaluate("document.activeElement?.getAttribute('data-testid') ?? null"))
      .toBe('global-offer-submit');
    // Another way to pay: the card's refusal no longer stands above the form (UX review, 2026-12-06).
    await page.getByTestId('offer-form').getByLabel('Account balance').check();
    await expect.poll(() => declined.count()).toBe(0);
    await page.getByTestId('offer-form').getByLabel('Credit or debit card').check();
    await place();
    const made = page.getByTestId('global-offer-made');
    await made.waitFor();
    expect(await made.textContent()).toContain('$6.00');

    await page.reload();
    await place();
    await page.getByText(DUPLICATE).first().waitFor();
    expect(await made.count()).toBe(0);
    await page.context().close();
  });

  // UX review, 2026-12-06: the global offer page showed no price to weigh an offer against, and a typo (5000 for
  // 50) went through with no warning, though any owner may accept it at once.
  it('shows the lowest listed price on Make Global Offer and warns of an offer at or above it', {
    timeout: 120_000,
  }, async () => {
    const own = await sellerWithToken();
    await call(own.seller, 'POST', '/v2/listings', {
      contractAddress: own.token.contractAddress,
      tokenId: own.token.tokenId,
      price: { amount: '3', currency: 'USD' },
    });
    const buyer = await apiSignUp(baseUrl, 'global-offer-floor');
    const path = `/makeglobaloffer/?contractAddress=${own.token.contractAddress}&niftyType=${own.token.typeNumber}`;
    const page = await signedInPage(buyer, path);
    const floor = page.getByTestId('global-offer-floor');
    await floor.waitFor();
    expect(await floor.textContent()).toMatch(/^Lowest listed price: \$\d+\.\d\d \(\d+ listed\)\./);
    const form = page.getByTestId('offer-form');
    await form.getByLabel('Offer amount (USD)').fill('5000');
    const warning = form.getByTestId('offer-over-buy-now');
    await warning.waitFor();
    expect(await warning.textContent()).toMatch(
      /An edition of this work can be bought now for \$\d+\.\d\d: your offer is not below that price\./,
    );
    await form.getByLabel('Offer amount (USD)').fill('0.50');
    await expect.poll(() => warning.count()).toBe(0);
    await page.context().close();
  });

  it('a double click on Make Global Offer makes one offer: no duplicate warning', {
    timeout: 120_000,
  }, async () => {
    expect(token).toBeDefined();
    const buyer = await apiSignUp(baseUrl, 'global-offer-double');
    const path = `/makeglobaloffer/?contractAddress=${token.contractAddress}&niftyType=${token.typeNumber}`;
    const page = await signedInPage(buyer, path);
    // Before the guard the second click made a second offer, answered with the duplicate warning.
    const offerCalls: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/v2/offer')
        offerCalls.push(request.url());
    });
    const form = page.getByTestId('offer-form');
    await form.waitFor();
    await form.getByLabel('Offer amount (USD)').fill('7');
    await form.getByLabel('Card number').fill('4242 4242 4242 4242');
    await form.getByLabel('Expiry (MM/YY)').fill('12/34');
    await form.getByLabel('CVC').fill('123');
    await page.getByTestId('global-offer-submit').dblclick();
    const made = page.getByTestId('global-offer-made');
    await made.waitFor();
    expect(await made.textContent()).toContain('$7.00');
    // The second click's offer would leave after the card is tokenised: give it time to show.
    await page.waitForTimeout(1_500);
    expect(await page.getByText(DUPLICATE).count()).toBe(0);
    expect(offerCalls).toHaveLength(1);
    await page.context().close();
  });

  // The answer to Make Global Offer is lost on the way back (the offer was made); the collector presses again.
  // The retry is the same action: same Idempotency-Key and card token, so the API answers the offer it made
  // (decision 007) instead of the duplicate warning.
  it('pressing Make Global Offer again after a lost answer makes one offer and shows it', {
    timeout: 120_000,
  }, async () => {
    expect(token).toBeDefined();
    const buyer = await apiSignUp(baseUrl, 'global-offer-retry');
    const path = `/makeglobaloffer/?contractAddress=${token.contractAddress}&niftyType=${token.typeNumber}`;
    const page = await signedInPage(buyer, path);
    // The server does the work of the first press; its answer never arrives.
    const sent = await loseFirstAnswer(page, /\/api\/v2\/offer$/);
    const form = page.getByTestId('offer-form');
    await form.waitFor();
    await form.getByLabel('Offer amount (USD)').fill('8');
    await form.getByLabel('Card number').fill('4242 4242 4242 4242');
    await form.getByLabel('Expiry (MM/YY)').fill('12/34');
    await form.getByLabel('CVC').fill('123');
    await page.getByTestId('global-offer-submit').click();
    await form.getByTestId('offer-error').waitFor({ timeout: 15_000 });
    await page.getByTestId('global-offer-submit').click();
    const made = page.getByTestId('global-offer-made');
    await made.waitFor({ timeout: 15_000 });
    expect(await made.textContent()).toContain('$8.00');
    expect(await page.getByText(DUPLICATE).count()).toBe(0);
    expect(sent).toHaveLength(2);
    expect(sent[1]?.key).toBe(sent[0]?.key);
    expect(sent[1]?.body).toBe(sent[0]?.body);
    await page.context().close();
  });
  // By balance: the offer made holds its amount, so once the profile is read again (here a session refresh) the
  // balance no longer covers it. The retry must still go by balance, the same action, not turn into a card offer.
  it('a balance offer pressed again after the balance was read anew goes by balance, once', {
    timeout: 120_000,
  }, async () => {
    expect(token).toBeDefined();
    const buyer = await apiSignUp(baseUrl, 'global-offer-retry-balance');
    await call(buyer, 'POST', '/v2/balance/deposits', {
      amount_in_cents: 1_000,
      payment_token: await simCardToken(baseUrl, buyer.grant.access_token),
    });
    const path = `/makeglobaloffer/?contractAddress=${token.contractAddress}&niftyType=${token.typeNumber}`;
    const page = await signedInPage(buyer, path);
    const sent = await loseFirstAnswer(page, /\/api\/v2\/offer$/);
    const form = page.getByTestId('offer-form');
    await form.waitFor();
    await form.getByLabel('Offer amount (USD)').fill('8');
    const byBalance = form.getByTestId('offer-method-balance');
    await expect.poll(() => byBalance.isEnabled()).toBe(true);
    await byBalance.check();
    await page.getByTestId('global-offer-submit').click();
    await form.getByTestId('offer-error').waitFor({ timeout: 15_000 });

    // The session refreshes, and the profile is read again: $2.00 left available.
    await refreshSessionNow(page);
    await expect.poll(() => byBalance.locator('..').textContent()).toContain('$2.00 available');
    expect(await byBalance.isChecked()).toBe(true);
    expect(await form.getByTestId('offer-card-form').count()).toBe(0);

    await page.getByTestId('global-offer-submit').click();
    const made = page.getByTestId('global-offer-made');
    await made.waitFor({ timeout: 15_000 });
    expect(await made.textContent()).toContain('$8.00');
    expect(await page.getByText(DUPLICATE).count()).toBe(0);
    expect(sent).toHaveLength(2);
    expect(sent[1]?.key).toBe(sent[0]?.key);
    expect(sent[1]?.body).toBe(sent[0]?.body);
    await page.context().close();
  });
});
