// Random interleavings (fast-check) of list, reprice, cancel, Buy Now, pay (card that succeeds, card that
// declines, balance), retries under the same Idempotency-Key and expiry, run in small concurrent batches,
// keep the invariants of issue #14: each token has one owner and at most one active listing, by its
// owner; one sale per paid intent, every paid intent delivered; the ledger sums to zero, no balance (the
// sum of an account's entries) below zero and no user's holds beyond their balance; a card is captured only for a paid intent, and no
// authorisation is left hanging. Offers join in (decision 009 "Offers"): make (balance or card), accept,
// cancel, and expiry a day later; every open balance offer has one active hold of its amount and no
// other hold is active, every accepted offer has its sale, and the only card authorisations left are
// those of open card offers.
import { schema } from '@vitrine/db';
import { fixtures } from '@vitrine/db/testing';
import type { ListingMatch, Offer } from '@vitrine/domain/trading-responses';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../testing/test-app';
import { sessionFor, type TestSession } from '../social/test-session';
import { TEST_CARDS } from './payment-providers';
import { PURCHASE_INTENT_TTL_MS } from './trading.service';
import { fund, ledgerInvariants } from './trading-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ seed: false, poolSize: 8 });
});
afterAll(async () => {
  await t.close();
});

type Action =
  | { kind: 'list'; user: number; token: number; cents: number }
  | { kind: 'reprice'; user: number; token: number; cents: number }
  | { kind: 'cancel'; user: number; token: number }
  | { kind: 'buy'; user: number; token: number; pay: 'card' | 'declined' | 'balance'; retry: boolean }
  | { kind: 'expire' }
  | { kind: 'offer'; user: number; token: number; cents: number; pay: 'balance' | 'card' }
  | { kind: 'accept'; user: number; token: number }
  | { kind: 'cancelOffer'; user: number; token: number }
  | { kind: 'expireOffers' };

const USERS = 3;
const TOKENS = 2;
const user = fc.integer({ min: 0, max: USERS - 1 });
const token = fc.integer({ min: 0, max: TOKENS - 1 });
const cents = fc.integer({ min: 0, max: 3_000 });
const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('list' as const), user, token, cents }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reprice' as const), user, token, cents }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), user, token }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('buy' as const),
      user,
      token,
      pay: fc.constantFrom('card' as const, 'declined' as const, 'balance' as const),
      retry: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('expire' as const) }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('offer' as const),
      user,
      token,
      cents: fc.integer({ min: 1, max: 3_000 }),
      pay: fc.constantFrom('balance' as const, 'card' as const),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('accept' as const), user, token }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancelOffer' as const), user, token }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('expireOffers' as const) }) },
);

const DAY_MS = 24 * 60 * 60 * 1000;

async function world() {
  const db = t.app.config.database.db;
  const f = fixtures(db, { now: t.clock.now() });
  const users: TestSession[] = [];
  for (let i = 0; i < USERS; i++) {
    const s = await sessionFor(t.app, (await f.user()).profileUrl);
    await fund(db, s.userId, 4_000, t.clock.now());
    users.push(s);
  }
  const nifty = await f.nifty();
  const tokens = [];
  for (let i = 0; i < TOKENS; i++) {
    const [tk] = await f.tokens({ niftyId: nifty.id, ownerId: users[i % USERS]?.userId ?? null });
    if (tk) tokens.push(tk);
  }
  return { users, tokens, startedAt: t.clock.now().getTime(), offerExpiries: 0 };
}

