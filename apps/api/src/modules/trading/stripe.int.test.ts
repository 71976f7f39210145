// Cards through Stripe (decision 009, "Stripe, Klarna, Gemini"): the real app with STRIPE_SECRET_KEY set,
// the official SDK pointed at a local fake of Stripe's HTTP API on loopback (testing/fake-stripe.ts). A
// purchase by card (PaymentIntent authorised, captured after commit, idempotency keys from our intent
// ids), a decline, the 3-D Secure second step (passed and failed), webhooks with a good and a bad
// signature, a replayed event; Klarna and Gemini balance (simulated) at pay.
import { schema } from '@vitrine/db';
import { fixtures } from '@vitrine/db/testing';
import { drawWinners, PAYMENT_PROCESSOR_UNAVAILABLE_MESSAGE, PURCHASE_FAILED_MESSAGE } from '@vitrine/domain';
import type { ListingMatch, PurchaseIntent } from '@vitrine/domain/trading-responses';
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_STRIPE_KEY,
  FAKE_WEBHOOK_SECRET,
  type FakeStripe,
  STRIPE_TEST_PMS,
  startFakeStripe,
} from '../../testing/fake-stripe';
import { type TestApp, testApp } from '../../testing/test-app';
import { auctionNifty, placeBid } from '../bids/bids-helpers';
import { notDrawnMessage } from '../drawings/drawings.service';
import { sessionFor, type TestSession } from '../social/test-session';
import { SIM_EXTERNAL_TOKENS } from './payment-providers';
import { createProcessorCustomers } from './processor-customers';
import { createStripeClient, createStripeProvider } from './stripe-provider';
import {
  accountBalance,
  buyer,
  cardOffer,
  completeIntentAction,
  dropNifty,
  fund,
  ledgerInvariants,
  listedToken,
  listingMatchOf,
  ownerOfToken,
  payIntent,
} from './trading-helpers';

let fake: FakeStripe;
let t: TestApp;
beforeAll(async () => {
  fake = await startFakeStripe();
  t = await testApp({
    seed: false,
    config: { stripe: { secretKey: FAKE_STRIPE_KEY, webhookSecret: FAKE_WEBHOOK_SECRET, apiBase: fake.url } },
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const db = () => t.app.config.database.db;
const signer = new Stripe(FAKE_STRIPE_KEY);

const match = (s: TestSession, listingId: number) => listingMatchOf(t.app, s, listingId);

const pay = (s: TestSession, id: number, payload: Record<string, unknown>) =>
  payIntent(t.app, s, id, payload);

const completeAction = (s: TestSession, id: number) => completeIntentAction(t.app, s, id);

async function intentRow(id: number) {
  const [row] = await db().select().from(schema.purchaseIntents).where(eq(schema.purchaseIntents.id, id));
  return row;
}

const ownerOf = (tokenRowId: number) => ownerOfToken(db(), tokenRowId);

let made = 0;
/** A PaymentMethod as Stripe.js makes one in the buyer's browser for a test card: a new id, used as the buyer pays. */
const browserPm = (card: keyof typeof STRIPE_TEST_PMS) => `${STRIPE_TEST_PMS[card]}__browser${++made}`;

/** Delivers a webhook as Stripe would: the exact bytes, signed with the endpoint's secret (or not). */
function webhook(payload: string, secret = FAKE_WEBHOOK_SECRET) {
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret }),
    },
    payload,
  });
}

