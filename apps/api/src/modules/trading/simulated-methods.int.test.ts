// Klarna and Gemini balance (decision 009 "Stripe, Klarna, Gemini"): simulated outside methods, taken beside the
// simulated card processor only (stripe.int.test.ts shows them refused beside the real Stripe). Klarna's own step;
// a Gemini balance charged through the buyer's connected Gemini account (000 §7 connect-gemini-account), never a
// token the request carries.
import { schema } from '@vitrine/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../testing/test-app';
import type { TestSession } from '../social/test-session';
import { SIM_EXTERNAL_TOKENS } from './payment-providers';
import {
  buyer,
  completeIntentAction,
  ledgerInvariants,
  listedToken,
  listingMatchOf,
  ownerOfToken,
  payIntent,
} from './trading-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ seed: false });
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.app.config.database.db;

const match = (s: TestSession, listingId: number) => listingMatchOf(t.app, s, listingId);

const pay = (s: TestSession, id: number, payload: Record<string, unknown>) =>
  payIntent(t.app, s, id, payload);

const completeAction = (s: TestSession, id: number) => completeIntentAction(t.app, s, id);

const ownerOf = (tokenRowId: number) => ownerOfToken(db(), tokenRowId);

/** Connects the buyer's Gemini account with the grant the simulated Gemini sign-in hands over. */
async function connectGemini(
  s: TestSession,
  accessToken: string = SIM_EXTERNAL_TOKENS.geminiFunded,
  expiresIn = 3600,
) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user/connect-gemini-account/',
    headers: s.headers,
    payload: { scope: 'balances:read payments:create', access_token: accessToken, expires_in: expiresIn },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

describe('Klarna and Gemini balance (simulated external providers)', () => {
  it('Klarna: the buyer goes through Klarna (a second step), then the purchase is paid and captured', async () => {
    const { token, listing } = await listedToken(t.app, { priceInCents: 20_000 });
    const b = await buyer(t.app);
    const m = await match(b, listing.id);
    const first = await pay(b, m.listingMatchId, {
      payment_method: 'stripe_klarna',
      payment_token: SIM_EXTERNAL_TOKENS.klarnaApproves,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      paymentState: 'requires_action',
      paymentMethod: 'stripe_klarna',
      nextAction: { type: 'sim_klarna_redirect' },
    });
    const done = await completeAction(b, m.listingMatchId);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ paymentState: 'paid' });
    expect(await ownerOf(token.id)).toBe(b.userId);
    const charges = t.app.services.payments.klarna
      .charges()
      .filter((c) => c.reference === `purchase_intent:${m.listingMatchId}`);
    // No card fee on Klarna: the price.
    expect(charges.map((c) => [c.status, c.amountCents])).toEqual([['captured', 20_000]]);

    const { listing: other } = await listedToken(t.app);
    const m2 = await match(b, other.id);
    const refused = await pay(b, m2.listingMatchId, {
      payment_method: 'stripe_klarna',
      payment_token: SIM_EXTERNAL_TOKENS.klarnaDeclines,
    });
    expect(refused.statusCode).toBe(402);
  });

  it('Gemini balance: a funded account pays at once; a short one is declined and nothing moves', async () => {
    const { token, listing, seller } = await listedToken(t.app, { priceInCents: 3_000 });
    const b = await buyer(t.app);
    const m = await match(b, listing.id);
    await connectGemini(b, SIM_EXTERNAL_TOKENS.geminiInsufficient);
    const short = await pay(b, m.listingMatchId, { payment_method: 'gemini_balance' });
    expect(short.statusCode, short.body).toBe(402);
    expect(await ownerOf(token.id)).toBe(seller.userId);
    await connectGemini(b, SIM_EXTERNAL_TOKENS.geminiFunded);
    const res = await pay(b, m.listingMatchId, { payment_method: 'gemini_balance' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ paymentState: 'paid', paymentMethod: 'gemini_balance' });
    expect(await ownerOf(token.id)).toBe(b.userId);
    const charges = t.app.services.payments.gemini
      .charges()
      .filter((c) => c.reference === `purchase_intent:${m.listingMatchId}`);
    expect(charges.map((c) => c.status)).toContain('captured');
    expect(await ledgerInvariants(db())).toMatchObject({
      unbalancedTransactions: 0,
      holdsBeyondBalance: 0,
    });
  });
});

