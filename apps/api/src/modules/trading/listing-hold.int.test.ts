// Buy Now's 'On Hold' (000 §4, decision 009 "Buy flow"): another buyer's payment for a listing that waits
// on its second step puts the listing on hold for everyone else, not for that buyer; the hold is read per
// viewer (`GET /api/v2/listings/{id}/hold`, never cached) and ends with the payment, a paid purchase or
// the intent's time.
import { schema } from '@vitrine/db';
import type { ListingHold, ListingMatch } from '@vitrine/domain/trading-responses';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../testing/test-app';
import type { TestSession } from '../social/test-session';
import { TEST_CARDS } from './payment-providers';
import { createTradingRepo } from './trading.repo';
import { PURCHASE_INTENT_TTL_MS } from './trading.service';
import { buyer, listedToken } from './trading-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ seed: false });
});
afterAll(async () => {
  await t.close();
});

async function card(s: TestSession, number: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/sim-card-processor/payment_methods',
    headers: s.headers,
    payload: { number, exp_month: 12, exp_year: 2030, cvc: '123' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { id: string }).id;
}

const matchRes = (s: TestSession, listingId: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v2/listing-match/',
    headers: s.headers,
    payload: { listing_id: listingId },
  });

async function match(s: TestSession, listingId: number): Promise<ListingMatch> {
  const res = await matchRes(s, listingId);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ListingMatch;
}