describe('Stripe card payments (PaymentIntents on the fake)', () => {
  it('is the card provider when STRIPE_SECRET_KEY is set', () => {
    expect(t.app.services.payments.stripe).not.toBeNull();
    expect(t.app.services.payments.card).not.toBe(t.app.services.cardProcessor.provider);
  });

  // Security review, 2026-12-06: the simulated processor's card form took full card numbers (and its tokens paid
  // nothing) beside the real Stripe. With Stripe the card is tokenised by Stripe, never posted to our API.
  it('does not offer the simulated processor’s card form (no card number reaches the API)', async () => {
    const b = await buyer(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sim-card-processor/payment_methods',
      headers: b.headers,
      payload: { number: '4242424242424242', exp_month: 1, exp_year: 2031, cvc: '999' },
    });
    expect(res.statusCode).toBe(404);
  });

  it('buys by card: a manual-capture PaymentIntent authorised, the purchase commits, then it is captured', async () => {
    const { token, listing } = await listedToken(t.app, { priceInCents: 12_500 });
    const b = await buyer(t.app);
    const m = await match(b, listing.id);
    const res = await pay(b, m.listingMatchId, { payment_token: STRIPE_TEST_PMS.succeeds });
    expect(res.statusCode, res.body).toBe(200);
    // The card that paid, from the PaymentIntent's payment method (brand and last four only).
    expect(res.json()).toMatchObject({ paymentState: 'paid', paymentCard: { brand: 'Visa', last4: '4242' } });
    expect(await ownerOf(token.id)).toBe(b.userId);

    const row = await intentRow(m.listingMatchId);
    expect(row?.providerReference).toMatch(/^pi_fake_/);
    expect(row?.capturedAt).not.toBeNull();
    const pi = fake.intent(row?.providerReference ?? '');
    // 12 500 + card fee 2.9 % + 30 c = 12 893, in cents, captured.
    expect(pi).toMatchObject({
      status: 'succeeded',
      amount: 12_893,
      amount_received: 12_893,
      currency: 'usd',
      capture_method: 'manual',
      metadata: { reference: `purchase_intent:${m.listingMatchId}` },
    });
    // The create's idempotency key derived from our intent id, the card (as attached to the buyer's customer: a
    // test id attaches as a new PaymentMethod) and the amount; the capture sent once.
    expect(pi?.payment_method).toMatch(new RegExp(`^${STRIPE_TEST_PMS.succeeds}__att_`));
    const posts = fake.requests().filter((r) => r.method === 'POST');
    expect(posts.map((r) => r.idempotencyKey)).toContain(
      `purchase_intent:${m.listingMatchId}:authorize:${pi?.payment_method}:USD:12893`,
    );
    expect(posts.filter((r) => r.path === `/v1/payment_intents/${pi?.id}/capture`)).toHaveLength(1);

    // Paying again answers the paid intent; no second PaymentIntent.
    const again = await pay(b, m.listingMatchId, { payment_token: STRIPE_TEST_PMS.succeeds });
    expect(again.json()).toMatchObject({ paymentState: 'paid' });
    expect(
      fake.intents().filter((p) => p.metadata.reference === `purchase_intent:${m.listingMatchId}`),
    ).toHaveLength(1);
    expect(await ledgerInvariants(db())).toMatchObject({
      unbalancedTransactions: 0,
      holdsBeyondBalance: 0,
      negativeBalances: 0,
    });
  });

  it('a declined card (402 card_error from Stripe) changes nothing and answers 000 §8 purchase failure', async () => {
    const { token, listing, seller } = await listedToken(t.app);
    const b = await buyer(t.app);
    const m = await match(b, listing.id);
    const res = await pay(b, m.listingMatchId, { payment_token: STRIPE_TEST_PMS.declines });
    expect(res.statusCode, res.body).toBe(402);
    expect(res.json()).toMatchObject({ errorType: 'card_declined', message: PURCHASE_FAILED_MESSAGE });
    expect(await ownerOf(token.id)).toBe(seller.userId);
    expect((await intentRow(m.listingMatchId))?.paymentState).toBe('pending');

    // Then a good card pays: a new PaymentIntent (another key), captured.
    const ok = await pay(b, m.listingMatchId, { payment_token: STRIPE_TEST_PMS.succeeds });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await ownerOf(token.id)).toBe(b.userId);
  });

  it('a card that needs 3-D Secure: requires_action with Stripe’s next action, the buyer passes it, complete-action pays', async () => {
    const { token, listing, seller } = await listedToken(t.app);
    const b = await buyer(t.app);
    const m = await match(b, listing.id);
    const first = await pay(b, m.listingMatchId, { payment_token: STRIPE_TEST_PMS.requiresAction });
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json() as { paymentState: string; nextAction: { type: string; url: string } };
    expect(body).toMatchObject({ paymentState: 'requires_action', nextAction: { type: 'redirect_to_url' } });
    expect(body.nextAction.url).toContain(`${fake.url}/fake/3ds/pi_fake_`);

    // Stripe.js runs the step in the buyer's browser with the PaymentIntent's client secret: the pay answer carries
    // it, and so does the checkout's read of its intent (a reload mid-step), not the 5 s status poll.
    const ref0 = (await intentRow(m.listingMatchId))?.providerReference ?? '';
    const secret = fake.intent(ref0)?.client_secret;
    expect(secret).toMatch(/^pi_fake_\w+_secret_\w+$/);
    expect((body.nextAction as { clientSecret?: string }).clientSecret).toBe(secret);
    // Read again (a reload mid-step), and polled: no call to Stripe for either (the step is kept since it waited).
    const retrievesBefore = fake.requests().filter((r) => r.method === 'GET').length;
    const waiting = { paymentState: 'requires_action', nextAction: { clientSecret: secret } };
    const reads = await Promise.all(
      [
        `/api/payments/purchase-intents/?id=${m.listingMatchId}`,
        `/api/v2/listing-match/${m.listingMatchId}`,
      ].map((url) => t.app.inject({ method: 'GET', url, headers: b.headers })),
    );
    expect(reads[0]?.json()).toMatchObject(waiting);
    expect(reads[1]?.json()).toMatchObject({ purchaseIntent: waiting });
    const polled = await t.app.inject({
      method: 'GET',
      url: `/api/v2/purchase-intent/${m.listingMatchId}/status?tokenId=${token.tokenId}`,
      headers: b.headers,
    });
    expect(polled.statusCode, polled.body).toBe(200);
    expect(polled.body).not.toContain('_secret_');
    expect(fake.requests().filter((r) => r.method === 'GET').length).toBe(retrievesBefore);
    // Another API process, which did not see the step wait, asks Stripe once, then keeps it.
    const other = createStripeProvider(
      createStripeClient({ secretKey: FAKE_STRIPE_KEY, apiBase: fake.url }),
      {
        warn: () => undefined,
        error: () => undefined,
      },
      createProcessorCustomers(db(), t.clock),
    );
    const retrievesOf = () =>
      fake.requests().filter((r) => r.method === 'GET' && r.path.endsWith(ref0)).length;
    const seen = retrievesOf();
    expect(await other.nextActionOf?.(ref0)).toMatchObject({ clientSecret: secret });
    expect(await other.nextActionOf?.(ref0)).toMatchObject({ clientSecret: secret });
    expect(retrievesOf()).toBe(seen + 1);

    // Not passed yet: complete-action still waits (409), nothing delivered.
    const early = await completeAction(b, m.listingMatchId);
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json()).toMatchObject({ errorType: 'payment-requires-action' });
    expect(await ownerOf(token.id)).toBe(seller.userId);

    // The buyer's browser passes the challenge at Stripe.
    const passed = await fetch(body.nextAction.url, { method: 'POST' });
    expect(passed.status).toBe(200);
    const done = await completeAction(b, m.listingMatchId);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      paymentState: 'paid',
      nextAction: null,
      paymentCard: { brand: 'Visa', last4: '3184' },
    });
    expect(await ownerOf(token.id)).toBe(b.userId);
    const ref = (await intentRow(m.listingMatchId))?.providerReference ?? '';
    expect(fake.intent(ref)?.status).toBe('succeeded');
  });

  it('a failed 3-D Secure never delivers: complete-action answers the decline and the intent is open again', async () => {
    const { token, listing, seller } = await listedToken(t.app);
    const b = await buyer(t.app);
    const m = await match(b, listing.id);
    await pay(b, m.listingMatchId, { payment_token: STRIPE_TEST_PMS.requiresAction });
    const ref = (await intentRow(m.listingMatchId))?.providerReference ?? '';
    fake.authenticate(ref, 'fail');
    const done = await completeAction(b, m.listingMatchId);
    expect(done.statusCode, done.body).toBe(402);
    expect(await ownerOf(token.id)).toBe(seller.userId);
    expect(await intentRow(m.listingMatchId)).toMatchObject({
      paymentState: 'pending',
      providerReference: null,
    });
  });

  // Money review 2026-12-06 (suspected, confirmed here): the same card sent again after a failed step replayed the
  // PaymentIntent that failed (the same idempotency key), which reads as declined: that card could never pay for
  // that checkout again, though the step may only have been mistyped.
  // Stripe refuses a PaymentMethod used once without a customer (review, 2026-12-07: on the fake, which did not, the
  // same card paid again; on Stripe it would have been refused). Each buyer's cards are attached to their customer.
  it('after a failed 3-D Secure the same card pays again: a new PaymentIntent, its own step', async () => {
    const { listing } = await listedToken(t.app);
    const b = await buyer(t.app);
    const m = await match(b, listing.id);
    const card = browserPm('requiresAction');
    await pay(b, m.listingMatchId, { payment_token: card });
    const failed = (await intentRow(m.listingMatchId))?.providerReference ?? '';
    fake.authenticate(failed, 'fail');
    expect((await completeAction(b, m.listingMatchId)).statusCode).toBe(402);

    const again = await pay(b, m.listingMatchId, { payment_token: card });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ paymentState: 'requires_action' });
    const second = (await intentRow(m.listingMatchId))?.providerReference ?? '';
    expect(second).not.toBe(failed);
    expect(fake.intent(failed)?.status).toBe('canceled');
    fake.authenticate(second, 'pass');
    const done = await completeAction(b, m.listingMatchId);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ paymentState: 'paid' });
  });

  it('a drop checkout whose quantity changed after a failed 3-D Secure pays again with the same card', async () => {
    const { nifty } = await dropNifty(t.app, { editionSize: 10, priceInCents: 1_000 });
    const b = await buyer(t.app);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/payments/purchase-intents/',
      headers: b.headers,
      payload: {
        contract_address: nifty.contractAddress,
        nifty_type: nifty.typeNumber,
        requested_quantity: 1,
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = (created.json() as PurchaseIntent).purchaseIntentId;
    const card = browserPm('requiresAction');
    const first = await pay(b, id, { payment_token: card });
    expect(first.json()).toMatchObject({ paymentState: 'requires_action' });
    fake.authenticate((await intentRow(id))?.providerReference ?? '', 'fail');
    expect((await completeAction(b, id)).statusCode).toBe(402);
    const two = await t.app.inject({
      method: 'PATCH',
      url: '/api/payments/purchase-intents/',
      headers: b.headers,
      payload: { purchase_intent_id: id, requested_quantity: 2 },
    });
    expect(two.statusCode, two.body).toBe(200);
    // The same card again, for the new total: a new PaymentIntent of that amount, not Stripe's refusal of a key
    // used again with another amount.
    const again = await pay(b, id, { payment_token: card });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ paymentState: 'requires_action' });
    const ref = (await intentRow(id))?.providerReference ?? '';
    const total = (two.json() as PurchaseIntent).quotes.find(
      (q) => q.paymentMethod === 'stripe_card',
    )?.totalInCents;
    expect(fake.intent(ref)?.amount).toBe(total);
  });

  it("another buyer's card does not pay: it belongs to the customer of the buyer who paid with it first", async () => {
    const card = browserPm('succeeds');
    const first = await listedToken(t.app);
    const a = await buyer(t.app);
    const ma = await match(a, first.listing.id);
    expect((await pay(a, ma.listingMatchId, { payment_token: card })).json()).toMatchObject({
      paymentState: 'paid',
    });
    const customer = fake.customerOf(card);
    expect(customer).toMatch(/^cus_fake_/);
    expect(fake.intent((await intentRow(ma.listingMatchId))?.providerReference ?? '')?.customer).toBe(
      customer,
    );

    const second = await listedToken(t.app);
    const b = await buyer(t.app);
    const mb = await match(b, second.listing.id);
    const stolen = await pay(b, mb.listingMatchId, { payment_token: card });
    expect(stolen.statusCode, stolen.body).toBe(402);
    expect(stolen.json()).toMatchObject({ message: PURCHASE_FAILED_MESSAGE });
    expect(await ownerOf(second.token.id)).not.toBe(b.userId);
    // a's own card pays for a again (a second purchase with the same PaymentMethod).
    const third = await listedToken(t.app);
    const ma2 = await match(a, third.listing.id);
    expect((await pay(a, ma2.listingMatchId, { payment_token: card })).json()).toMatchObject({
      paymentState: 'paid',
    });
  });

  // Review 2026-12-07: Stripe checks a card as it is attached; its decline escaped as a bad request with Stripe's text.
  it('a card declined as it is attached to the buyer answers 000 §8 purchase failure', async () => {
    const { token, listing, seller } = await listedToken(t.app);
    const b = await buyer(t.app);
    const m = await match(b, listing.id);
    const res = await pay(b, m.listingMatchId, { payment_token: browserPm('declines') });
    expect(res.statusCode, res.body).toBe(402);
    expect(res.json()).toMatchObject({ errorType: 'card_declined', message: PURCHASE_FAILED_MESSAGE });
    expect(await ownerOf(token.id)).toBe(seller.userId);
  });

  it('a customer deleted at Stripe: the buyer’s next card payment makes a new one', async () => {
    const a = await buyer(t.app);
    const first = await listedToken(t.app);
    const card = browserPm('succeeds');
    const m1 = await match(a, first.listing.id);
    expect((await pay(a, m1.listingMatchId, { payment_token: card })).json()).toMatchObject({
      paymentState: 'paid',
    });
    const gone = fake.customerOf(card) ?? '';
    fake.deleteCustomer(gone);
    const second = await listedToken(t.app);
    const m2 = await match(a, second.listing.id);
    const again = await pay(a, m2.listingMatchId, { payment_token: browserPm('succeeds') });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ paymentState: 'paid' });
    const customer = fake.intent((await intentRow(m2.listingMatchId))?.providerReference ?? '')?.customer;
    expect(customer).toMatch(/^cus_fake_/);
    expect(customer).not.toBe(gone);
  });

  it('switching away from a card waiting for 3-D Secure cancels its PaymentIntent (void)', async () => {
    const { listing } = await listedToken(t.app);
    const b = await buyer(t.app);
    const m = await match(b, listing.id);
    await pay(b, m.listingMatchId, { payment_token: STRIPE_TEST_PMS.requiresAction });
    const ref = (await intentRow(m.listingMatchId))?.providerReference ?? '';
    await fund(db(), b.userId, 100_000, t.clock.now());
    const res = await pay(b, m.listingMatchId, { payment_method: 'balance' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ paymentState: 'paid', paymentMethod: 'balance' });
    expect(fake.intent(ref)?.status).toBe('canceled');
  });
});

