// The publisher fee through the real app (decision 017 "Publisher fee"): a member creates the drop's fee,
// pays it by card or from the balance (one ledger movement to platform_revenue, summing to zero), publishing
// is refused before and accepted after, another publisher's member is refused, and a retried payment with the
// same Idempotency-Key pays once. The drop list then shows the drop's editions sold and proceeds.
import { randomUUID } from 'node:crypto';
import { schema } from '@vitrine/db';
import { fixtures } from '@vitrine/db/testing';
import { PUBLISHER_FEE_CENTS, primaryFeeBreakdown } from '@vitrine/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SWEEP_JOB } from '../../app';
import { type TestApp, testApp } from '../../testing/test-app';
import { sessionFor, type TestSession } from '../social/test-session';
import { createLedgerRepo } from '../trading/ledger.repo';
import { TEST_CARDS } from '../trading/payment-providers';
import { accountBalance, buyer, fund, ledgerInvariants } from '../trading/trading-helpers';

let t: TestApp;
let owner: TestSession;
let ownerId: number;
let rival: TestSession;
const slug = 'fee-pub';
const HOUR = 3_600_000;
const db = () => t.app.config.database.db;
const at = (hours: number) => new Date(t.clock.now().getTime() + hours * HOUR).toISOString();

beforeAll(async () => {
  t = await testApp({ seed: false });
  const f = fixtures(db(), { now: t.clock.now() });
  const u = await f.user({ profileUrl: 'fee-owner' });
  ownerId = u.id;
  const r = await f.user({ profileUrl: 'fee-rival' });
  const publisher = await f.publisher({ slug, name: 'Fee Pub' });
  const other = await f.publisher({ slug: 'rival-pub', name: 'Rival Pub' });
  await db()
    .insert(schema.publisherMembers)
    .values([
      { publisherId: publisher.id, userId: u.id, role: 'owner' },
      { publisherId: other.id, userId: r.id, role: 'owner' },
    ]);
  owner = await sessionFor(t.app, u.profileUrl);
  rival = await sessionFor(t.app, r.profileUrl);
});
afterAll(async () => {
  await t.close();
});