describe("the buyer's Gemini account (000 §7 connect-gemini-account)", () => {
  it('connects with a grant, says until when, never shows its token, and connects again over it', async () => {
    const b = await buyer(t.app);
    const before = await t.app.inject({ url: '/api/user/gemini-account/', headers: b.headers });
    expect(before.json()).toEqual({ geminiAccount: { connected: false, scope: null, expiresAt: null } });
    const res = await connectGemini(b, SIM_EXTERNAL_TOKENS.geminiFunded, 7200);
    const expected = {
      geminiAccount: {
        connected: true,
        scope: 'balances:read payments:create',
        expiresAt: new Date(t.clock.now().getTime() + 7_200_000).toISOString(),
      },
    };
    expect(res.json()).toEqual(expected);
    expect(res.body).not.toContain(SIM_EXTERNAL_TOKENS.geminiFunded);
    const read = await t.app.inject({ url: '/api/user/gemini-account/', headers: b.headers });
    expect(read.json()).toEqual(expected);
    // 000 §7 lists it with the form-encoded calls: a form body connects too, and replaces the grant.
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/user/connect-gemini-account/',
      headers: { ...b.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `scope=balances%3Aread&access_token=${SIM_EXTERNAL_TOKENS.geminiInsufficient}&expires_in=60`,
    });
    expect(form.statusCode, form.body).toBe(200);
    expect(form.json()).toMatchObject({ geminiAccount: { connected: true, scope: 'balances:read' } });
    const [row] = await db()
      .select()
      .from(schema.geminiAccounts)
      .where(eq(schema.geminiAccounts.userId, b.userId));
    expect(row?.accessToken).toBe(SIM_EXTERNAL_TOKENS.geminiInsufficient);
  });

  it('refuses a grant without its token or with a lifetime that is not a number of seconds', async () => {
    const b = await buyer(t.app);
    for (const payload of [
      { scope: 'balances:read', expires_in: 60 },
      { scope: 'balances:read', access_token: 'x', expires_in: 0 },
      { scope: 'balances:read', access_token: 'x', expires_in: 'soon' },
      { scope: '', access_token: 'x', expires_in: 60 },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/connect-gemini-account/',
        headers: b.headers,
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const signedOut = await t.app.inject({
      method: 'POST',
      url: '/api/user/connect-gemini-account/',
      payload: { scope: 'balances:read', access_token: 'x', expires_in: 60 },
    });
    expect(signedOut.statusCode).toBe(401);
  });

  it('a Gemini payment charges the connected account only: none, expired or disconnected is refused and nothing moves', async () => {
    const { token, listing, seller } = await listedToken(t.app, { priceInCents: 2_000 });
    const b = await buyer(t.app);
    const m = await match(b, listing.id);
    // A token in the request is not a Gemini account: refused, whatever it says.
    const none = await pay(b, m.listingMatchId, {
      payment_method: 'gemini_balance',
      payment_token: SIM_EXTERNAL_TOKENS.geminiFunded,
    });
    expect(none.statusCode, none.body).toBe(409);
    expect(none.json()).toMatchObject({
      errorType: 'gemini-not-connected',
      message: 'Connect your Gemini account to pay from its balance',
    });
    expect(await ownerOf(token.id)).toBe(seller.userId);

    // A grant that has expired is no connection.
    await connectGemini(b, SIM_EXTERNAL_TOKENS.geminiFunded, 60);
    t.clock.advance(61_000);
    const status = await t.app.inject({ url: '/api/user/gemini-account/', headers: b.headers });
    expect(status.json()).toMatchObject({ geminiAccount: { connected: false } });
    expect((await pay(b, m.listingMatchId, { payment_method: 'gemini_balance' })).statusCode).toBe(409);

    // Disconnected: refused again.
    await connectGemini(b);
    const off = await t.app.inject({
      method: 'DELETE',
      url: '/api/user/gemini-account/',
      headers: b.headers,
    });
    expect(off.json()).toMatchObject({ geminiAccount: { connected: false } });
    expect((await pay(b, m.listingMatchId, { payment_method: 'gemini_balance' })).statusCode).toBe(409);
    expect(await ownerOf(token.id)).toBe(seller.userId);
    expect(
      t.app.services.payments.gemini
        .charges()
        .filter((c) => c.reference === `purchase_intent:${m.listingMatchId}`),
    ).toEqual([]);

    // Connected: it pays.
    await connectGemini(b);
    const paid = await pay(b, m.listingMatchId, { payment_method: 'gemini_balance' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await ownerOf(token.id)).toBe(b.userId);
  });
});