describe('Stripe failing (a review of the processor failure paths, 2026-12-05)', () => {
  /** Two minutes on: past the grace the sweep leaves a request still at work. */
  const sweep = async () => {
    t.clock.advance(2 * 60_000);
    await t.app.services.trading.captureDue();
    await t.app.services.trading.releaseDue();
  };

  // Review 2026-12-07: a customer's creation was keyed by the user: one 500 from Stripe was replayed to every card
  // payment of theirs for a day.
  it('Stripe failing to make a buyer’s customer once does not refuse their next payment', async () => {
    const { listing } = await listedToken(t.app);
    const b = await buyer(t.app);
    const m = await match(b, listing.id);
    // One 500, which the SDK's own retries (under its key for the call) are answered again.
    fake.failNext('/v1/customers');
    const failed = await pay(b, m.listingMatchId, { payment_token: STRIPE_TEST_PMS.succeeds });
    expect(failed.statusCode, failed.body).toBe(503);
    const ok = await pay(b, m.listingMatchId, { payment_token: STRIPE_TEST_PMS.succeeds });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ paymentState: 'paid' });
  });

  it('a capture Stripe answered 500 is taken by the next sweep (its 500 is not replayed to every retry)', async () => {
    const { token, listing } = await listedToken(t.app, { priceInCents: 4_000 });
    const b = await buyer(t.app);
    const m = await match(b, listing.id);
    fake.failNext('/capture');
    const res = await pay(b, m.listingMatchId, { payment_token: STRIPE_TEST_PMS.succeeds });
    // Committed: the buyer owns it; the money is owed.
    expect(res.json()).toMatchObject({ paymentState: 'paid' });
    expect(await ownerOf(token.id)).toBe(b.userId);
    const ref = (await intentRow(m.listingMatchId))?.providerReference ?? '';
    expect(fake.intent(ref)?.status).toBe('requires_capture');
    await sweep();
    expect(fake.intent(ref)?.status).toBe('succeeded');
    expect((await intentRow(m.listingMatchId))?.capturedAt).not.toBeNull();
  });

  it('a cancel Stripe answered 500 is owed, and the next sweep releases the hold', async () => {
    const { listing } = await listedToken(t.app);
    const b = await buyer(t.app);
    const m = await match(b, listing.id);
    await pay(b, m.listingMatchId, { payment_token: STRIPE_TEST_PMS.requiresAction });
    const ref = (await intentRow(m.listingMatchId))?.providerReference ?? '';
    await fund(db(), b.userId, 100_000, t.clock.now());
    fake.failNext('/cancel');
    const res = await pay(b, m.listingMatchId, { payment_method: 'balance' });
    expect(res.json()).toMatchObject({ paymentState: 'paid', paymentMethod: 'balance' });
    expect(fake.intent(ref)?.status).toBe('requires_action');
    await sweep();
    expect(fake.intent(ref)?.status).toBe('canceled');
  });

  it('Stripe refusing our key answers 503 with a plain message, never a 401 that signs the buyer out', async () => {
    const rotated = await testApp({
      seed: false,
      config: {
        stripe: { secretKey: 'sk_test_rotated_0000', webhookSecret: FAKE_WEBHOOK_SECRET, apiBase: fake.url },
      },
    });
    try {
      const { listing } = await listedToken(rotated.app);
      const b = await buyer(rotated.app);
      const m = await rotated.app.inject({
        method: 'POST',
        url: '/api/v2/listing-match/',
        headers: b.headers,
        payload: { listing_id: listing.id },
      });
      const id = (m.json() as ListingMatch).listingMatchId;
      const res = await rotated.app.inject({
        method: 'POST',
        url: `/api/v2/purchase-intent/${id}/pay`,
        headers: b.headers,
        payload: { payment_token: STRIPE_TEST_PMS.succeeds },
      });
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toMatchObject({
        errorType: 'payment-processor-unavailable',
        message: PAYMENT_PROCESSOR_UNAVAILABLE_MESSAGE,
      });
      const deposit = await rotated.app.inject({
        method: 'POST',
        url: '/api/v2/balance/deposits',
        headers: { ...b.headers, 'idempotency-key': 'rotated-key-deposit' },
        payload: { amount_in_cents: 2_000, payment_token: STRIPE_TEST_PMS.succeeds },
      });
      expect(deposit.statusCode, deposit.body).toBe(503);
    } finally {
      await rotated.close();
    }
  });

  // Review 2026-12-07: a capture error of any kind counted towards a drawing win's forfeit, so three failures of
  // Stripe within 75 minutes forfeited every card winner of a drop.
  describe('a drawing win by card (decision 013 "Refused captures")', () => {
    const MINUTE = 60_000;
    type EntryRow = typeof schema.drawingEntries.$inferSelect;
    /**
     * A drawing of one edition entered by card by two collectors, closed and drawn. `beforeDraw` gets the entries in
     * the draw order (the winner first), from the seed the drawing committed to.
     */
    async function drawnByCard(beforeDraw: (order: EntryRow[]) => Promise<void> | void) {
      const { nifty, drop } = await dropNifty(t.app, {
        dropType: 'drawing',
        editionSize: 1,
        priceInCents: 2_500,
      });
      for (let i = 0; i < 2; i++) {
        const entrant = await buyer(t.app);
        await db()
          .update(schema.users)
          .set({ verifiedPhone: true })
          .where(eq(schema.users.id, entrant.userId));
        const entered = await t.app.inject({
          method: 'POST',
          url: `/api/drawings/${nifty.contractAddress}/${nifty.typeNumber}/entries/`,
          headers: entrant.headers,
          payload: { payment_method: 'stripe_card', payment_token: browserPm('succeeds') },
        });
        expect(entered.statusCode, entered.body).toBe(201);
      }
      const [drawing] = await db()
        .select()
        .from(schema.drawings)
        .where(eq(schema.drawings.niftyId, nifty.id));
      if (!drawing) throw new Error('no drawing');
      const entries = () =>
        db().select().from(schema.drawingEntries).where(eq(schema.drawingEntries.drawingId, drawing.id));
      const rows = await entries();
      const order = drawWinners(
        drawing.seed,
        rows.map((r) => r.id),
        rows.length,
      ).map((id) => rows.find((r) => r.id === id) as EntryRow);
      await beforeDraw(order);
      const [d] = await db()
        .select({ endAt: schema.drops.endAt })
        .from(schema.drops)
        .where(eq(schema.drops.id, drop.id));
      t.clock.set(new Date((d?.endAt?.getTime() ?? 0) + 1_000));
      const drawn = await t.app.services.jobs.drain();
      const [winner, next] = order;
      if (!winner || !next) throw new Error('two entries expected');
      const row = async (id: number) => (await entries()).find((e) => e.id === id);
      const [{ title } = { title: '' }] = await db()
        .select({ title: schema.nifties.title })
        .from(schema.nifties)
        .where(eq(schema.nifties.id, nifty.id));
      return { title, winner, next, row, drawn };
    }
    const alertsOf = async (entry: EntryRow) =>
      (await db().select().from(schema.alerts).where(eq(schema.alerts.userId, entry.userId))).map(
        (a) => a.message,
      );
    const intentOf = (entry: EntryRow) => fake.intent(entry.providerReference ?? '')?.status;
    /** The jobs due after the wait: the settlement sent again for its next capture. */
    const after = async (ms: number) => {
      t.clock.advance(ms + 1_000);
      expect((await t.app.services.jobs.drain()).failed).toBe(0);
    };

    it('a capture Stripe does not answer counts no refusal: the win is kept through the outage and charged after', async () => {
      // The next five captures answer 500 (the SDK's own retries of each are answered that 500 again, under its key).
      const { title, winner, next, row, drawn } = await drawnByCard(() => fake.failNext('/capture', 5));
      expect(drawn.failed).toBe(0);
      expect(await row(winner.id)).toMatchObject({ status: 'won', captureAttempts: 0, cardSettledAt: null });
      // Both told at the draw; the entrant not drawn that their entry stays in line while the winner's payment waits.
      expect(await alertsOf(winner)).toEqual([`You won the drawing for ${title}`]);
      expect(await alertsOf(next)).toEqual([notDrawnMessage(title, true)]);
      for (let i = 0; i < 4; i++) await after(15 * MINUTE);
      // Five captures failed, past the three refusals that forfeit a win: still won, none counted.
      expect(await row(winner.id)).toMatchObject({ status: 'won', captureAttempts: 0, cardSettledAt: null });
      expect(intentOf(winner)).toBe('requires_capture');
      // The next entrant's authorisation is kept while the winner's capture is pending: they may still be next.
      expect(intentOf(next)).toBe('requires_capture');

      // Stripe answers again: the winner is charged, the next entrant's card released.
      await after(15 * MINUTE);
      expect(await row(winner.id)).toMatchObject({ status: 'won', cardSettledAt: expect.any(Date) });
      expect(intentOf(winner)).toBe('succeeded');
      expect(intentOf(next)).toBe('canceled');
      expect(await ledgerInvariants(db())).toMatchObject({ unbalancedTransactions: 0, negativeBalances: 0 });
    });

    it('a capture Stripe still does not answer past the authorisation’s life (7 days) counts as refused', async () => {
      const { winner, next, row, drawn } = await drawnByCard(() => fake.failNext('/capture', 4));
      expect(drawn.failed).toBe(0);
      expect(await row(winner.id)).toMatchObject({ status: 'won', captureAttempts: 0 });
      // A week on, the next try is not answered either: nothing can be taken any more, so it counts.
      await after(7 * 24 * 60 * MINUTE);
      expect(await row(winner.id)).toMatchObject({ status: 'won', captureAttempts: 1 });
      // Review 2026-12-07: the next entrant's authorisation is as old, so it cannot pay either: the edition is not
      // passed to them (each such runner-up was told they won, then forfeited in turn), and their card is released.
      await after(15 * MINUTE);
      await after(60 * MINUTE);
      expect(await row(winner.id)).toMatchObject({ status: 'forfeited', captureAttempts: 3 });
      expect(await row(next.id)).toMatchObject({
        status: 'lost',
        promotedAt: null,
        cardSettledAt: expect.any(Date),
      });
      expect(intentOf(next)).toBe('canceled');
      expect(await alertsOf(next)).not.toContainEqual(expect.stringContaining('passed to you'));
      expect(await ledgerInvariants(db())).toMatchObject({ unbalancedTransactions: 0, negativeBalances: 0 });
    });

    it('an authorisation that lapsed is refused: after three refusals the edition passes to the next entrant', async () => {
      // Stripe cancels a PaymentIntent left uncaptured for 7 days; its capture then answers the unexpected state.
      const { winner, next, row, drawn } = await drawnByCard(async ([first]) => {
        await t.app.services.payments.card.void(first?.providerReference ?? '');
      });
      expect(drawn.failed).toBe(0);
      expect(await row(winner.id)).toMatchObject({ status: 'won', captureAttempts: 1 });
      await after(15 * MINUTE);
      expect(await row(winner.id)).toMatchObject({ status: 'won', captureAttempts: 2 });
      await after(60 * MINUTE);
      expect(await row(winner.id)).toMatchObject({ status: 'forfeited', captureAttempts: 3 });
      expect(await row(next.id)).toMatchObject({ status: 'won', cardSettledAt: expect.any(Date) });
      expect(intentOf(next)).toBe('succeeded');
      expect(intentOf(winner)).toBe('canceled');
      expect(await ledgerInvariants(db())).toMatchObject({ unbalancedTransactions: 0, negativeBalances: 0 });
    });

    // Review 2026-12-07: a lost entry's card was voided inside the unit that settled it, and a void Stripe did not
    // answer was written down as owed beside that unit, which on the embedded store (one connection, held by the unit)
    // hung the settlement for good, before anyone had been told the results.
    it('a void Stripe does not answer is owed: the draw settles and tells everyone, and the sweep voids it', async () => {
      const { title, winner, next, row, drawn } = await drawnByCard(() => fake.failNext('/cancel', 1));
      expect(drawn.failed).toBe(0);
      expect(await row(winner.id)).toMatchObject({ status: 'won', cardSettledAt: expect.any(Date) });
      expect(await row(next.id)).toMatchObject({ status: 'lost', cardSettledAt: expect.any(Date) });
      expect(intentOf(winner)).toBe('succeeded');
      expect(intentOf(next)).toBe('requires_capture');
      expect(await alertsOf(winner)).toEqual([`You won the drawing for ${title}`]);
      expect(await alertsOf(next)).toEqual([notDrawnMessage(title, false)]);
      await sweep();
      expect(intentOf(next)).toBe('canceled');
    });
  });
});