type Json = Record<string, unknown>;
const call = async (s: TestSession | null, method: string, url: string, payload?: Json, key?: string) => {
  const res = await t.app.inject({
    method: method as 'GET',
    url: `/api${url}`,
    headers: { ...(s ? s.headers : {}), ...(key ? { 'idempotency-key': key } : {}) },
    ...(payload === undefined ? {} : { payload }),
  });
  // biome-ignore lint/suspicious/noExplicitAny: the answers are read loosely in assertions
  return { status: res.statusCode, body: (res.body ? res.json() : {}) as Json & Record<string, any> };
};
const ok = async (s: TestSession | null, method: string, url: string, payload?: Json, key?: string) => {
  const res = await call(s, method, url, payload, key);
  expect(res.status, `${method} ${url}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
};
const card = async (s: TestSession, number: string = TEST_CARDS.succeeds) =>
  (
    await ok(s, 'POST', '/sim-card-processor/payment_methods', {
      number,
      exp_month: 12,
      exp_year: 2030,
      cvc: '123',
    })
  ).id as string;

/** A drop ready to publish (one collection, one FCFS NFT at $25), terms agreed. */
async function readyDrop() {
  const drop = await ok(owner, 'POST', `/publisher/${slug}/drops`, {
    title: 'Fee Garden',
    slug: `fee-garden-${randomUUID().slice(0, 8)}`,
    introText: 'A drop that pays its fee',
    previewAsset: '/api/media/preview.png',
    coverAsset: '/api/media/cover.png',
    visibleStartDateTime: at(2),
    visibleEndDateTime: at(50),
  });
  const collection = await ok(owner, 'POST', `/publisher/${slug}/drops/${drop.id}/collections`, {
    name: `Fees ${drop.id}`,
  });
  const nft = await ok(owner, 'POST', `/publisher/${slug}/collections/${collection.id}/nfts`, {
    title: 'Coin',
    description: 'A coin for the fee',
    asset: '/api/media/coin.png',
    ipfsCid: 'bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi',
    tags: ['money'],
    price: 25,
    editionSize: 10,
  });
  await ok(owner, 'POST', `/publisher/${slug}/tos_approval`, {});
  return { drop, collection, nft };
}

/** Pays fee `id` with a card that needs a second step: answers the authorisation left waiting. */
const pay3ds = async (id: number) =>
  (
    await ok(owner, 'POST', `/v2/publisher-fee/${id}/pay`, {
      payment_method: 'stripe_card',
      payment_token: await card(owner, TEST_CARDS.requiresAction),
    })
  ).stripePaymentIntent.id as string;

const platformRevenue = () => accountBalance(db(), { kind: 'platform_revenue' });
/** The movement that gave fee `feeId` back, its entries smallest first. */
const givenBack = async (feeId: number) =>
  (
    (await db().execute(
      sql`select e.amount_cents::int as amount, e.memo from ledger_entries e
            join ledger_transactions x on x.id = e.transaction_id
           where x.reference = ${`publisher_fee_refunded:${feeId}`} order by e.amount_cents`,
    )) as unknown as { rows: { amount: number; memo: string }[] }
  ).rows;
const feeMovements = async (feeId: number) => {
  const rows = await db().execute(
    sql`select e.amount_cents::int as amount, e.memo from ledger_entries e
          join ledger_transactions x on x.id = e.transaction_id
         where x.kind = 'publisher_fee' and x.reference = ${`publisher_fee:${feeId}`}
         order by e.amount_cents`,
  );
  return (rows as unknown as { rows: { amount: number; memo: string }[] }).rows;
};

describe('the publisher fee', () => {
  it('is created per drop, refuses publishing until paid by card, then publishes; the ledger balances', async () => {
    const { drop } = await readyDrop();
    const check = await ok(owner, 'GET', `/publisher/${slug}/drop/publish/${drop.id}`);
    expect(check).toMatchObject({ canPublish: true, publisherFeePaid: false });

    const refused = await call(owner, 'PATCH', `/publisher/${slug}/drop/publish/${drop.id}`, {});
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({
      errorType: 'publisher_fee_required',
      message: 'Please pay the publisher fee before publishing this drop',
    });

    const created = await ok(owner, 'POST', '/v2/publisher-fee', { collection_template: drop.id });
    expect(created.publisherFee).toMatchObject({
      collectionTemplate: drop.id,
      amountInCents: PUBLISHER_FEE_CENTS,
      paymentState: 'pending',
      paymentCurrency: 'USD',
    });
    const id = created.publisherFee.publisherFeeId;
    const again = await ok(owner, 'POST', '/v2/publisher-fee', { collection_template: drop.id });
    expect(again.publisherFee.publisherFeeId).toBe(id);

    const chosen = await ok(owner, 'PATCH', `/v2/publisher-fee/${id}`, { payment_method: 'stripe_card' });
    expect(chosen.publisherFee).toMatchObject({ paymentMethod: 'stripe_card', paymentCurrency: 'USD' });

    const declined = await call(owner, 'POST', `/v2/publisher-fee/${id}/pay`, {
      payment_method: 'stripe_card',
      payment_token: await card(owner, TEST_CARDS.declines),
    });
    expect(declined.status).toBe(402);
    expect((await ok(owner, 'GET', `/v2/publisher-fee/${id}`)).publisherFee.paymentState).toBe('pending');

    const revenueBefore = await platformRevenue();
    const paid = await ok(owner, 'POST', `/v2/publisher-fee/${id}/pay`, {
      payment_method: 'stripe_card',
      payment_token: await card(owner),
    });
    expect(paid.publisherFee).toMatchObject({ paymentState: 'paid', paymentMethod: 'stripe_card' });
    expect(await platformRevenue()).toBe(revenueBefore + PUBLISHER_FEE_CENTS);
    expect(await feeMovements(id)).toEqual([
      { amount: -PUBLISHER_FEE_CENTS, memo: 'card_payment' },
      { amount: PUBLISHER_FEE_CENTS, memo: 'publisher_fee' },
    ]);

    expect((await ok(owner, 'GET', `/publisher/${slug}/drop/publish/${drop.id}`)).publisherFeePaid).toBe(
      true,
    );
    const published = await ok(owner, 'PATCH', `/publisher/${slug}/drop/publish/${drop.id}`, {});
    expect(published.message).toBe('Latest changes successfully published.');
    expect(await ledgerInvariants(db())).toMatchObject({
      unbalancedTransactions: 0,
      holdsBeyondBalance: 0,
      negativeBalances: 0,
      sumOfAllEntries: 0,
    });
  });

  it('is paid from the balance; a retry with the same Idempotency-Key pays once', async () => {
    const { drop } = await readyDrop();
    const id = (await ok(owner, 'POST', '/v2/publisher-fee', { collection_template: drop.id })).publisherFee
      .publisherFeeId;
    const short = await call(owner, 'POST', `/v2/publisher-fee/${id}/pay`, { payment_method: 'balance' });
    expect(short.status).toBe(402);
    expect(short.body.errorType).toBe('insufficient-funds');

    await fund(db(), ownerId, 10_000, t.clock.now());
    const key = 'fee-retry-1';
    const [first, second] = await Promise.all([
      call(owner, 'POST', `/v2/publisher-fee/${id}/pay`, { payment_method: 'balance' }, key),
      call(owner, 'POST', `/v2/publisher-fee/${id}/pay`, { payment_method: 'balance' }, key),
    ]);
    const third = await call(
      owner,
      'POST',
      `/v2/publisher-fee/${id}/pay`,
      { payment_method: 'balance' },
      key,
    );
    const statuses = [first.status, second.status, third.status];
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(2);
    expect(third.body.publisherFee.paymentState).toBe('paid');
    // A different key on a paid fee answers it as paid and charges nothing.
    const later = await ok(
      owner,
      'POST',
      `/v2/publisher-fee/${id}/pay`,
      { payment_method: 'balance' },
      'other',
    );
    expect(later.publisherFee.paymentState).toBe('paid');

    const profile = await ok(owner, 'GET', '/user/profile/');
    expect(profile.account_balance_in_cents).toBe(10_000 - PUBLISHER_FEE_CENTS);
    expect(await feeMovements(id)).toEqual([
      { amount: -PUBLISHER_FEE_CENTS, memo: 'publisher_fee' },
      { amount: PUBLISHER_FEE_CENTS, memo: 'publisher_fee' },
    ]);
    await ok(owner, 'PATCH', `/publisher/${slug}/drop/publish/${drop.id}`, {});
    expect((await ledgerInvariants(db())).unbalancedTransactions).toBe(0);
  });

  it('two card payments at once (different cards, different keys): one movement, one capture', async () => {
    const { drop } = await readyDrop();
    const id = (await ok(owner, 'POST', '/v2/publisher-fee', { collection_template: drop.id })).publisherFee
      .publisherFeeId;
    const [a, b] = [await card(owner), await card(owner, '5555555555554444')];
    const answers = await Promise.all(
      [a, b].map((token, i) =>
        call(
          owner,
          'POST',
          `/v2/publisher-fee/${id}/pay`,
          { payment_method: 'stripe_card', payment_token: token },
          `race-${i}`,
        ),
      ),
    );
    for (const res of answers) {
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.publisherFee.paymentState).toBe('paid');
    }
    expect((await feeMovements(id)).length).toBe(2);
    const mine = t.app.services.cardProcessor.charges().filter((c) => c.reference === `publisher_fee:${id}`);
    // The second may find the fee paid before it authorises (no charge), or lose after (its charge voided).
    expect(mine.length).toBeGreaterThanOrEqual(1);
    expect(mine.filter((c) => c.status === 'captured').length).toBe(1);
    expect(mine.every((c) => c.status === 'captured' || c.status === 'voided')).toBe(true);
    expect((await ledgerInvariants(db())).unbalancedTransactions).toBe(0);
  });

  it('a card capture that fails after the fee is paid still answers paid, and the minute sweep takes the money', async () => {
    const { drop } = await readyDrop();
    const id = (await ok(owner, 'POST', '/v2/publisher-fee', { collection_template: drop.id })).publisherFee
      .publisherFeeId;
    const token = await card(owner);
    const provider = t.app.services.cardProcessor.provider;
    const capture = provider.capture;
    provider.capture = async () => {
      throw new Error('processor unreachable');
    };
    let paid: Awaited<ReturnType<typeof call>>;
    try {
      paid = await call(owner, 'POST', `/v2/publisher-fee/${id}/pay`, {
        payment_method: 'stripe_card',
        payment_token: token,
      });
    } finally {
      provider.capture = capture;
    }
    // The fee was paid (its movement committed): the publisher is told so, not that it failed.
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.publisherFee.paymentState).toBe('paid');
    const charge = () =>
      t.app.services.cardProcessor.charges().find((c) => c.reference === `publisher_fee:${id}`)?.status;
    expect(charge()).toBe('authorized');
    t.clock.advance(2 * 60_000);
    await t.app.services.jobs.send(SWEEP_JOB, {}, { singletonKey: 'sweep' });
    await t.app.services.jobs.drain();
    expect(charge()).toBe('captured');
    expect(await t.app.services.publisherFees.captureDue()).toBe(0);
  });

  it('a card needing a second step (3-D Secure) waits for it; on confirmation the fee is paid and the drop publishes', async () => {
    const { drop } = await readyDrop();
    const id = (await ok(owner, 'POST', '/v2/publisher-fee', { collection_template: drop.id })).publisherFee
      .publisherFeeId;
    const nothing = await call(owner, 'POST', `/v2/publisher-fee/${id}/complete-action`);
    expect(nothing.status).toBe(409);
    expect(nothing.body.errorType).toBe('payment-not-waiting');

    const revenueBefore = await platformRevenue();
    const waiting = await ok(owner, 'POST', `/v2/publisher-fee/${id}/pay`, {
      payment_method: 'stripe_card',
      payment_token: await card(owner, TEST_CARDS.requiresAction),
    });
    expect(waiting.publisherFee.paymentState).toBe('pending');
    expect(waiting.stripePaymentIntent).toMatchObject({
      status: 'requires_action',
      nextAction: { type: 'sim_three_d_secure' },
    });
    const charge = () =>
      t.app.services.cardProcessor.charges().find((c) => c.id === waiting.stripePaymentIntent.id);
    expect(charge()?.status).toBe('requires_action');
    // Nothing is paid yet: no movement, publishing refused; a reload shows the step still waiting.
    expect(await feeMovements(id)).toEqual([]);
    expect(await platformRevenue()).toBe(revenueBefore);
    expect((await call(owner, 'PATCH', `/publisher/${slug}/drop/publish/${drop.id}`, {})).status).toBe(402);
    const reloaded = await ok(owner, 'GET', `/v2/publisher-fee/${id}`);
    expect(reloaded.stripePaymentIntent).toMatchObject({
      id: waiting.stripePaymentIntent.id,
      status: 'requires_action',
    });
    // Another member's publisher cannot finish it.
    expect((await call(rival, 'POST', `/v2/publisher-fee/${id}/complete-action`)).status).toBe(404);

    // The verification passes; finishing it twice at once pays once.
    const done = await Promise.all(
      [0, 1, 2].map((i) =>
        call(owner, 'POST', `/v2/publisher-fee/${id}/complete-action`, undefined, `3ds-${i}`),
      ),
    );
    for (const res of done) {
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.publisherFee).toMatchObject({ paymentState: 'paid', paymentMethod: 'stripe_card' });
      expect(res.body.stripePaymentIntent).toBeUndefined();
    }
    expect(charge()?.status).toBe('captured');
    expect(await feeMovements(id)).toEqual([
      { amount: -PUBLISHER_FEE_CENTS, memo: 'card_payment' },
      { amount: PUBLISHER_FEE_CENTS, memo: 'publisher_fee' },
    ]);
    expect(await platformRevenue()).toBe(revenueBefore + PUBLISHER_FEE_CENTS);
    const published = await ok(owner, 'PATCH', `/publisher/${slug}/drop/publish/${drop.id}`, {});
    expect(published.message).toBe('Latest changes successfully published.');
    expect((await ok(owner, 'GET', `/v2/publisher-fee/${id}`)).stripePaymentIntent).toBeUndefined();
    expect(await ledgerInvariants(db())).toMatchObject({
      unbalancedTransactions: 0,
      holdsBeyondBalance: 0,
    });
  });

  it('a waiting 3-D Secure payment is voided when another card waits instead, or the fee is paid otherwise', async () => {
    const { drop } = await readyDrop();
    const id = (await ok(owner, 'POST', '/v2/publisher-fee', { collection_template: drop.id })).publisherFee
      .publisherFeeId;
    const chargeOf = (ref: string) => t.app.services.cardProcessor.charges().find((c) => c.id === ref);
    const first = await pay3ds(id);
    const second = await pay3ds(id);
    expect(second).not.toBe(first);
    expect(chargeOf(first)?.status).toBe('voided');
    expect(chargeOf(second)?.status).toBe('requires_action');

    // Paid from the balance while the second waits, racing its confirmation: exactly one payment is taken.
    await fund(db(), ownerId, PUBLISHER_FEE_CENTS, t.clock.now());
    const balanceBefore = (await ok(owner, 'GET', '/user/profile/')).account_balance_in_cents as number;
    const [byBalance, confirmed] = await Promise.all([
      call(owner, 'POST', `/v2/publisher-fee/${id}/pay`, { payment_method: 'balance' }, 'race-balance'),
      call(owner, 'POST', `/v2/publisher-fee/${id}/complete-action`, undefined, 'race-3ds'),
    ]);
    expect(byBalance.status, JSON.stringify(byBalance.body)).toBe(200);
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const movements = await feeMovements(id);
    expect(movements).toHaveLength(2);
    const balanceAfter = (await ok(owner, 'GET', '/user/profile/')).account_balance_in_cents as number;
    if (movements.some((m) => m.memo === 'card_payment')) {
      expect(chargeOf(second)?.status).toBe('captured');
      expect(balanceAfter).toBe(balanceBefore);
    } else {
      expect(chargeOf(second)?.status).toBe('voided');
      expect(balanceAfter).toBe(balanceBefore - PUBLISHER_FEE_CENTS);
    }
    const after = await ok(owner, 'POST', `/v2/publisher-fee/${id}/complete-action`);
    expect(after.publisherFee.paymentState).toBe('paid');
    expect(await ledgerInvariants(db())).toMatchObject({ unbalancedTransactions: 0, negativeBalances: 0 });
  });

  // Money review, 2026-12-06: a completed step settled with the authorisation another card's step had replaced
  // (and voided): the fee was marked paid by card and no money could be taken.
  it('a completed step whose payment another card replaced meanwhile pays nothing with the voided authorisation', async () => {
    const { drop } = await readyDrop();
    const id = (await ok(owner, 'POST', '/v2/publisher-fee', { collection_template: drop.id })).publisherFee
      .publisherFeeId;
    const chargeOf = (ref: string) => t.app.services.cardProcessor.charges().find((c) => c.id === ref);
    const first = await pay3ds(id);
    const provider = t.app.services.cardProcessor.provider;
    const completeAction = provider.completeAction;
    let second = '';
    // The processor passes the first step; before it is settled, another tab pays with a card needing its own.
    provider.completeAction = async (reference: string) => {
      const outcome = await completeAction(reference);
      second = await pay3ds(id);
      return outcome;
    };
    let completed: Awaited<ReturnType<typeof call>>;
    try {
      completed = await call(owner, 'POST', `/v2/publisher-fee/${id}/complete-action`);
    } finally {
      provider.completeAction = completeAction;
    }
    expect(completed.status, JSON.stringify(completed.body)).toBe(409);
    expect(await feeMovements(id)).toHaveLength(0);
    expect(chargeOf(first)?.status).toBe('voided');
    // The second card's step still waits, and pays the fee once it is done.
    expect(chargeOf(second)?.status).toBe('requires_action');
    const paid = await ok(owner, 'POST', `/v2/publisher-fee/${id}/complete-action`);
    expect(paid.publisherFee.paymentState).toBe('paid');
    expect(chargeOf(second)?.status).toBe('captured');
    expect(await ledgerInvariants(db())).toMatchObject({ unbalancedTransactions: 0, negativeBalances: 0 });
  });

  // QA 2026-12-07: the $49.00 went with a deleted draft.
  it('a drop deleted before it ran gives its paid fee back to the balance it was paid from, cashable as it was', async () => {
    const { drop } = await readyDrop();
    // A member of the publisher with nothing but settled funds (added a week and a day ago) pays from the balance.
    const f = fixtures(db(), { now: t.clock.now() });
    const m = await f.user({ profileUrl: `fee-member-${randomUUID().slice(0, 6)}` });
    const [publisher] = await db().select().from(schema.publishers).where(sql`slug = ${slug}`);
    await db()
      .insert(schema.publisherMembers)
      .values({ publisherId: publisher?.id ?? 0, userId: m.id, role: 'member' });
    const member = await sessionFor(t.app, m.profileUrl);
    await fund(db(), m.id, PUBLISHER_FEE_CENTS, new Date(t.clock.now().getTime() - 8 * 24 * HOUR));
    const balanceOf = async () =>
      (await ok(member, 'GET', '/v2/balance')) as { balanceInCents: number; cashableInCents: number };
    const settled = { balanceInCents: PUBLISHER_FEE_CENTS, cashableInCents: PUBLISHER_FEE_CENTS };
    expect(await balanceOf()).toMatchObject(settled);
    const id = (await ok(member, 'POST', '/v2/publisher-fee', { collection_template: drop.id })).publisherFee
      .publisherFeeId;
    await ok(member, 'POST', `/v2/publisher-fee/${id}/pay`, { payment_method: 'balance' });
    const revenue = await platformRevenue();
    // Deleted by another member: the fee goes back to the one who paid it, as cashable as the money it was paid
    // from (settled funds: at once).
    const deleted = await ok(owner, 'DELETE', `/publisher/${slug}/drops/${drop.id}`);
    expect(deleted).toEqual({ id: drop.id, deleted: true, publisherFeeRefundedInCents: PUBLISHER_FEE_CENTS });
    expect(await balanceOf()).toMatchObject(settled);
    expect(await platformRevenue()).toBe(revenue - PUBLISHER_FEE_CENTS);
    expect(await givenBack(id)).toEqual([
      { amount: -PUBLISHER_FEE_CENTS, memo: 'publisher_fee_refunded' },
      { amount: PUBLISHER_FEE_CENTS, memo: 'publisher_fee_refunded' },
    ]);
    expect((await ledgerInvariants(db())).unbalancedTransactions).toBe(0);
    // A draft deleted without its fee paid gives nothing back.
    const { drop: unpaid } = await readyDrop();
    await ok(owner, 'POST', '/v2/publisher-fee', { collection_template: unpaid.id });
    expect(
      (await ok(owner, 'DELETE', `/publisher/${slug}/drops/${unpaid.id}`)).publisherFeeRefundedInCents,
    ).toBe(0);
  });

  it('a card fee comes back to the balance settling as card funds; not while its capture is owed; not twice', async () => {
    const payByCard = async (id: number, number: string = TEST_CARDS.succeeds) =>
      ok(owner, 'POST', `/v2/publisher-fee/${id}/pay`, {
        payment_method: 'stripe_card',
        payment_token: await card(owner, number),
      });
    const newFee = async () => {
      const { drop } = await readyDrop();
      const id = (await ok(owner, 'POST', '/v2/publisher-fee', { collection_template: drop.id })).publisherFee
        .publisherFeeId as number;
      return { drop, id };
    };
    const balance = async () => (await ok(owner, 'GET', '/v2/balance')).balanceInCents as number;

    const captured = await newFee();
    await payByCard(captured.id);
    const before = await balance();
    expect(
      (await ok(owner, 'DELETE', `/publisher/${slug}/drops/${captured.drop.id}`)).publisherFeeRefundedInCents,
    ).toBe(PUBLISHER_FEE_CENTS);
    expect(await balance()).toBe(before + PUBLISHER_FEE_CENTS);
    // Card money arriving: it settles before it may be cashed out.
    expect((await givenBack(captured.id)).map((e) => e.memo)).toEqual([
      'publisher_fee_refunded',
      'publisher_fee_card_refunded',
    ]);

    // Paid, its capture failed (owed to the minute sweep): not given back until the card is charged.
    const owed = await newFee();
    const provider = t.app.services.cardProcessor.provider;
    const capture = provider.capture;
    provider.capture = async () => {
      throw new Error('processor unreachable');
    };
    try {
      await payByCard(owed.id);
    } finally {
      provider.capture = capture;
    }
    const refused = await call(owner, 'DELETE', `/publisher/${slug}/drops/${owed.drop.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.errorType).toBe('publisher-fee-capturing');
    t.clock.advance(2 * 60_000);
    await t.app.services.publisherFees.captureDue();
    expect(
      (await ok(owner, 'DELETE', `/publisher/${slug}/drops/${owed.drop.id}`)).publisherFeeRefundedInCents,
    ).toBe(PUBLISHER_FEE_CENTS);

    // Refunded at the processor already (Stripe's webhook reversed the fee's movement): nothing more to give.
    const refunded = await newFee();
    await payByCard(refunded.id);
    const ledger = createLedgerRepo(db());
    await ledger.post({
      kind: 'refund',
      reference: `publisher_fee:${refunded.id}:refunded:${PUBLISHER_FEE_CENTS}`,
      at: t.clock.now(),
      postings: [
        {
          accountId: await ledger.houseAccount('platform_revenue'),
          amountCents: -PUBLISHER_FEE_CENTS,
          memo: 'publisher_fee_refunded',
        },
        {
          accountId: await ledger.houseAccount('payments_clearing'),
          amountCents: PUBLISHER_FEE_CENTS,
          memo: 'refund',
        },
      ],
    });
    const was = await balance();
    expect(
      (await ok(owner, 'DELETE', `/publisher/${slug}/drops/${refunded.drop.id}`)).publisherFeeRefundedInCents,
    ).toBe(0);
    expect(await balance()).toBe(was);

    // A card payment left waiting on its second step: deleting the draft lets go of its hold.
    const waiting = await newFee();
    const hold = await pay3ds(waiting.id);
    expect(
      (await ok(owner, 'DELETE', `/publisher/${slug}/drops/${waiting.drop.id}`)).publisherFeeRefundedInCents,
    ).toBe(0);
    expect(t.app.services.cardProcessor.charges().find((c) => c.id === hold)?.status).toBe('voided');
    expect((await ledgerInvariants(db())).unbalancedTransactions).toBe(0);
  });

  it('a delete and a payment of the fee at the same moment: paid and given back, or refused and nothing taken', async () => {
    for (let round = 0; round < 4; round += 1) {
      const { drop } = await readyDrop();
      await fund(db(), ownerId, PUBLISHER_FEE_CENTS, t.clock.now());
      const id = (await ok(owner, 'POST', '/v2/publisher-fee', { collection_template: drop.id })).publisherFee
        .publisherFeeId;
      const balance = (await ok(owner, 'GET', '/v2/balance')).balanceInCents as number;
      const [paid, deleted] = await Promise.all([
        call(owner, 'POST', `/v2/publisher-fee/${id}/pay`, { payment_method: 'balance' }),
        call(owner, 'DELETE', `/publisher/${slug}/drops/${drop.id}`),
      ]);
      expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
      // Either order: the balance ends where it began, and the fee is gone with its drop.
      expect([200, 404]).toContain(paid.status);
      expect(deleted.body.publisherFeeRefundedInCents).toBe(paid.status === 200 ? PUBLISHER_FEE_CENTS : 0);
      expect((await ok(owner, 'GET', '/v2/balance')).balanceInCents).toBe(balance);
    }
    expect((await ledgerInvariants(db())).unbalancedTransactions).toBe(0);
  });

  it("another publisher's member is refused everywhere; signed out gets 401", async () => {
    const { drop } = await readyDrop();
    const id = (await ok(owner, 'POST', '/v2/publisher-fee', { collection_template: drop.id })).publisherFee
      .publisherFeeId;
    const tries: [string, string, Json?][] = [
      ['POST', '/v2/publisher-fee', { collection_template: drop.id }],
      ['GET', `/v2/publisher-fee/${id}`],
      ['PATCH', `/v2/publisher-fee/${id}`, { payment_method: 'balance' }],
      ['POST', `/v2/publisher-fee/${id}/pay`, { payment_method: 'balance' }],
    ];
    for (const [method, url, body] of tries) {
      const res = await call(rival, method, url, body);
      expect(res.status, `${method} ${url}`).toBe(404);
      expect(res.body.errorType).toBe('PUBLISHER_NOT_FOUND_ERROR');
      expect((await call(null, method, url, body)).status).toBe(401);
    }
    expect((await ok(owner, 'GET', `/v2/publisher-fee/${id}`)).publisherFee.paymentState).toBe('pending');
  });

  // Security review 2026-12-07: a published drop's NFT goes public as it is saved, but only the fields sent were
  // checked: a price of -5 kept on an auction NFT became a fixed price by a change of sale type alone, and an ETH price
  // went public where checkout cannot take it.
  it("a published drop's NFT is checked whole as it is saved, its price above zero and in USD", async () => {
    const { drop, collection, nft } = await readyDrop();
    const id = (await ok(owner, 'POST', '/v2/publisher-fee', { collection_template: drop.id })).publisherFee
      .publisherFeeId;
    await ok(owner, 'POST', `/v2/publisher-fee/${id}/pay`, {
      payment_method: 'stripe_card',
      payment_token: await card(owner),
    });
    await ok(owner, 'PATCH', `/publisher/${slug}/drop/publish/${drop.id}`, {});
    const patch = (body: Json) =>
      call(owner, 'PATCH', `/publisher/${slug}/collections/${collection.id}/nfts/${nft.id}`, body);
    const eth = await patch({ sourceCurrency: 'ETH', price: '0.01' });
    expect(eth.status).toBe(400);
    expect(eth.body.fields).toEqual({
      sourceCurrency: 'Primary sales cannot be priced in ETH yet: choose USD to publish',
    });
    const auction = await patch({
      primarySaleType: 'auction',
      minimumBid: 10,
      minimumBidIncrement: 1,
      startDateTime: at(2),
      endDateTime: at(50),
    });
    expect(auction.status, JSON.stringify(auction.body)).toBe(200);
    const negative = await patch({ price: -5 });
    expect(negative.status).toBe(400);
    expect(negative.body.fields).toEqual({ price: 'Enter a price above 0' });
    // Back to a fixed price: its price (25) was kept, the NFT is whole.
    expect((await patch({ primarySaleType: 'standard' })).status).toBe(200);
    const check = await ok(owner, 'GET', `/publisher/${slug}/drop/publish/${drop.id}`);
    expect(check.fields).toEqual({});
  });

  // QA 2026-12-07: a live open edition read '0 sold · $0.00' (its sales are written when it is minted, at its close).
  it.each(['fcfs', 'open_edition'])(
    "the drop list shows each drop's editions sold and proceeds (%s)",
    async (saleType) => {
      const { drop, collection, nft } = await readyDrop();
      if (saleType === 'open_edition')
        await ok(owner, 'PATCH', `/publisher/${slug}/collections/${collection.id}/nfts/${nft.id}`, {
          primarySaleType: 'open_edition',
          startDateTime: at(2),
          endDateTime: at(50),
        });
      const id = (await ok(owner, 'POST', '/v2/publisher-fee', { collection_template: drop.id })).publisherFee
        .publisherFeeId;
      await ok(owner, 'POST', `/v2/publisher-fee/${id}/pay`, {
        payment_method: 'stripe_card',
        payment_token: await card(owner),
      });
      await ok(owner, 'PATCH', `/publisher/${slug}/drop/publish/${drop.id}`, {});
      t.clock.advance(3 * HOUR);
      try {
        for (const _ of [1, 2]) {
          const collector = await buyer(t.app);
          const intent = await ok(collector, 'POST', '/payments/purchase-intents/', {
            contract_address: nft.contractAddress,
            nifty_type: nft.niftyType,
            requested_quantity: 1,
          });
          await ok(collector, 'POST', `/v2/purchase-intent/${intent.purchaseIntentId}/pay`, {
            payment_method: 'stripe_card',
            payment_token: await card(collector),
          });
        }
        const later = await sessionFor(t.app, 'fee-owner');
        const list = await ok(later, 'GET', `/publisher/${slug}/drops`);
        const row = list.results.find((d: { id: number }) => d.id === drop.id);
        expect(row).toMatchObject({
          editionsSold: 2,
          proceedsInCents:
            2 * primaryFeeBreakdown({ unitPriceCents: 2_500, quantity: 1, method: null }).sellerReceivesCents,
        });
        expect(row.proceedsInCents).toBe(4_500);
      } finally {
        t.clock.advance(-3 * HOUR);
      }
    },
  );
});