async function hold(listingId: number, s?: TestSession): Promise<ListingHold> {
  const res = await t.app.inject({
    url: `/api/v2/listings/${listingId}/hold`,
    ...(s ? { headers: s.headers } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.json() as ListingHold;
}

/** A buyer whose card payment for the listing waits on its second step. */
async function payingWithSecondStep(listingId: number) {
  const b = await buyer(t.app);
  const m = await match(b, listingId);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v2/purchase-intent/${m.listingMatchId}/pay`,
    headers: b.headers,
    payload: { payment_token: await card(b, TEST_CARDS.requiresAction) },
  });
  expect(res.json()).toMatchObject({ paymentState: 'requires_action' });
  return { b, m };
}

describe('a listing on hold', () => {
  it('is not on hold while buyers only look at their checkout', async () => {
    const { listing } = await listedToken(t.app);
    const [a, b] = [await buyer(t.app), await buyer(t.app)];
    await match(a, listing.id);
    expect(await hold(listing.id, b)).toEqual({
      listingId: listing.id,
      onHold: false,
      heldByYou: false,
      heldUntil: null,
    });
  });

  it("is on hold for everyone but the buyer whose payment is in progress, and refuses others' Buy Now", async () => {
    const { listing } = await listedToken(t.app);
    const { b: holder, m } = await payingWithSecondStep(listing.id);
    const other = await buyer(t.app);

    const seen = await hold(listing.id, other);
    expect(seen).toMatchObject({ listingId: listing.id, onHold: true, heldByYou: false });
    expect(seen.heldUntil).toBe(m.purchaseIntent.expiresAt);
    expect(await hold(listing.id)).toMatchObject({ onHold: true, heldByYou: false });
    expect(await hold(listing.id, holder)).toMatchObject({ onHold: false, heldByYou: true });

    const refused = await matchRes(other, listing.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ errorType: 'listing-on-hold' });

    // The holder finishes the second step: the listing is sold, nobody's hold any more.
    const done = await t.app.inject({
      method: 'POST',
      url: `/api/v2/purchase-intent/${m.listingMatchId}/complete-action`,
      headers: holder.headers,
    });
    expect(done.json()).toMatchObject({ paymentState: 'paid' });
    expect(await hold(listing.id, other)).toMatchObject({ onHold: false, heldByYou: false });
  });

  it('ends when the holder switches away from the card, and when the intent runs out of time', async () => {
    const { listing } = await listedToken(t.app);
    const { b: holder, m } = await payingWithSecondStep(listing.id);
    const other = await buyer(t.app);
    expect((await hold(listing.id, other)).onHold).toBe(true);
    const switched = await t.app.inject({
      method: 'PATCH',
      url: `/api/v2/listing-match/${m.listingMatchId}`,
      headers: holder.headers,
      payload: { payment_method: 'balance' },
    });
    expect(switched.statusCode, switched.body).toBe(200);
    expect((await hold(listing.id, other)).onHold).toBe(false);

    await payingWithSecondStep(listing.id);
    expect((await hold(listing.id, other)).onHold).toBe(true);
    t.clock.advance(PURCHASE_INTENT_TTL_MS + 1);
    expect((await hold(listing.id, other)).onHold).toBe(false);
    expect((await matchRes(other, listing.id)).statusCode).toBe(200);
  });

  // Security review, 2026-12-06: one account put every listing on hold at once (a second step started on each,
  // never finished, renewed before its time ran out). A person passes one verification at a time: a buyer's new
  // step drops the one that waited before, which frees its listing and voids its authorisation.
  it('holds one listing per buyer: a second step started elsewhere frees the listing held before', async () => {
    const [first, second] = [(await listedToken(t.app)).listing, (await listedToken(t.app)).listing];
    const { b, m } = await payingWithSecondStep(first.id);
    const other = await buyer(t.app);
    expect(await hold(first.id, other)).toMatchObject({ onHold: true });
    const [before] = await t.app.config.database.db
      .select({ reference: schema.purchaseIntents.providerReference })
      .from(schema.purchaseIntents)
      .where(eq(schema.purchaseIntents.id, m.listingMatchId));
    const waiting = before?.reference ?? '';
    expect(t.app.services.cardProcessor.charges().find((c) => c.id === waiting)?.status).toBe(
      'requires_action',
    );
    const m2 = await match(b, second.id);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v2/purchase-intent/${m2.listingMatchId}/pay`,
      headers: b.headers,
      payload: { payment_token: await card(b, TEST_CARDS.requiresAction) },
    });
    expect(res.json()).toMatchObject({ paymentState: 'requires_action' });
    expect(await hold(second.id, other)).toMatchObject({ onHold: true });
    expect(await hold(first.id, other)).toMatchObject({ onHold: false });
    // The first checkout is open again (its buyer can pay it), and its authorisation is released.
    const status = await t.app.inject({
      url: `/api/v2/listing-match/${m.listingMatchId}`,
      headers: b.headers,
    });
    expect(status.json()).toMatchObject({ purchaseIntent: { paymentState: 'pending' } });
    expect(t.app.services.cardProcessor.charges().find((c) => c.id === waiting)?.status).toBe('voided');
  });

  // QA 2026-12-07: a buyer who pressed Cancel in the verification dialog kept the listing on hold for everyone for up
  // to 15 minutes, paying for nothing. Cancel gives the step up: the listing is free, the authorisation voided, and
  // a step completed after it settles nothing; another buyer's cancel, or a retry, changes nothing.
  it('ends when the holder cancels the second step', async () => {
    const { listing } = await listedToken(t.app);
    const { b: holder, m } = await payingWithSecondStep(listing.id);
    const other = await buyer(t.app);
    expect((await hold(listing.id, other)).onHold).toBe(true);
    const [before] = await t.app.config.database.db
      .select({ reference: schema.purchaseIntents.providerReference })
      .from(schema.purchaseIntents)
      .where(eq(schema.purchaseIntents.id, m.listingMatchId));
    const cancel = (s: TestSession) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v2/purchase-intent/${m.listingMatchId}/cancel-action`,
        headers: s.headers,
      });
    expect((await cancel(other)).statusCode).toBe(404);
    expect((await hold(listing.id, other)).onHold).toBe(true);
    const cancelled = await cancel(holder);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ paymentState: 'pending' });
    expect((await hold(listing.id, other)).onHold).toBe(false);
    expect(t.app.services.cardProcessor.charges().find((c) => c.id === before?.reference)?.status).toBe(
      'voided',
    );
    // Again: as it is.
    expect((await cancel(holder)).json()).toMatchObject({ paymentState: 'pending' });
    // The step completed late settles nothing: the checkout is open, and pays again with a new card.
    const late = await t.app.inject({
      method: 'POST',
      url: `/api/v2/purchase-intent/${m.listingMatchId}/complete-action`,
      headers: holder.headers,
    });
    expect(late.statusCode).toBe(409);
    expect((await matchRes(other, listing.id)).statusCode).toBe(200);
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/v2/purchase-intent/${m.listingMatchId}/pay`,
      headers: holder.headers,
      payload: { payment_token: await card(holder, TEST_CARDS.succeeds) },
    });
    expect(paid.json()).toMatchObject({ paymentState: 'paid' });
  });

  // Review 2026-12-07: a cancel that read the step before a payment in another tab started a new one dropped the new
  // one (its authorisation never voided). It gives up only the step it read.
  it('a cancel gives up only the step it read, not one a payment in another tab started since', async () => {
    const { listing } = await listedToken(t.app);
    const { m } = await payingWithSecondStep(listing.id);
    const repo = createTradingRepo(t.app.config.database.db);
    expect(await repo.dropWaitingStep(m.listingMatchId, 'pm_sim_an_older_step', t.clock.now())).toBeNull();
    expect((await hold(listing.id)).onHold).toBe(true);
  });

  it('answers 404 for an unknown listing', async () => {
    const res = await t.app.inject({ url: '/api/v2/listings/999999/hold' });
    expect(res.statusCode).toBe(404);
  });
});