describe('Stripe webhooks', () => {
  it('refuses a bad signature (400) and an unsigned delivery, changing nothing', async () => {
    const { listing } = await listedToken(t.app);
    const b = await buyer(t.app);
    const m = await match(b, listing.id);
    await pay(b, m.listingMatchId, { payment_token: STRIPE_TEST_PMS.requiresAction });
    const ref = (await intentRow(m.listingMatchId))?.providerReference ?? '';
    const event = fake.event('payment_intent.payment_failed', ref);

    const forged = await webhook(event, 'whsec_not_the_secret');
    expect(forged.statusCode, forged.body).toBe(400);
    expect(forged.json()).toMatchObject({ errorType: 'bad-signature' });
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: event,
    });
    expect(unsigned.statusCode).toBe(400);
    // A signed body that was altered after signing.
    const header = signer.webhooks.generateTestHeaderString({ payload: event, secret: FAKE_WEBHOOK_SECRET });
    const altered = await t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      payload: event.replace('payment_failed', 'succeeded'),
    });
    expect(altered.statusCode).toBe(400);
    expect((await intentRow(m.listingMatchId))?.paymentState).toBe('requires_action');
    expect(await db().select().from(schema.paymentWebhookEvents)).toEqual([]);
  });

  it('payment_intent.payment_failed reopens the intent waiting on it (it never delivers); a replay changes nothing', async () => {
    const { token, listing, seller } = await listedToken(t.app);
    const b = await buyer(t.app);
    const m = await match(b, listing.id);
    await pay(b, m.listingMatchId, { payment_token: STRIPE_TEST_PMS.requiresAction });
    const ref = (await intentRow(m.listingMatchId))?.providerReference ?? '';
    fake.authenticate(ref, 'fail');
    const event = fake.event('payment_intent.payment_failed', ref);

    const first = await webhook(event);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true, processed: true, outcome: 'reopened' });
    expect(await intentRow(m.listingMatchId)).toMatchObject({
      paymentState: 'pending',
      providerReference: null,
    });
    const late = await completeAction(b, m.listingMatchId);
    expect(late.statusCode).toBe(409);
    expect(await ownerOf(token.id)).toBe(seller.userId);

    // Stripe retries (a replay with a fresh signature): processed once.
    const replay = await webhook(event);
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.json()).toEqual({ received: true, processed: false, outcome: 'reopened' });
    const rows = await db()
      .select()
      .from(schema.paymentWebhookEvents)
      .where(eq(schema.paymentWebhookEvents.providerReference, ref));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      provider: 'stripe',
      type: 'payment_intent.payment_failed',
      intentId: m.listingMatchId,
    });
  });

  it('payment_intent.succeeded records a capture whose answer was lost; charge.refunded is recorded once', async () => {
    const { listing } = await listedToken(t.app, { priceInCents: 5_000 });
    const b = await buyer(t.app);
    const m = await match(b, listing.id);
    await pay(b, m.listingMatchId, { payment_token: STRIPE_TEST_PMS.succeeds });
    const ref = (await intentRow(m.listingMatchId))?.providerReference ?? '';
    // As if the process stopped after Stripe captured but before we recorded it.
    await db()
      .update(schema.purchaseIntents)
      .set({ capturedAt: null })
      .where(eq(schema.purchaseIntents.id, m.listingMatchId));
    const res = await webhook(fake.event('payment_intent.succeeded', ref));
    expect(res.json()).toEqual({ received: true, processed: true, outcome: 'captured' });
    expect((await intentRow(m.listingMatchId))?.capturedAt).toEqual(t.clock.now());

    await t.app.services.payments.card.refund(ref, 1_000);
    const refunded = fake.event('charge.refunded', ref);
    expect((await webhook(refunded)).json()).toEqual({
      received: true,
      processed: true,
      outcome: 'refunded:1000',
    });
    expect((await webhook(refunded)).json()).toMatchObject({ processed: false });
    expect(fake.refunds()).toEqual([expect.objectContaining({ payment_intent: ref, amount: 1_000 })]);
  });

  it('an event about a payment we do not know is acknowledged and kept once', async () => {
    const { listing } = await listedToken(t.app);
    const b = await buyer(t.app);
    const m = await match(b, listing.id);
    await pay(b, m.listingMatchId, { payment_token: STRIPE_TEST_PMS.requiresAction });
    const ref = (await intentRow(m.listingMatchId))?.providerReference ?? '';
    await db()
      .update(schema.purchaseIntents)
      .set({ providerReference: 'pi_other' })
      .where(eq(schema.purchaseIntents.id, m.listingMatchId));
    const res = await webhook(fake.event('payment_intent.canceled', ref));
    expect(res.json()).toEqual({ received: true, processed: true, outcome: 'unknown_payment' });
  });
});

/** A movement's entries: account kind (and user) → amount, summed. */
async function refundMovements(intentId: number | string) {
  const txs = await db()
    .select()
    .from(schema.ledgerTransactions)
    .where(eq(schema.ledgerTransactions.kind, 'refund'));
  const prefix = typeof intentId === 'number' ? `purchase_intent:${intentId}` : intentId;
  const mine = txs.filter((x) => x.reference.startsWith(`${prefix}:refunded:`));
  const entries = await Promise.all(
    mine.map((x) =>
      db()
        .select({
          accountId: schema.ledgerEntries.accountId,
          amountCents: schema.ledgerEntries.amountCents,
          memo: schema.ledgerEntries.memo,
        })
        .from(schema.ledgerEntries)
        .where(eq(schema.ledgerEntries.transactionId, x.id)),
    ),
  );
  return mine.map((x, i) => ({ reference: x.reference, entries: entries[i] ?? [] }));
}

async function accountOf(userId: number) {
  const [row] = await db()
    .select()
    .from(schema.ledgerAccounts)
    .where(and(eq(schema.ledgerAccounts.kind, 'user'), eq(schema.ledgerAccounts.userId, userId)));
  return row;
}

async function movementsOf(s: TestSession) {
  const res = await t.app.inject({ url: '/api/v2/balance/transactions', headers: s.headers });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { results: { kind: string; memo: string; amountInCents: number }[] }).results;
}

