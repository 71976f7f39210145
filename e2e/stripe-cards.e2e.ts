// Cards through Stripe in real Chromium (issue #14; decision 009 "Stripe.js"): a server with STRIPE_SECRET_KEY and
// STRIPE_PUBLISHABLE_KEY, whose Stripe is the local fake of Stripe's HTTP API, and pages whose Stripe.js is the
// stand-in of support/fake-stripe-js.ts. The card forms take the card in Stripe's fields, Stripe makes the
// PaymentMethod in the browser, our API only sees its id; a card that needs 3-D Secure passes Stripe's step in the
// page, then the purchase completes. The simulated card processor is never asked.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_STRIPE_KEY, type FakeStripe, startFakeStripe } from '../apps/api/src/testing/fake-stripe';
import { apiSignUp, captchaToken, DESKTOP, type Grant, storeCredentials } from './support/accounts';
import { launchBrowser } from './support/browser';
import { buyOnNiftyPage } from './support/drops';
import { FAKE_PUBLISHABLE_KEY, useFakeStripeJs } from './support/fake-stripe-js';
import { type RunningServer, startServer } from './support/server';
import {
  apiCall,
  itemAnswer,
  itemUrl,
  listedTokens,
  loseFirstAnswer,
  type OwnedToken,
} from './support/trading';

const PURCHASE_FAILED = 'Sorry, we ran into a problem creating your purchase...';
const DEMO_PUBLISHER = { email: 'publisher@vitrine.test', password: 'vitrine-publishes-1' } as const;

let fake: FakeStripe;
let server: RunningServer;
let browser: Browser;
let listed: OwnedToken[] = [];

beforeAll(async () => {
  fake = await startFakeStripe();
  server = await startServer({
    env: {
      RATE_LIMITS: 'relaxed',
      STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
      STRIPE_PUBLISHABLE_KEY: FAKE_PUBLISHABLE_KEY,
      STRIPE_API_BASE: fake.url,
    },
  });
  browser = await launchBrowser();
  listed = await listedTokens(server.url);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.dispose();
  await fake?.close();
});

/** A listed token of this server's seed for one test (distinct per test). */
function take(index: number): OwnedToken {
  const token = listed[index];
  if (!token) throw new Error('not enough listed tokens in the seed');
  return token;
}

/** A new collector's browser, with the stand-in Stripe.js, and every call it makes to the simulated processor. */
async function collector(label: string) {
  const buyer = await apiSignUp(server.url, label);
  const context = await browser.newContext({ viewport: DESKTOP });
  await storeCredentials(context, buyer.grant);
  const stripeJs = await useFakeStripeJs(context, fake);
  const simCalls: string[] = [];
  context.on('request', (request) => {
    if (request.url().includes('/api/sim-card-processor/')) simCalls.push(request.url());
  });
  return { buyer, context, stripeJs, simCalls };
}

/** The checkout of `token`'s listing, open on its page, card chosen. */
async function checkoutOf(context: BrowserContext, token: OwnedToken): Promise<Page> {
  const page = await context.newPage();
  await page.goto(server.url + itemUrl(token));
  await page.getByTestId('item-price').getByTestId('buy-now').click();
  await page.waitForURL((url) => url.pathname.startsWith('/listing-checkout/'));
  await page.getByTestId('fee-breakdown').waitFor();
  await page.getByTestId('method-card').check();
  return page;
}

/** Types a card into Stripe's three fields of `form`. */
async function fillStripeCard(form: Locator, number: string, expiry = '12/34', cvc = '123'): Promise<void> {
  await form.locator('input[name="cardnumber"]').fill(number);
  await form.locator('input[name="exp-date"]').fill(expiry);
  await form.locator('input[name="cvc"]').fill(cvc);
}

/** A drop card of the public drop list (its nifty's edition counts, its price in cents). */
interface DropCard {
  contractAddress: string;
  typeNumber: number;
  nifty: { niftyTotalNumOfEditions: number; niftyTotalSold: number; niftyTotalReserved: number };
  saleDetails: { price: number };
}

const dollars = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** A new collector's checkout of `token`, paid with the card that needs 3-D Secure: its step's dialog open. */
async function atCardStep(label: string, token: OwnedToken) {
  const { context } = await collector(label);
  const page = await checkoutOf(context, token);
  await fillStripeCard(page.getByTestId('card-form'), '4000 0027 6000 3184');
  await page.getByTestId('pay').click();
  const step = page.getByTestId('card-action-dialog');
  await step.waitFor();
  return { context, page, step, bank: page.getByTestId('fake-stripe-3ds') };
}