async function run(w: Awaited<ReturnType<typeof world>>, a: Action): Promise<void> {
  const { app } = t;
  if (a.kind === 'expire') {
    // At most three per run: the test sessions last an hour.
    if (t.clock.now().getTime() - w.startedAt < 3 * PURCHASE_INTENT_TTL_MS)
      t.clock.advance(PURCHASE_INTENT_TTL_MS + 1);
    return;
  }
  if (a.kind === 'expireOffers') {
    // A day later every offer made with expiresInDays 1 is past its time; the sessions are renewed.
    if (w.offerExpiries >= 2) return;
    w.offerExpiries++;
    t.clock.advance(DAY_MS + 1);
    w.startedAt = t.clock.now().getTime();
    const db = t.app.config.database.db;
    for (let i = 0; i < w.users.length; i++) {
      const old = w.users[i] as TestSession;
      const [row] = await db.select().from(schema.users).where(sql`${schema.users.id} = ${old.userId}`);
      w.users[i] = await sessionFor(t.app, row?.profileUrl ?? '');
    }
    await t.app.services.offers.expireDue();
    return;
  }
  const s = w.users[a.user] as TestSession;
  const tk = w.tokens[a.token] as { contractAddress: string; tokenId: string };
  if (a.kind === 'offer' || a.kind === 'accept' || a.kind === 'cancelOffer') {
    return runOffer(w, a, s, tk);
  }
  const item = await app.inject(`/api/v1/marketplace/items/${tk.contractAddress}/${tk.tokenId}/`);
  const listingId = (item.json() as { listing: { id: number } | null }).listing?.id;
  const price = {
    amount: (a.kind === 'list' || a.kind === 'reprice' ? a.cents / 100 : 0).toFixed(2),
    currency: 'USD',
  };
  let res: Awaited<ReturnType<typeof app.inject>>;
  if (a.kind === 'list') {
    res = await app.inject({
      method: 'POST',
      url: '/api/v2/listings',
      headers: s.headers,
      payload: { contractAddress: tk.contractAddress, tokenId: tk.tokenId, price },
    });
  } else if (listingId === undefined) {
    return;
  } else if (a.kind === 'reprice') {
    res = await app.inject({
      method: 'PATCH',
      url: `/api/v2/listings/${listingId}`,
      headers: s.headers,
      payload: { price },
    });
  } else if (a.kind === 'cancel') {
    res = await app.inject({ method: 'DELETE', url: `/api/v2/listings/${listingId}`, headers: s.headers });
  } else {
    const m = await app.inject({
      method: 'POST',
      url: '/api/v2/listing-match/',
      headers: s.headers,
      payload: { listing_id: listingId },
    });
    if (m.statusCode !== 200) {
      expect([409], m.body).toContain(m.statusCode);
      return;
    }
    const intent = (m.json() as ListingMatch).purchaseIntent;
    let payload: Record<string, unknown> = { payment_method: 'balance' };
    if (intent.paymentMethod === 'no_payment_required') payload = {};
    else if (a.pay !== 'balance') {
      const pm = await app.inject({
        method: 'POST',
        url: '/api/sim-card-processor/payment_methods',
        headers: s.headers,
        payload: {
          number: a.pay === 'card' ? TEST_CARDS.succeeds : TEST_CARDS.declines,
          exp_month: 1,
          exp_year: 2031,
          cvc: '111',
        },
      });
      payload = { payment_method: 'stripe_card', payment_token: (pm.json() as { id: string }).id };
    }
    const send = () =>
      app.inject({
        method: 'POST',
        url: `/api/v2/purchase-intent/${intent.purchaseIntentId}/pay`,
        headers: { ...s.headers, 'idempotency-key': `k-${intent.purchaseIntentId}` },
        payload,
      });
    res = await send();
    if (a.retry) {
      const again = await send();
      if (
        again.statusCode !== 409 ||
        (again.json() as { errorType: string }).errorType !== 'idempotency-key-in-use'
      ) {
        expect(again.body).toBe(res.body);
      }
    }
  }
  // Every answer is a success or a clear refusal in the envelope, never a server error.
  expect(res.statusCode, res.body).toBeLessThan(500);
  if (res.statusCode >= 400)
    expect(res.json()).toMatchObject({ statusCode: res.statusCode, errorType: expect.any(String) });
}