describe('charge.refunded reverses the ledger (decision 009 "Refunds")', () => {
  it('a partial then a full refund give back each share in proportion, once per event; the buyer sees them', async () => {
    const { listing, seller, creator } = await listedToken(t.app, { priceInCents: 12_500 });
    const b = await buyer(t.app);
    const m = await match(b, listing.id);
    await pay(b, m.listingMatchId, { payment_token: STRIPE_TEST_PMS.succeeds });
    const ref = (await intentRow(m.listingMatchId))?.providerReference ?? '';
    const sellerAccount = (await accountOf(seller.userId))?.id;
    const creatorAccount = (await accountOf(creator.id))?.id;
    // The sale credited: seller 10 625, creator 1 250, platform 625 + card fee 393; the card paid 12 893.
    expect(await accountBalance(db(), { userId: seller.userId })).toBe(10_625);

    await t.app.services.payments.card.refund(ref, 1_000);
    const partial = fake.event('charge.refunded', ref);
    expect((await webhook(partial)).json()).toEqual({
      received: true,
      processed: true,
      outcome: 'refunded:1000',
    });
    const [first] = await refundMovements(m.listingMatchId);
    expect(first?.entries.reduce((sum, e) => sum + e.amountCents, 0)).toBe(0);
    const debit = (accountId: number | undefined) =>
      first?.entries.filter((e) => e.accountId === accountId).reduce((sum, e) => sum + e.amountCents, 0);
    // 1 000 of 12 893 in proportion: seller 824, creator 97, platform the rest (79).
    expect(debit(sellerAccount)).toBe(-824);
    expect(debit(creatorAccount)).toBe(-97);
    expect(first?.entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ memo: 'card_refund', amountCents: 1_000 }),
        expect.objectContaining({ memo: 'proceeds_refunded', amountCents: -824 }),
      ]),
    );
    expect((await intentRow(m.listingMatchId))?.paymentState).toBe('paid');

    // A replay of the event changes nothing.
    expect((await webhook(partial)).json()).toMatchObject({ processed: false });
    expect(await refundMovements(m.listingMatchId)).toHaveLength(1);

    // The rest: the sale's credits are all given back, exactly; the intent reads refunded.
    await t.app.services.payments.card.refund(ref, 11_893);
    expect((await webhook(fake.event('charge.refunded', ref))).json()).toEqual({
      received: true,
      processed: true,
      outcome: 'refunded:12893',
    });
    expect(await refundMovements(m.listingMatchId)).toHaveLength(2);
    expect(await accountBalance(db(), { userId: seller.userId })).toBe(0);
    expect(await accountBalance(db(), { userId: creator.id })).toBe(0);
    expect((await intentRow(m.listingMatchId))?.paymentState).toBe('refunded');
    const res = await t.app.inject({
      url: `/api/v2/purchase-intent/${m.listingMatchId}/status`,
      headers: b.headers,
    });
    expect(res.json()).toMatchObject({ paymentState: 'refunded' });

    // The buyer's Other transactions show each refund coming back and going to the card.
    const moves = await movementsOf(b);
    expect(moves.filter((x) => x.kind === 'refund').map((x) => [x.memo, x.amountInCents])).toEqual(
      expect.arrayContaining([
        ['refund', 1_000],
        ['refund_to_card', -1_000],
        ['refund', 11_893],
        ['refund_to_card', -11_893],
      ]),
    );
    expect(await ledgerInvariants(db())).toMatchObject({
      unbalancedTransactions: 0,
      holdsBeyondBalance: 0,
      negativeBalances: 0,
    });
  });

  it('a seller who spent the proceeds gives back what they can; the shortfall stays with clearing, no balance below zero', async () => {
    const { listing, seller } = await listedToken(t.app, { priceInCents: 5_000 });
    const b = await buyer(t.app);
    const m = await match(b, listing.id);
    await pay(b, m.listingMatchId, { payment_token: STRIPE_TEST_PMS.succeeds });
    const ref = (await intentRow(m.listingMatchId))?.providerReference ?? '';
    const proceeds = await accountBalance(db(), { userId: seller.userId });
    expect(proceeds).toBeGreaterThan(0);
    // All but a dollar spent on another NFT by balance (proceeds settle for 7 days before they may be cashed out).
    const other = await listedToken(t.app, { priceInCents: proceeds - 100 });
    const spent = await pay(seller, (await match(seller, other.listing.id)).listingMatchId, {
      payment_method: 'balance',
    });
    expect(spent.statusCode, spent.body).toBe(200);

    const total = fake.intent(ref)?.amount ?? 0;
    await t.app.services.payments.card.refund(ref, total);
    const res = await webhook(fake.event('charge.refunded', ref));
    expect(res.json()).toEqual({
      received: true,
      processed: true,
      outcome: `refunded:${total}:shortfall:${proceeds - 100}`,
    });
    expect(await accountBalance(db(), { userId: seller.userId })).toBe(0);
    const [movement] = await refundMovements(m.listingMatchId);
    expect(movement?.entries.reduce((sum, e) => sum + e.amountCents, 0)).toBe(0);
    expect(movement?.entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ memo: 'proceeds_refunded', amountCents: -100 }),
        expect.objectContaining({ memo: 'refund_shortfall', amountCents: -(proceeds - 100) }),
        expect.objectContaining({ memo: 'refund', amountCents: total }),
      ]),
    );
    expect((await intentRow(m.listingMatchId))?.paymentState).toBe('refunded');
    expect(await ledgerInvariants(db())).toMatchObject({
      unbalancedTransactions: 0,
      holdsBeyondBalance: 0,
      negativeBalances: 0,
    });
  });
});