const ownerOf = async (token: OwnedToken) => (await itemAnswer(server.url, token)).owner?.username ?? null;

describe('cards through Stripe.js', () => {
  it('buys a listed NFT with a card typed in Stripe’s fields: Stripe makes the PaymentMethod, our API charges it', async () => {
    const token = take(0);
    const seller = await ownerOf(token);
    const { context, simCalls } = await collector('stripe-buy');
    const page = await checkoutOf(context, token);
    const form = page.getByTestId('card-form');
    expect(await form.getAttribute('data-card-form')).toBe('stripe');
    // Stripe.js is given the publishable key the server holds, and its three fields are mounted.
    await expect
      .poll(() => page.evaluate('window.__fakeStripe && window.__fakeStripe.mounted.length'))
      .toBe(3);
    expect(await page.evaluate('window.__fakeStripe.keys')).toEqual([FAKE_PUBLISHABLE_KEY]);

    // Pay with the fields unfilled: each says what is missing, and nothing is sent.
    await page.getByTestId('pay').click();
    await form.getByText('Enter the card number').waitFor();
    // The keyboard's place is the first field to fix: Stripe's number field.
    await expect
      .poll(() => page.evaluate("document.activeElement && document.activeElement.getAttribute('name')"))
      .toBe('cardnumber');
    expect(await form.getByText('Enter the expiry as MM/YY').count()).toBe(1);
    expect(await form.getByText('Enter the CVC').count()).toBe(1);
    // Stripe's own message for a field it refuses as typed, at that field; it goes once the field is right.
    await form.locator('input[name="exp-date"]').fill('13/34');
    await page.getByTestId('pay').click();
    await form.getByText("Your card's expiration date is invalid.").waitFor();

    await fillStripeCard(form, '4242 4242 4242 4242');
    await expect.poll(() => form.getByText("Your card's expiration date is invalid.").count()).toBe(0);
    await page.getByTestId('pay').click();
    const success = page.getByTestId('checkout-success');
    await success.waitFor();
    expect(await success.textContent()).toContain('You own it!');
    expect(await success.getByTestId('receipt-method').textContent()).toBe('Visa •••• 4242');
    expect(await ownerOf(token)).not.toBe(seller);

    // Stripe charged a PaymentMethod Stripe.js made, for the total shown; the simulated processor was never asked.
    const total = Number((await success.getByTestId('receipt-total').textContent())?.replace(/[$,.]/g, ''));
    const charged = fake
      .intents()
      .filter((pi) => pi.payment_method?.startsWith('pm_card_visa__') && pi.amount === total);
    expect(charged.map((pi) => pi.status)).toEqual(['succeeded']);
    expect(simCalls).toEqual([]);
    await context.close();
  });

  it('a card Stripe declines shows the purchase error of 000 §8, and nothing changes hands', async () => {
    const token = take(1);
    const seller = await ownerOf(token);
    const { context } = await collector('stripe-decline');
    const page = await checkoutOf(context, token);
    const form = page.getByTestId('card-form');
    // A number Stripe refuses outright: its message at the number field, nothing charged.
    await fillStripeCard(form, '4242 4242 4242 4241');
    await page.getByTestId('pay').click();
    await form.getByText('Your card number is incorrect.').waitFor();
    // Stripe unreachable as it makes the PaymentMethod: said in our words, above the form; nothing was sent.
    await fillStripeCard(form, '4242 4242 4242 4242');
    await page.evaluate("window.__fakeStripe.failNext = 'api_connection_error'");
    await page.getByTestId('pay').click();
    await expect
      .poll(() => page.getByTestId('checkout-pay-error').textContent())
      .toContain('We could not reach the payment processor.');
    expect(await page.getByTestId('checkout-pay-error').textContent()).not.toContain('api.stripe.com');

    await fillStripeCard(form, '4000 0000 0000 0002');
    await page.getByTestId('pay').click();
    const error = page.getByTestId('checkout-pay-error');
    await error.waitFor();
    expect(await error.textContent()).toContain(PURCHASE_FAILED);
    expect(await ownerOf(token)).toBe(seller);
    await context.close();
  });

  it('a card that needs 3-D Secure passes Stripe’s step in the page, then the purchase completes', async () => {
    const token = take(2);
    const seller = await ownerOf(token);
    const { context, page, step, bank } = await atCardStep('stripe-3ds', token);
    expect(await ownerOf(token)).toBe(seller);

    // Failed at the bank: nothing is charged, the checkout is open again and says the card was not accepted.
    await step.getByRole('button', { name: 'Complete verification' }).click();
    await bank.waitFor();
    await bank.getByRole('button', { name: 'Fail' }).click();
    const error = page.getByTestId('checkout-pay-error');
    await error.waitFor();
    expect(await error.textContent()).toContain(PURCHASE_FAILED);
    expect(await ownerOf(token)).toBe(seller);

    // Pay again, and pass the bank's step this time.
    await page.getByTestId('pay').click();
    await step.waitFor();
    await step.getByRole('button', { name: 'Complete verification' }).click();
    await bank.waitFor();
    await bank.getByRole('button', { name: 'Complete' }).click();
    await page.getByTestId('checkout-success').waitFor();
    expect(await page.getByTestId('receipt-method').textContent()).toBe('Visa •••• 3184');
    expect(await ownerOf(token)).not.toBe(seller);
    await context.close();
  });

  it('a checkout read again mid-step (a reload) still runs Stripe’s step with the intent’s client secret', async () => {
    const { context, page, step, bank } = await atCardStep('stripe-reload', take(3));
    await page.reload();
    await step.waitFor();
    await step.getByRole('button', { name: 'Complete verification' }).click();
    await bank.waitFor();
    await bank.getByRole('button', { name: 'Complete' }).click();
    await page.getByTestId('checkout-success').waitFor();
    await context.close();
  });

  it('a step passed whose complete-action answer was lost completes when pressed again (no second bank page)', async () => {
    const { context, page, step, bank } = await atCardStep('stripe-lost-complete', take(5));
    // The connection drops as complete-action leaves: the server never sees it, the step is passed at Stripe.
    let dropped = false;
    await page.route(/\/complete-action$/, (route) => {
      if (dropped) return route.continue();
      dropped = true;
      return route.abort('connectionreset');
    });
    await step.getByRole('button', { name: 'Complete verification' }).click();
    await bank.getByRole('button', { name: 'Complete' }).click();
    await expect.poll(() => dropped).toBe(true);
    // The status read finds the purchase still waiting: the step shows again, and completing it pays.
    await step.getByRole('button', { name: 'Complete verification' }).click();
    await page.getByTestId('checkout-success').waitFor();
    expect(await page.evaluate('window.__fakeStripe.steps.length')).toBe(1);
    await context.close();
  });

  it('after a failed step, a new payment whose answer was lost runs its own step, not the failed one', async () => {
    const { context, page, step, bank } = await atCardStep('stripe-stale-step', take(6));
    await step.getByRole('button', { name: 'Complete verification' }).click();
    await bank.getByRole('button', { name: 'Fail' }).click();
    await page.getByTestId('checkout-pay-error').waitFor();
    // Pay again: the server opens a new step, and its answer never reaches the page.
    const lost = await loseFirstAnswer(page, /\/pay$/);
    await page.getByTestId('pay').click();
    await expect.poll(() => lost.length).toBe(1);
    await step.getByRole('button', { name: 'Complete verification' }).click();
    await bank.getByRole('button', { name: 'Complete' }).click();
    await page.getByTestId('checkout-success').waitFor();
    const steps = (await page.evaluate('window.__fakeStripe.steps')) as string[];
    expect(steps).toHaveLength(2);
    expect(steps[1]).not.toBe(steps[0]);
    await context.close();
  });

  it("buys the rest of a drop's editions by card: 'Only {n} Remaining!' asks before minting the rest", async () => {
    // This server's live fcfs nifty with the fewest editions left; other collectors hold all but 2 of them.
    const drops = (await (await fetch(`${server.url}/api/v1/drops/?status=live&page_size=50`)).json()) as {
      results: { dropType: string; cards: DropCard[] }[];
    };
    const left = (c: DropCard) =>
      c.nifty.niftyTotalNumOfEditions - c.nifty.niftyTotalSold - c.nifty.niftyTotalReserved;
    const cards = drops.results
      .filter((d) => d.dropType === 'fcfs')
      .flatMap((d) => d.cards)
      .filter((c) => c.saleDetails.price > 0 && left(c) > 3)
      .sort((a, b) => left(a) - left(b));
    const card = cards[0];
    if (!card) throw new Error('no live fcfs nifty');
    let toHold = left(card) - 2;
    for (let n = 0; toHold > 0; n += 1) {
      const holder = await apiSignUp(server.url, `stripe-holder-${n}`);
      const held = await apiCall<{ requestedQuantity: number }>(
        server.url,
        holder.grant.access_token,
        'POST',
        '/payments/purchase-intents/',
        {
          contract_address: card.contractAddress,
          nifty_type: card.typeNumber,
          requested_quantity: Math.min(toHold, 10),
        },
      );
      toHold -= held.requestedQuantity;
    }

    const { context } = await collector('stripe-rest');
    const page = await context.newPage();
    const fees = await buyOnNiftyPage(page, server.url, card);
    expect(await page.getByTestId('quantity-limits').textContent()).toContain('Only 2 Remaining!');

    // Asking for more than remain does not change the quantity behind the buyer's back: it asks first.
    const quantity = page.getByTestId('quantity-input');
    const rest = page.getByTestId('quantity-rest');
    await quantity.fill('5');
    await quantity.press('Enter');
    expect(await rest.textContent()).toContain('Only 2 Remaining! You asked for 5.');
    expect(await page.getByTestId('pay').isDisabled()).toBe(true);
    // Keep what was chosen: nothing changes.
    await rest.getByTestId('quantity-rest-cancel').click();
    await expect.poll(() => rest.count()).toBe(0);
    expect(await quantity.inputValue()).toBe('1');
    // Mint the rest: both, at their price, then paid by a card in Stripe's fields.
    await quantity.fill('5');
    await quantity.press('Enter');
    await rest.getByTestId('quantity-rest-confirm').click();
    await expect
      .poll(() => fees.getByTestId('fee-price').textContent())
      .toBe(dollars(card.saleDetails.price * 2));
    await fillStripeCard(page.getByTestId('card-form'), '4242 4242 4242 4242');
    await page.getByTestId('pay').click();
    await page.getByTestId('checkout-success').waitFor();
    expect(await page.getByTestId('checkout-success-text').textContent()).toContain('2 editions of');
    await context.close();
  });

  it('makes an offer backed by a card in Stripe’s fields: Stripe holds the amount, nothing is taken', async () => {
    const token = take(7);
    const { context, simCalls } = await collector('stripe-offer');
    const page = await context.newPage();
    await page.goto(server.url + itemUrl(token));
    await page.getByTestId('item-price').getByTestId('make-offer').click();
    const dialog = page.getByTestId('offer-dialog');
    await dialog.getByLabel('Offer amount (USD)').fill('4.25');
    expect(await dialog.getByTestId('offer-card-form').getAttribute('data-card-form')).toBe('stripe');
    await fillStripeCard(dialog, '4242 4242 4242 4242');
    await dialog.getByRole('button', { name: 'Make offer' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await page.getByTestId('item-offers').getByTestId('offer-row').first().textContent()).toContain(
      '$4.25',
    );
    const held = fake
      .intents()
      .filter((pi) => pi.payment_method?.startsWith('pm_card_visa__') && pi.amount === 425);
    expect(held.map((pi) => pi.status)).toEqual(['requires_capture']);
    expect(simCalls).toEqual([]);
    await context.close();
  });

  it('makes an offer by a card that needs 3-D Secure: Stripe.js runs the step, then the offer opens', async () => {
    const token = take(8);
    const { context, simCalls } = await collector('stripe-offer-3ds');
    const page = await context.newPage();
    await page.goto(server.url + itemUrl(token));
    await page.getByTestId('item-price').getByTestId('make-offer').click();
    const dialog = page.getByTestId('offer-dialog');
    await dialog.getByLabel('Offer amount (USD)').fill('3.75');
    await fillStripeCard(dialog, '4000 0027 6000 3184');
    await dialog.getByRole('button', { name: 'Make offer' }).click();
    const step = page.getByTestId('offer-action-dialog');
    await step.waitFor();
    await step.getByRole('button', { name: 'Complete verification' }).click();
    const bank = page.getByTestId('fake-stripe-3ds');
    await bank.waitFor();
    await bank.getByRole('button', { name: 'Complete' }).click();
    await expect.poll(() => dialog.count(), { timeout: 15_000 }).toBe(0);
    expect(await page.getByTestId('item-offers').getByTestId('offer-row').first().textContent()).toContain(
      '$3.75',
    );
    // Held at Stripe after the bank's step, to be captured only if the offer is accepted.
    const held = fake.intents().filter((pi) => pi.amount === 375);
    expect(held.map((pi) => pi.status)).toEqual(['requires_capture']);
    expect(simCalls).toEqual([]);
    await context.close();
  });

  it("pays a drop's publisher fee by a card that needs 3-D Secure, its step run by Stripe.js", async () => {
    // The demo publisher (atlas) signs in and makes a drop and its fee through the API.
    const login = await fetch(`${server.url}/api/users/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ ...DEMO_PUBLISHER, captchaTokenV3: await captchaToken(server.url) }),
    });
    expect(login.status).toBe(200);
    const grant = ((await login.json()) as { data: Grant }).data;
    const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
    const drop = await apiCall<{ id: number }>(
      server.url,
      grant.access_token,
      'POST',
      '/publisher/atlas/drops',
      {
        title: 'Stripe Fee Garden',
        slug: `stripe-fee-${Date.now()}`,
        introText: 'A drop whose fee is paid through Stripe',
        previewAsset: '/api/media/preview.png',
        coverAsset: '/api/media/cover.png',
        visibleStartDateTime: inHours(2),
        visibleEndDateTime: inHours(50),
      },
    );
    const fee = await apiCall<{ publisherFee: { publisherFeeId: number } }>(
      server.url,
      grant.access_token,
      'POST',
      '/v2/publisher-fee',
      { collection_template: drop.id },
    );
    const feeId = fee.publisherFee.publisherFeeId;

    const context = await browser.newContext({ viewport: DESKTOP });
    await storeCredentials(context, grant);
    await useFakeStripeJs(context, fake);
    const page = await context.newPage();
    await page.goto(`${server.url}/publish-drop/${drop.id}/?piid=${feeId}`);
    const form = page.getByTestId('publish-fee-form');
    await fillStripeCard(form.getByTestId('fee-card-form'), '4000 0027 6000 3184');
    await form.getByTestId('pay-fee-and-publish').click();
    const step = page.getByTestId('fee-card-action-dialog');
    await step.getByRole('button', { name: 'Complete verification' }).click();
    await page.getByTestId('fake-stripe-3ds').getByRole('button', { name: 'Complete' }).click();
    // Paid at Stripe and with us (the empty drop then cannot be published: not this test's subject).
    await expect
      .poll(async () => {
        const read = await apiCall<{ publisherFee: { paymentState: string } }>(
          server.url,
          grant.access_token,
          'GET',
          `/v2/publisher-fee/${feeId}`,
        );
        return read.publisherFee.paymentState;
      })
      .toBe('paid');
    expect(await page.evaluate('window.__fakeStripe.steps.length')).toBe(1);
    await context.close();
  });

  it('adds funds by a card that needs 3-D Secure on the Deposit tab', async () => {
    const { context, simCalls } = await collector('stripe-deposit');
    const page = await context.newPage();
    await page.goto(`${server.url}/dashboard/purchases-sales`);
    await page.getByTestId('dashboard-tab-deposit').click();
    const form = page.getByTestId('add-funds');
    await form.getByLabel('Amount (USD)').fill('25');
    await fillStripeCard(form, '4000 0027 6000 3184');
    await form.getByTestId('add-funds-submit').click();
    const step = page.getByTestId('add-funds-action-dialog');
    await step.waitFor();
    await step.getByRole('button', { name: 'Complete verification' }).click();
    const bank = page.getByTestId('fake-stripe-3ds');
    await bank.waitFor();
    await bank.getByRole('button', { name: 'Complete' }).click();
    await expect
      .poll(() => form.getByTestId('add-funds-done').textContent(), { timeout: 15_000 })
      .toContain('$25.00 added');
    expect(simCalls).toEqual([]);
    await context.close();
  });

  it('says when Stripe.js cannot be loaded, and the form works once it can', async () => {
    const token = take(4);
    const { context, stripeJs } = await collector('stripe-blocked');
    stripeJs.blockScript(true);
    const page = await checkoutOf(context, token);
    const unavailable = page.getByTestId('card-form-unavailable');
    await unavailable.waitFor();
    expect(await unavailable.textContent()).toContain('The card form could not be loaded.');
    stripeJs.blockScript(false);
    await unavailable.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => unavailable.count()).toBe(0);
    await fillStripeCard(page.getByTestId('card-form'), '4242 4242 4242 4242');
    await page.getByTestId('pay').click();
    await page.getByTestId('checkout-success').waitFor();
    await context.close();
  });
});