async function runOffer(
  _w: Awaited<ReturnType<typeof world>>,
  a: Extract<Action, { kind: 'offer' | 'accept' | 'cancelOffer' }>,
  s: TestSession,
  tk: { contractAddress: string; tokenId: string },
): Promise<void> {
  const { app } = t;
  let res: Awaited<ReturnType<typeof app.inject>>;
  if (a.kind === 'offer') {
    let paymentToken: string | undefined;
    if (a.pay === 'card') {
      const pm = await app.inject({
        method: 'POST',
        url: '/api/sim-card-processor/payment_methods',
        headers: s.headers,
        payload: { number: TEST_CARDS.succeeds, exp_month: 1, exp_year: 2031, cvc: '111' },
      });
      paymentToken = (pm.json() as { id: string }).id;
    }
    res = await app.inject({
      method: 'POST',
      url: '/api/v2/offer',
      headers: s.headers,
      payload: {
        type: 'offer',
        contractAddress: tk.contractAddress,
        tokenId: tk.tokenId,
        amount: { amount: (a.cents / 100).toFixed(2), currency: 'USD' },
        expiresInDays: 1,
        payment_method: a.pay === 'card' ? 'stripe_card' : 'balance',
        ...(paymentToken ? { payment_token: paymentToken } : {}),
      },
    });
  } else {
    const list = await app.inject(
      `/api/v2/offer?contractAddress=${tk.contractAddress}&tokenId=${tk.tokenId}`,
    );
    const open = (list.json() as { results: Offer[] }).results;
    const target = a.kind === 'accept' ? open[0] : open.find((o) => o.maker.id === s.userId);
    if (!target) return;
    res =
      a.kind === 'accept'
        ? await app.inject({
            method: 'POST',
            url: '/api/user/accept-bid/',
            headers: s.headers,
            payload: { bid_id: target.id, contractAddress: tk.contractAddress, tokenId: tk.tokenId },
          })
        : await app.inject({
            method: 'DELETE',
            url: `/api/v2/offer?purchase_intent_id=${target.id}`,
            headers: s.headers,
          });
  }
  expect(res.statusCode, res.body).toBeLessThan(500);
  if (res.statusCode >= 400)
    expect(res.json()).toMatchObject({ statusCode: res.statusCode, errorType: expect.any(String) });
}