// Money review, 2026-12-06: a refund at Stripe of an accepted card offer or a won card bid was kept as a payment
// that is not ours: the buyer had the money back and the NFT, the seller kept the proceeds.
describe('charge.refunded of an accepted card offer or a won card bid reverses its movement', () => {
  it('an accepted card offer: its proceeds, creator fee and service fee are given back, once', async () => {
    const { token, seller } = await listedToken(t.app, { priceInCents: 50_000 });
    const maker = await buyer(t.app);
    const offerId = (await cardOffer(t.app, maker, token, '100', STRIPE_TEST_PMS.succeeds)).id;
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/user/accept-bid/',
      headers: seller.headers,
      payload: { bid_id: offerId, contractAddress: token.contractAddress, tokenId: token.tokenId },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const proceeds = await accountBalance(db(), { userId: seller.userId });
    expect(proceeds).toBe(8_500);
    const [offer] = await db().select().from(schema.offers).where(eq(schema.offers.id, offerId));
    const ref = offer?.providerReference ?? '';
    const total = fake.intent(ref)?.amount ?? 0;
    expect(total).toBeGreaterThan(0);
    await t.app.services.payments.card.refund(ref, total);
    const event = fake.event('charge.refunded', ref);
    expect((await webhook(event)).json()).toEqual({
      received: true,
      processed: true,
      outcome: `refunded:${total}`,
    });
    expect((await webhook(event)).json()).toMatchObject({ processed: false });
    expect(await accountBalance(db(), { userId: seller.userId })).toBe(0);
    const [movement] = await refundMovements(`offer:${offerId}`);
    expect(movement?.entries.reduce((sum, e) => sum + e.amountCents, 0)).toBe(0);
    expect(movement?.entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ memo: 'proceeds_refunded', amountCents: -8_500 }),
        expect.objectContaining({ memo: 'card_refund', amountCents: total }),
      ]),
    );
    expect(await ledgerInvariants(db())).toMatchObject({ unbalancedTransactions: 0, negativeBalances: 0 });
  });

  it("a won card bid: the publisher's proceeds and the platform's fee are given back", async () => {
    const { nifty, owner } = await auctionNifty(t.app, { endsInMs: 5 * 60_000 });
    const bidder = await buyer(t.app);
    const placed = await placeBid(t.app, bidder.headers, nifty, '40', {
      payment_method: 'stripe_card',
      payment_token: STRIPE_TEST_PMS.succeeds,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    t.clock.advance(6 * 60_000);
    expect(await t.app.services.bids.settle(nifty.id)).toEqual({ settled: true, winners: 1 });
    expect(await accountBalance(db(), { userId: owner.id })).toBe(3_600);
    const [won] = await db().select().from(schema.bids).where(eq(schema.bids.userId, bidder.userId));
    const ref = won?.providerReference ?? '';
    const total = fake.intent(ref)?.amount ?? 0;
    await t.app.services.payments.card.refund(ref, total);
    expect((await webhook(fake.event('charge.refunded', ref))).json()).toEqual({
      received: true,
      processed: true,
      outcome: `refunded:${total}`,
    });
    expect(await accountBalance(db(), { userId: owner.id })).toBe(0);
    const [movement] = await refundMovements(`bid:${won?.id}`);
    expect(movement?.entries.reduce((sum, e) => sum + e.amountCents, 0)).toBe(0);
    expect(await ledgerInvariants(db())).toMatchObject({ unbalancedTransactions: 0, negativeBalances: 0 });
  });

  it("a won card drawing entry: the publisher's proceeds and the platform's fee are given back, once", async () => {
    const { nifty, owner, drop } = await dropNifty(t.app, {
      dropType: 'drawing',
      editionSize: 1,
      priceInCents: 2_500,
    });
    const entrant = await buyer(t.app);
    await db().update(schema.users).set({ verifiedPhone: true }).where(eq(schema.users.id, entrant.userId));
    const entered = await t.app.inject({
      method: 'POST',
      url: `/api/drawings/${nifty.contractAddress}/${nifty.typeNumber}/entries/`,
      headers: entrant.headers,
      payload: { payment_method: 'stripe_card', payment_token: STRIPE_TEST_PMS.succeeds },
    });
    expect(entered.statusCode, entered.body).toBe(201);
    const [d] = await db()
      .select({ endAt: schema.drops.endAt })
      .from(schema.drops)
      .where(eq(schema.drops.id, drop.id));
    t.clock.set(new Date((d?.endAt?.getTime() ?? 0) + 1_000));
    expect((await t.app.services.jobs.drain()).failed).toBe(0);
    const [entry] = await db()
      .select()
      .from(schema.drawingEntries)
      .where(eq(schema.drawingEntries.userId, entrant.userId));
    expect(entry?.status).toBe('won');
    const ref = entry?.providerReference ?? '';
    expect(fake.intent(ref)?.status).toBe('succeeded');
    // 90 % of $25.00 to the publisher.
    expect(await accountBalance(db(), { userId: owner.id })).toBe(2_250);

    await t.app.services.payments.card.refund(ref, 2_500);
    const refunded = fake.event('charge.refunded', ref);
    expect((await webhook(refunded)).json()).toEqual({
      received: true,
      processed: true,
      outcome: 'refunded:2500',
    });
    expect((await webhook(refunded)).json()).toMatchObject({ processed: false });
    expect(await accountBalance(db(), { userId: owner.id })).toBe(0);
    const movements = await refundMovements(`drawing_entry:${entry?.id}`);
    expect(movements).toHaveLength(1);
    expect(movements[0]?.entries.reduce((sum, e) => sum + e.amountCents, 0)).toBe(0);
    expect(await ledgerInvariants(db())).toMatchObject({ unbalancedTransactions: 0, negativeBalances: 0 });
  });

  it("a publisher fee paid by card: the platform's revenue gives it back, once", async () => {
    const f = fixtures(db(), { now: t.clock.now() });
    const user = await f.user();
    const publisher = await f.publisher({ slug: 'refund-fee-pub', name: 'Refund Fee Pub' });
    await db()
      .insert(schema.publisherMembers)
      .values({ publisherId: publisher.id, userId: user.id, role: 'owner' });
    const member = await sessionFor(t.app, user.profileUrl);
    const send = async (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) => {
      const res = await t.app.inject({
        method,
        url: `/api${url}`,
        headers: { ...member.headers, 'idempotency-key': crypto.randomUUID() },
        ...(payload === undefined ? {} : { payload }),
      });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
      // biome-ignore lint/suspicious/noExplicitAny: the answers are read loosely in assertions
      return res.json() as Record<string, any>;
    };
    const inHours = (h: number) => new Date(t.clock.now().getTime() + h * 3_600_000).toISOString();
    const created = await send('POST', '/publisher/refund-fee-pub/drops', {
      title: 'Refund Fee Garden',
      slug: 'refund-fee-garden',
      introText: 'A drop whose fee is refunded',
      previewAsset: '/api/media/preview.png',
      coverAsset: '/api/media/cover.png',
      visibleStartDateTime: inHours(2),
      visibleEndDateTime: inHours(50),
    });
    const fee = await send('POST', '/v2/publisher-fee', { collection_template: created.id });
    const id = fee.publisherFee.publisherFeeId as number;
    const revenueBefore = await accountBalance(db(), { kind: 'platform_revenue' });
    const paid = await send('POST', `/v2/publisher-fee/${id}/pay`, {
      payment_method: 'stripe_card',
      payment_token: STRIPE_TEST_PMS.succeeds,
    });
    expect(paid.publisherFee.paymentState).toBe('paid');
    const amount = paid.publisherFee.amountInCents as number;
    expect(await accountBalance(db(), { kind: 'platform_revenue' })).toBe(revenueBefore + amount);
    const ref = fake.intents().find((p) => p.metadata.reference === `publisher_fee:${id}`)?.id ?? '';
    expect(fake.intent(ref)?.status).toBe('succeeded');

    await t.app.services.payments.card.refund(ref, amount);
    const refunded = fake.event('charge.refunded', ref);
    expect((await webhook(refunded)).json()).toEqual({
      received: true,
      processed: true,
      outcome: `refunded:${amount}`,
    });
    expect((await webhook(refunded)).json()).toMatchObject({ processed: false });
    expect(await accountBalance(db(), { kind: 'platform_revenue' })).toBe(revenueBefore);
    const movements = await refundMovements(`publisher_fee:${id}`);
    expect(movements).toHaveLength(1);
    expect(movements[0]?.entries.reduce((sum, e) => sum + e.amountCents, 0)).toBe(0);
    expect(await ledgerInvariants(db())).toMatchObject({ unbalancedTransactions: 0, negativeBalances: 0 });
  });
});

describe('charge.refunded on funds added by card (a review of the processor failure paths, 2026-12-05)', () => {
  it('takes the refunded part back from the balance, once per event, and no further than the balance goes', async () => {
    const b = await buyer(t.app);
    const deposit = await t.app.inject({
      method: 'POST',
      url: '/api/v2/balance/deposits',
      headers: { ...b.headers, 'idempotency-key': 'deposit-then-refund' },
      payload: { amount_in_cents: 3_000, payment_token: STRIPE_TEST_PMS.succeeds },
    });
    expect(deposit.json()).toEqual({ balanceInCents: 3_000 });
    const ref =
      fake.intents().find((p) => p.metadata.reference?.startsWith(`deposit:${b.userId}:`))?.id ?? '';
    expect(ref).toMatch(/^pi_fake_/);
    // Refunded at Stripe (its dashboard, a support agent): $10.00, then the rest.
    await t.app.services.payments.card.refund(ref, 1_000);
    const first = fake.event('charge.refunded', ref);
    expect((await webhook(first)).json()).toMatchObject({ processed: true, outcome: 'refunded:1000' });
    expect((await webhook(first)).json()).toMatchObject({ processed: false });
    expect(await accountBalance(db(), { userId: b.userId })).toBe(2_000);
    // A week on (funds added by card settle for 7 days before they may leave), the buyer cashed out $15: the last
    // $20 can only take back the $5 left.
    t.clock.advance(7 * 24 * 60 * 60 * 1000 + 1_000);
    const [row] = await db().select().from(schema.users).where(eq(schema.users.id, b.userId));
    const later = await sessionFor(t.app, row?.profileUrl ?? '');
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v2/balance/payouts',
      headers: later.headers,
      payload: { amount_in_cents: 1_500 },
    });
    expect(out.statusCode, out.body).toBe(200);
    await t.app.services.payments.card.refund(ref, 2_000);
    expect((await webhook(fake.event('charge.refunded', ref))).json()).toMatchObject({
      processed: true,
      outcome: 'refunded:3000:shortfall:1500',
    });
    expect(await accountBalance(db(), { userId: b.userId })).toBe(0);
    expect(await ledgerInvariants(db())).toMatchObject({ unbalancedTransactions: 0, negativeBalances: 0 });
  });
});

// Money review 2026-12-06: a deposit charged but not yet credited (its request stopped between the two) and then
// refunded at Stripe. The refund's event changed nothing, and the sweep, which asks Stripe whether the money was
// taken (a refunded PaymentIntent still reads succeeded), credited the whole amount: cashed out, paid twice.
describe('charge.refunded on funds added by card that were charged but not credited yet', () => {
  it('credits the deposit and takes the refund back in one step; the sweep credits nothing more', async () => {
    const b = await buyer(t.app);
    const card = t.app.services.payments.card;
    const reference = `deposit:${b.userId}:credit-lost`;
    const auth = await card.authorize({
      reference,
      amountCents: 5_000,
      currency: 'USD',
      paymentToken: STRIPE_TEST_PMS.succeeds,
      payerId: b.userId,
    });
    const ref = auth.providerReference ?? '';
    const twoMinutesAgo = new Date(t.clock.now().getTime() - 2 * 60_000);
    await db().insert(schema.cardDeposits).values({
      userId: b.userId,
      reference,
      processor: 'stripe_card',
      providerReference: ref,
      amountCents: 5_000,
      status: 'authorized',
      createdAt: twoMinutesAgo,
      updatedAt: twoMinutesAgo,
    });
    await card.capture(ref);
    // $20 of the $50 refunded at Stripe before anything was credited.
    await card.refund(ref, 2_000);
    expect((await webhook(fake.event('charge.refunded', ref))).json()).toMatchObject({
      processed: true,
      outcome: 'refunded:2000',
    });
    expect(await accountBalance(db(), { userId: b.userId })).toBe(3_000);
    expect(await t.app.services.balance.creditDue()).toBe(0);
    expect(await accountBalance(db(), { userId: b.userId })).toBe(3_000);
    // The rest refunded later: the balance is back to nothing.
    await card.refund(ref, 3_000);
    expect((await webhook(fake.event('charge.refunded', ref))).json()).toMatchObject({
      outcome: 'refunded:5000',
    });
    expect(await accountBalance(db(), { userId: b.userId })).toBe(0);
    expect(await ledgerInvariants(db())).toMatchObject({ unbalancedTransactions: 0, negativeBalances: 0 });
  });
});

// Money review 2026-12-06: a split naming one payee twice posted two credits with one memo to one account, and the
// refunds, which count what each credit gave back by account and memo, gave back the wrong amounts.
describe('a sale whose split names one payee twice', () => {
  it('credits the payee once with both shares, and partial refunds then a full one give everything back', async () => {
    const f = fixtures(db(), { now: t.clock.now() });
    const { listing, seller, token } = await listedToken(t.app, { priceInCents: 12_500 });
    const payee = await f.user();
    const [tokenRow] = await db().select().from(schema.tokens).where(eq(schema.tokens.id, token.id));
    await db()
      .insert(schema.salesSplits)
      .values([
        {
          niftyId: tokenRow?.niftyId ?? 0,
          kind: 'secondary',
          userId: payee.id,
          percentage: '50',
          position: 0,
        },
        {
          niftyId: tokenRow?.niftyId ?? 0,
          kind: 'secondary',
          userId: payee.id,
          percentage: '50',
          position: 1,
        },
      ]);
    const b = await buyer(t.app);
    const m = await match(b, listing.id);
    expect((await pay(b, m.listingMatchId, { payment_token: STRIPE_TEST_PMS.succeeds })).statusCode).toBe(
      200,
    );
    const sale = await db()
      .select({ memo: schema.ledgerEntries.memo })
      .from(schema.ledgerEntries)
      .innerJoin(schema.ledgerAccounts, eq(schema.ledgerAccounts.id, schema.ledgerEntries.accountId))
      .where(eq(schema.ledgerAccounts.userId, payee.id));
    expect(sale).toHaveLength(1);
    expect(await accountBalance(db(), { userId: payee.id })).toBe(1_250);
    const ref = (await intentRow(m.listingMatchId))?.providerReference ?? '';
    const card = t.app.services.payments.card;
    for (const part of [1_000, 1_100, 1_200]) {
      await card.refund(ref, part);
      await webhook(fake.event('charge.refunded', ref));
    }
    await card.refund(ref, 12_893 - 3_300);
    expect((await webhook(fake.event('charge.refunded', ref))).json()).toMatchObject({
      outcome: 'refunded:12893',
    });
    expect(await accountBalance(db(), { userId: seller.userId })).toBe(0);
    expect(await accountBalance(db(), { userId: payee.id })).toBe(0);
    expect(await accountBalance(db(), { kind: 'platform_revenue' })).toBeGreaterThanOrEqual(0);
    expect(await ledgerInvariants(db())).toMatchObject({ unbalancedTransactions: 0, negativeBalances: 0 });
  });
});

describe('card disputes (decision 009 "Disputes")', () => {
  async function disputeMovements(disputeId: string) {
    const txs = await db()
      .select()
      .from(schema.ledgerTransactions)
      .where(eq(schema.ledgerTransactions.kind, 'dispute'));
    const mine = txs.filter((x) => x.reference.startsWith(`dispute:${disputeId}:`));
    return Promise.all(
      mine.map(async (x) => ({
        reference: x.reference,
        entries: await db()
          .select({ amountCents: schema.ledgerEntries.amountCents, memo: schema.ledgerEntries.memo })
          .from(schema.ledgerEntries)
          .where(eq(schema.ledgerEntries.transactionId, x.id)),
      })),
    );
  }
  const disputes = () => accountBalance(db(), { kind: 'card_disputes' });
  const clearing = () => accountBalance(db(), { kind: 'payments_clearing' });

  async function paidByCard(priceInCents: number) {
    const { listing, seller } = await listedToken(t.app, { priceInCents });
    const b = await buyer(t.app);
    const m = await match(b, listing.id);
    const paid = await pay(b, m.listingMatchId, { payment_token: STRIPE_TEST_PMS.succeeds });
    expect(paid.statusCode, paid.body).toBe(200);
    const row = await intentRow(m.listingMatchId);
    return { b, seller, intentId: m.listingMatchId, ref: row?.providerReference ?? '' };
  }

  it('a lost dispute: the money and the fee Stripe withdrew leave clearing once, charged to the platform; the seller keeps the proceeds', async () => {
    const { b, seller, intentId, ref } = await paidByCard(5_000);
    const charged = fake.intent(ref)?.amount ?? 0;
    expect(charged).toBeGreaterThan(5_000);
    const proceeds = await accountBalance(db(), { userId: seller.userId });
    const buyerMoves = (await movementsOf(b)).length;
    const [disputesBefore, clearingBefore] = [await disputes(), await clearing()];

    // Opened: nothing moves yet; the event is recorded against the purchase.
    const opened = await webhook(
      fake.disputeEvent('charge.dispute.created', ref, { id: 'dp_lost', status: 'needs_response' }),
    );
    expect(opened.json()).toEqual({
      received: true,
      processed: true,
      outcome: 'dispute.created:needs_response',
    });
    expect(await disputeMovements('dp_lost')).toEqual([]);
    const [event] = await db()
      .select()
      .from(schema.paymentWebhookEvents)
      .where(eq(schema.paymentWebhookEvents.type, 'charge.dispute.created'));
    expect(event).toMatchObject({ providerReference: ref, intentId });

    // Stripe takes the money and its fee.
    const withdrawn = fake.disputeEvent('charge.dispute.funds_withdrawn', ref, {
      id: 'dp_lost',
      status: 'needs_response',
      withdrawn: true,
    });
    expect((await webhook(withdrawn)).json()).toEqual({
      received: true,
      processed: true,
      outcome: `dispute.funds_withdrawn:needs_response:moved:${-charged - 1_500}`,
    });
    const [movement, ...more] = await disputeMovements('dp_lost');
    expect(more).toEqual([]);
    expect(movement?.entries).toEqual(
      expect.arrayContaining([
        { memo: 'dispute_withdrawn', amountCents: charged },
        { memo: 'dispute_fee', amountCents: 1_500 },
        { memo: 'dispute_loss', amountCents: -charged },
        { memo: 'dispute_fee', amountCents: -1_500 },
      ]),
    );
    expect(await disputes()).toBe(disputesBefore - charged - 1_500);
    expect(await clearing()).toBe(clearingBefore + charged + 1_500);

    // A replay, and later events listing the same withdrawal, change nothing.
    expect((await webhook(withdrawn)).json()).toMatchObject({ processed: false });
    const closed = await webhook(
      fake.disputeEvent('charge.dispute.closed', ref, { id: 'dp_lost', status: 'lost', withdrawn: true }),
    );
    expect(closed.json()).toMatchObject({ processed: true, outcome: 'dispute.closed:lost' });
    expect(await disputeMovements('dp_lost')).toHaveLength(1);
    expect(await disputes()).toBe(disputesBefore - charged - 1_500);
    // The seller keeps the proceeds; the buyer's record and the sale are as they were.
    expect(await accountBalance(db(), { userId: seller.userId })).toBe(proceeds);
    expect(await movementsOf(b)).toHaveLength(buyerMoves);
    expect((await intentRow(intentId))?.paymentState).toBe('paid');
    expect(await ledgerInvariants(db())).toMatchObject({ unbalancedTransactions: 0, negativeBalances: 0 });
  });

  it('a won dispute: the money comes back to clearing, and the fee too when Stripe gives it back', async () => {
    const { ref } = await paidByCard(3_000);
    const charged = fake.intent(ref)?.amount ?? 0;
    const [disputesBefore, clearingBefore] = [await disputes(), await clearing()];
    await webhook(
      fake.disputeEvent('charge.dispute.funds_withdrawn', ref, {
        id: 'dp_won',
        status: 'needs_response',
        withdrawn: true,
      }),
    );
    const reinstated = await webhook(
      fake.disputeEvent('charge.dispute.funds_reinstated', ref, {
        id: 'dp_won',
        status: 'won',
        reinstated: true,
      }),
    );
    expect(reinstated.json()).toMatchObject({
      processed: true,
      outcome: `dispute.funds_reinstated:won:moved:${charged}`,
    });
    expect(await disputeMovements('dp_won')).toHaveLength(2);
    // Stripe kept its fee: that is what the dispute cost.
    expect(await disputes()).toBe(disputesBefore - 1_500);
    expect(await clearing()).toBe(clearingBefore + 1_500);

    // Another, won with the fee given back, whose only event to arrive is the closing one: it posts both movements.
    const other = await paidByCard(2_000);
    const otherCharged = fake.intent(other.ref)?.amount ?? 0;
    const clearingThen = await clearing(); // the purchase paid into it
    const closed = await webhook(
      fake.disputeEvent('charge.dispute.closed', other.ref, {
        id: 'dp_won_fee',
        status: 'won',
        reinstated: true,
        reinstatedFee: -1_500,
      }),
    );
    expect(closed.json()).toMatchObject({ processed: true, outcome: 'dispute.closed:won:moved:0' });
    const back = (await disputeMovements('dp_won_fee')).find((m) => m.reference.endsWith('_reinstated'));
    expect(back?.entries).toEqual(
      expect.arrayContaining([
        { memo: 'dispute_reinstated', amountCents: -otherCharged },
        { memo: 'dispute_fee', amountCents: -1_500 },
        { memo: 'dispute_reinstated', amountCents: otherCharged },
        { memo: 'dispute_fee', amountCents: 1_500 },
      ]),
    );
    expect(await disputes()).toBe(disputesBefore - 1_500);
    expect(await clearing()).toBe(clearingThen);
    expect(await ledgerInvariants(db())).toMatchObject({ unbalancedTransactions: 0, negativeBalances: 0 });
  });

  it('a dispute of funds added by card moves the money; one of a payment that is not ours moves nothing', async () => {
    const b = await buyer(t.app);
    const deposit = await t.app.inject({
      method: 'POST',
      url: '/api/v2/balance/deposits',
      headers: { ...b.headers, 'idempotency-key': 'deposit-then-dispute' },
      payload: { amount_in_cents: 2_500, payment_token: STRIPE_TEST_PMS.succeeds },
    });
    expect(deposit.statusCode, deposit.body).toBe(200);
    const ref =
      fake.intents().find((p) => p.metadata.reference?.startsWith(`deposit:${b.userId}:`))?.id ?? '';
    const [disputesBefore, clearingBefore] = [await disputes(), await clearing()];
    const ours = await webhook(
      fake.disputeEvent('charge.dispute.funds_withdrawn', ref, {
        id: 'dp_deposit',
        status: 'needs_response',
        withdrawn: true,
      }),
    );
    expect(ours.json()).toMatchObject({
      processed: true,
      outcome: 'dispute.funds_withdrawn:needs_response:moved:-4000',
    });
    expect([await disputes(), await clearing()]).toEqual([disputesBefore - 4_000, clearingBefore + 4_000]);

    const res = await webhook(
      fake.disputeEvent('charge.dispute.funds_withdrawn', 'pi_not_ours', {
        id: 'dp_elsewhere',
        status: 'needs_response',
        amount: 4_000,
        withdrawn: true,
      }),
    );
    expect(res.json()).toMatchObject({
      processed: true,
      outcome: 'dispute.funds_withdrawn:needs_response:not_ours',
    });
    expect(await disputeMovements('dp_elsewhere')).toEqual([]);
    expect([await disputes(), await clearing()]).toEqual([disputesBefore - 4_000, clearingBefore + 4_000]);
  });
});