async function invariants() {
  const db = t.app.config.database.db;
  expect(await ledgerInvariants(db)).toEqual({
    unbalancedTransactions: 0,
    holdsBeyondBalance: 0,
    negativeBalances: 0,
    sumOfAllEntries: 0,
  });
  const q = async (query: ReturnType<typeof sql>) =>
    Number(((await db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]?.n);
  // At most one active listing per token, and only by its owner.
  expect(
    await q(sql`select count(*)::int as n from ${schema.listings} l join ${schema.tokens} tk on tk.id = l.token_row_id
    where l.status = 'active' and l.seller_id is distinct from tk.owner_id`),
  ).toBe(0);
  // One sale per paid intent; every paid intent delivered with its sale.
  expect(
    await q(sql`select count(*)::int as n from ${schema.purchaseIntents} where payment_state = 'paid'
    and (sale_id is null or delivered_at is null)`),
  ).toBe(0);
  expect(await q(sql`select count(*)::int as n from ${schema.sales}`)).toBe(
    (await q(sql`select count(*)::int as n from ${schema.purchaseIntents} where payment_state = 'paid'`)) +
      (await q(sql`select count(*)::int as n from ${schema.offers} where status = 'accepted'`)),
  );
  // Offers: every accepted one has its sale; every open balance offer one active hold of its amount;
  // no other hold active.
  expect(
    await q(
      sql`select count(*)::int as n from ${schema.offers} where status = 'accepted' and sale_id is null`,
    ),
  ).toBe(0);
  expect(
    await q(sql`select count(*)::int as n from ${schema.offers} o where o.status = 'open' and o.payment_method = 'balance'
    and (select count(*) from ${schema.ledgerHolds} h where h.reference = 'offer:' || o.id and h.status = 'active'
         and h.amount_cents = o.amount_cents) <> 1`),
  ).toBe(0);
  expect(
    await q(sql`select count(*)::int as n from ${schema.ledgerHolds} h where h.status = 'active' and not exists
    (select 1 from ${schema.offers} o where 'offer:' || o.id = h.reference and o.status = 'open')`),
  ).toBe(0);
  // Each paid intent's buyer owned the token right after; the token's owner is its last buyer (if sold).
  expect(
    await q(sql`select count(*)::int as n from ${schema.tokens} tk where tk.last_sale_at is not null and tk.owner_id is distinct from
    (select s.buyer_id from ${schema.sales} s where s.token_row_id = tk.id order by s.sold_at desc, s.id desc limit 1)`),
  ).toBe(0);
  // Cards: captured only for paid intents, once each; nothing left authorised.
  const charges = t.app.services.cardProcessor.charges();
  const refsOf = async (query: ReturnType<typeof sql>) =>
    new Set(((await db.execute(query)) as unknown as { rows: { ref: string }[] }).rows.map((r) => r.ref));
  // The only authorisations left are those of open card offers.
  expect(new Set(charges.filter((c) => c.status === 'authorized').map((c) => c.id))).toEqual(
    await refsOf(sql`select provider_reference as ref from ${schema.offers}
      where status = 'open' and payment_method = 'stripe_card'`),
  );
  const refs = await refsOf(sql`select provider_reference as ref from ${schema.purchaseIntents}
    where payment_state = 'paid' and payment_method = 'stripe_card'
    union select provider_reference as ref from ${schema.offers}
    where status = 'accepted' and payment_method = 'stripe_card'`);
  expect(new Set(charges.filter((c) => c.status === 'captured').map((c) => c.id))).toEqual(refs);
}

describe('random interleavings of trading', () => {
  it('keep the invariants', { timeout: 300_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(action, { minLength: 1, maxLength: 3 }), { minLength: 3, maxLength: 8 }),
        async (batches) => {
          const w = await world();
          for (const batch of batches) {
            // A day passing renews every session (the test's sessions last an hour): it happens before the
            // batch's requests, not beside them, or a request would carry a session that expired under it.
            for (const a of batch.filter((b) => b.kind === 'expireOffers')) await run(w, a);
            await Promise.all(batch.filter((b) => b.kind !== 'expireOffers').map((a) => run(w, a)));
          }
          await invariants();
        },
      ),
      {
        numRuns: process.env.TEST_STORE === 'postgres' ? 25 : 12,
        // One run always trades: a card that pays, a card that is declined, a retry, a reprice.
        examples: [
          [
            [
              [
                { kind: 'list', user: 0, token: 0, cents: 1_000 },
                { kind: 'list', user: 1, token: 1, cents: 500 },
              ],
              [
                { kind: 'buy', user: 1, token: 0, pay: 'card', retry: true },
                { kind: 'buy', user: 2, token: 1, pay: 'declined', retry: false },
              ],
              [
                { kind: 'reprice', user: 1, token: 1, cents: 700 },
                { kind: 'buy', user: 0, token: 1, pay: 'balance', retry: true },
              ],
              [
                { kind: 'offer', user: 2, token: 0, cents: 900, pay: 'balance' },
                { kind: 'offer', user: 0, token: 0, cents: 800, pay: 'card' },
                { kind: 'offer', user: 2, token: 1, cents: 300, pay: 'card' },
              ],
              [
                { kind: 'accept', user: 1, token: 0 },
                { kind: 'cancelOffer', user: 2, token: 1 },
              ],
            ],
          ],
        ],
      },
    );
    // The runs did trade: listings were made and sold, cards were captured and declined.
    const db = t.app.config.database.db;
    expect(await db.$count(schema.sales)).toBeGreaterThan(0);
    // Sales come from listings and from accepted offers, so count the listings that sold.
    expect(await db.$count(schema.listings, sql`${schema.listings.status} = 'sold'`)).toBeGreaterThan(0);
    const charges = t.app.services.cardProcessor.charges().map((c) => c.status);
    expect(charges).toContain('captured');
    expect(charges).toContain('declined');
    expect(await db.$count(schema.offers, sql`${schema.offers.status} = 'accepted'`)).toBeGreaterThan(0);
    expect(await db.$count(schema.offers, sql`${schema.offers.status} = 'cancelled'`)).toBeGreaterThan(0);
  });
});