describe('Klarna and Gemini balance beside the real Stripe', () => {
  it('an intent left waiting on Klarna from before Stripe was set up is still released: the sweep goes on', async () => {
    const { listing } = await listedToken(t.app);
    const b = await buyer(t.app);
    const m = await match(b, listing.id);
    // As a store used without Stripe left it: waiting on Klarna's step, and now past its time.
    await db()
      .update(schema.purchaseIntents)
      .set({
        paymentMethod: 'stripe_klarna',
        paymentState: 'requires_action',
        providerReference: 'kl_sim_from_before',
        expiresAt: new Date(t.clock.now().getTime() - 60_000),
      })
      .where(eq(schema.purchaseIntents.id, m.listingMatchId));
    // A card waiting on its step, expired as well, whose Stripe authorisation must still be voided.
    const { listing: other } = await listedToken(t.app);
    const c = await buyer(t.app);
    const m2 = await match(c, other.id);
    await pay(c, m2.listingMatchId, { payment_token: STRIPE_TEST_PMS.requiresAction });
    const ref = (await intentRow(m2.listingMatchId))?.providerReference ?? '';
    t.clock.advance(20 * 60_000);
    await t.app.services.trading.expireDue();
    await t.app.services.trading.releaseDue();
    expect(fake.intent(ref)?.status).toBe('canceled');
    expect((await intentRow(m.listingMatchId))?.paymentState).toBe('expired');
  });

  it('are neither quoted nor taken: they are simulated, and would deliver for money nobody took', async () => {
    const { token, listing, seller } = await listedToken(t.app);
    const b = await buyer(t.app);
    const m = await match(b, listing.id);
    expect(m.purchaseIntent.quotes.map((q) => q.paymentMethod).sort()).toEqual(['balance', 'stripe_card']);
    for (const [method, token_] of [
      ['stripe_klarna', SIM_EXTERNAL_TOKENS.klarnaApproves],
      ['gemini_balance', SIM_EXTERNAL_TOKENS.geminiFunded],
    ] as const) {
      const res = await pay(b, m.listingMatchId, { payment_method: method, payment_token: token_ });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({ errorType: 'payment-method-unavailable' });
    }
    expect(await ownerOf(token.id)).toBe(seller.userId);
  });
});

describe("Stripe's client secret for the browser's 3-D Secure step (decision 009, Stripe.js)", () => {
  const send = async (
    s: TestSession,
    method: 'GET' | 'POST',
    url: string,
    payload?: Record<string, unknown>,
  ) => {
    const res = await t.app.inject({
      method,
      url: `/api${url}`,
      headers: { ...s.headers, 'idempotency-key': crypto.randomUUID() },
      ...(payload === undefined ? {} : { payload }),
    });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    // biome-ignore lint/suspicious/noExplicitAny: the answers are read loosely in assertions
    return res.json() as Record<string, any>;
  };

  it('an offer waiting on its step answers the client secret, and opens once Stripe saw the step passed', async () => {
    // A listed token: any token a maker may make an offer on (the seller keeps it listed).
    const { token } = await listedToken(t.app);
    const maker = await buyer(t.app);
    const made = await send(maker, 'POST', '/v2/offer', {
      type: 'offer',
      contractAddress: token.contractAddress,
      tokenId: token.tokenId,
      amount: { amount: '40', currency: 'USD' },
      payment_method: 'stripe_card',
      payment_token: STRIPE_TEST_PMS.requiresAction,
    });
    const id = made.offer.id as number;
    const [row] = await db().select().from(schema.offers).where(eq(schema.offers.id, id));
    const ref = row?.providerReference ?? '';
    expect(made.offer).toMatchObject({
      status: 'requires_action',
      nextAction: { clientSecret: fake.intent(ref)?.client_secret },
    });
    const complete = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/v2/offer/${id}/complete-action`,
        headers: { ...maker.headers, 'idempotency-key': crypto.randomUUID() },
      });
    // Not passed yet at Stripe: the offer still waits.
    const early = await complete();
    expect(early.statusCode, early.body).toBe(422);
    expect(early.json()).toMatchObject({ errorType: 'payment-requires-action' });
    fake.authenticate(ref);
    const done = await complete();
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ offer: { status: 'open' } });
    expect(fake.intent(ref)?.status).toBe('requires_capture');
    const [open] = await db().select().from(schema.offers).where(eq(schema.offers.id, id));
    expect(open).toMatchObject({ status: 'open', cardBrand: 'Visa', cardLast4: '3184' });
  });

  it('a bid answered 202 carries the client secret; sent again once Stripe saw the step passed, it is placed', async () => {
    const { nifty } = await auctionNifty(t.app);
    const bidder = await buyer(t.app);
    const bid = (extra: Record<string, unknown>) =>
      placeBid(t.app, { ...bidder.headers, 'idempotency-key': crypto.randomUUID() }, nifty, '12', {
        payment_method: 'stripe_card',
        ...extra,
      });
    const asked = await bid({ payment_token: STRIPE_TEST_PMS.requiresAction });
    expect(asked.statusCode, asked.body).toBe(202);
    const { cardVerificationId, nextAction } = (
      asked.json() as { requiresAction: { cardVerificationId: number; nextAction: { clientSecret: string } } }
    ).requiresAction;
    const [row] = await db()
      .select()
      .from(schema.cardVerifications)
      .where(eq(schema.cardVerifications.id, cardVerificationId));
    const ref = row?.providerReference ?? '';
    expect(nextAction.clientSecret).toBe(fake.intent(ref)?.client_secret);
    // Sent again before the step is done at Stripe: still waiting, nothing placed.
    const early = await bid({ card_verification_id: cardVerificationId });
    expect(early.statusCode, early.body).toBe(422);
    fake.authenticate(ref);
    const placed = await bid({ card_verification_id: cardVerificationId });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(fake.intent(ref)?.status).toBe('requires_capture');
  });

  it('a deposit waiting on its step answers the PaymentIntent’s client secret', async () => {
    const b = await buyer(t.app);
    const answer = await send(b, 'POST', '/v2/balance/deposits', {
      amount_in_cents: 2_000,
      payment_token: STRIPE_TEST_PMS.requiresAction,
    });
    const ref =
      fake.intents().find((p) => p.metadata.reference?.startsWith(`deposit:${b.userId}:`))?.id ?? '';
    expect(answer.requiresAction.nextAction.clientSecret).toBe(fake.intent(ref)?.client_secret);
    expect(answer.balanceInCents).toBe(0);
  });

  it('a publisher fee waiting on its step answers the client secret, and so does its read again', async () => {
    const f = fixtures(db(), { now: t.clock.now() });
    const user = await f.user();
    const publisher = await f.publisher({ slug: 'stripe-fee-pub', name: 'Stripe Fee Pub' });
    await db()
      .insert(schema.publisherMembers)
      .values({ publisherId: publisher.id, userId: user.id, role: 'owner' });
    const owner = await sessionFor(t.app, user.profileUrl);
    const hoursFromNow = (h: number) => new Date(t.clock.now().getTime() + h * 3_600_000).toISOString();
    const drop = await send(owner, 'POST', '/publisher/stripe-fee-pub/drops', {
      title: 'Stripe Fee Garden',
      slug: 'stripe-fee-garden',
      introText: 'A drop that pays its fee through Stripe',
      previewAsset: '/api/media/preview.png',
      coverAsset: '/api/media/cover.png',
      visibleStartDateTime: hoursFromNow(2),
      visibleEndDateTime: hoursFromNow(50),
    });
    const created = await send(owner, 'POST', '/v2/publisher-fee', { collection_template: drop.id });
    const id = created.publisherFee.publisherFeeId as number;
    const paid = await send(owner, 'POST', `/v2/publisher-fee/${id}/pay`, {
      payment_method: 'stripe_card',
      payment_token: STRIPE_TEST_PMS.requiresAction,
    });
    const secret = fake.intent(paid.stripePaymentIntent.id)?.client_secret;
    expect(secret).toMatch(/_secret_/);
    expect(paid.stripePaymentIntent).toMatchObject({
      clientSecret: secret,
      nextAction: { clientSecret: secret },
    });
    // The page read again mid-step (a reload): the same secret, read from Stripe.
    const read = await send(owner, 'GET', `/v2/publisher-fee/${id}`);
    expect(read.stripePaymentIntent).toMatchObject({ status: 'requires_action', clientSecret: secret });
  });
});
