// Eligibility through the real app (decision 015): the API for one nifty and for a whole drop, signed out
// and signed in, collection and nifty criteria, the validated-profile gate, and primary checkout refusing an
// ineligible buyer before anything is held.
import { schema } from '@vitrine/db';
import { fixtures } from '@vitrine/db/testing';
import type { DropEligibility, NiftyEligibility } from '@vitrine/domain/catalog-responses';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../testing/test-app';
import { sessionFor, type TestSession } from '../social/test-session';
import { TEST_CARDS } from '../trading/payment-providers';
import {
  accountBalance,
  buyer,
  completeIntentAction,
  dropNifty,
  fund,
  payIntent,
  simCard,
} from '../trading/trading-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ seed: false });
});
afterAll(async () => {
  await t.close();
});

const db = () => t.app.config.database.db;
const f = () => fixtures(db(), { now: t.app.config.clock.now() });

async function dropWithTwoCollections() {
  const fx = f();
  const artist = await fx.user({ name: 'Celeste Moreau', profileUrl: `celeste${Date.now()}` });
  const drop = await fx.drop({ dropType: 'fcfs' });
  const first = await fx.collection({ publisherId: drop.publisherId, dropId: drop.id });
  const second = await fx.collection({ publisherId: drop.publisherId, dropId: drop.id });
  const open = await fx.nifty({ collectionId: first.id, priceInCents: 2_500, maxPurchaseQuantity: 2 });
  const gated = await fx.nifty({ collectionId: second.id, priceInCents: 2_500, maxPurchaseQuantity: 2 });
  const otherGated = await fx.nifty({ collectionId: second.id, priceInCents: 2_500 });
  // A marketplace collection whose tokens open the gate.
  const key = await fx.collection({ name: 'Tidelines', creatorIds: [artist.id] });
  const keyNifty = await fx.nifty({ collectionId: key.id, title: 'Fern Index' });
  return { drop, first, second, open, gated, otherGated, key, keyNifty, artist };
}

const get = (url: string, s?: TestSession) => t.app.inject({ url, headers: s?.headers ?? {} });

async function niftyEligibility(contract: string, type: number, s?: TestSession): Promise<NiftyEligibility> {
  const res = await get(`/api/v2/eligibility/${contract}/${type}/`, s);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as NiftyEligibility;
}

const buy = (s: TestSession, contract: string, type: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/purchase-intents/',
    headers: s.headers,
    payload: { contract_address: contract, nifty_type: type, requested_quantity: 1 },
  });

describe('GET /api/v2/eligibility/{contractAddress}/{niftyType}/', () => {
  it("answers 'Eligibility Required' signed out, with the prompt, the bracketed rules and their links", async () => {
    const d = await dropWithTwoCollections();
    await f().criteria({
      collectionId: d.second.id,
      mode: 'any',
      rules: [
        { kind: 'account_list' },
        { kind: 'own_nifties_from_contracts', contractAddresses: [d.key.contractAddress] },
      ],
      allowlist: { usernames: ['someone-else'], emailAddresses: [] },
    });
    const r = await niftyEligibility(d.gated.contractAddress, d.gated.typeNumber);
    expect(r).toMatchObject({
      eligible: null,
      status: 'Eligibility Required',
      action: 'Buy',
      criteria: {
        mode: 'any',
        prompt: 'To be eligible buyers should meet ONE or more of these conditions',
        expression: '[On the allowlist] OR [Own at least 1 NFT from Tidelines]',
      },
    });
    expect(r.criteria?.rules[1]?.link).toMatchObject({
      object_type: 'nbco',
      contractAddress: d.key.contractAddress,
    });
    // A nifty of the ungated collection has no criteria.
    expect((await niftyEligibility(d.open.contractAddress, d.open.typeNumber)).criteria).toBeNull();
  });

  it("signed in: 'Not Eligible', then 'Eligible' by the allowlist or by owning a token of the contract", async () => {
    const d = await dropWithTwoCollections();
    await f().criteria({
      collectionId: d.second.id,
      mode: 'any',
      rules: [
        { kind: 'account_list' },
        { kind: 'own_nifties_from_contracts', contractAddresses: [d.key.contractAddress] },
      ],
      allowlist: { usernames: [], emailAddresses: [] },
    });
    const fx = f();
    const outsider = await sessionFor(t.app, (await fx.user()).profileUrl);
    const listed = await fx.user();
    await db()
      .update(schema.allowlists)
      .set({ usernames: [listed.profileUrl.toUpperCase()] })
      .where(
        eq(
          schema.allowlists.criteriaId,
          (
            await db()
              .select()
              .from(schema.participationCriteria)
              .where(eq(schema.participationCriteria.collectionId, d.second.id))
          )[0]?.id ?? 0,
        ),
      );
    const holder = await fx.user();
    await fx.tokens({ niftyId: d.keyNifty.id, ownerId: holder.id });

    const no = await niftyEligibility(d.gated.contractAddress, d.gated.typeNumber, outsider);
    expect(no).toMatchObject({ eligible: false, status: 'Not Eligible' });
    expect(no.criteria?.rules.map((r) => r.met)).toEqual([false, false]);
    const viaList = await niftyEligibility(
      d.gated.contractAddress,
      d.gated.typeNumber,
      await sessionFor(t.app, listed.profileUrl),
    );
    expect(viaList).toMatchObject({ eligible: true, status: 'Eligible' });
    expect(viaList.criteria?.message).toBe(
      'You’re eligible to buy this NFT because you meet the conditions set by the Publisher',
    );
    const viaToken = await niftyEligibility(
      d.gated.contractAddress,
      d.gated.typeNumber,
      await sessionFor(t.app, holder.profileUrl),
    );
    expect(viaToken.criteria?.rules.map((r) => r.met)).toEqual([false, true]);
    expect(viaToken.eligible).toBe(true);
  });

  it("a nifty's own criteria replace its collection's (ALL of them)", async () => {
    const d = await dropWithTwoCollections();
    const fx = f();
    const holder = await fx.user();
    await fx.tokens({ niftyId: d.keyNifty.id, ownerId: holder.id });
    await fx.criteria({ collectionId: d.second.id, rules: [{ kind: 'account_list' }] });
    await fx.criteria({
      niftyId: d.otherGated.id,
      mode: 'all',
      rules: [
        { kind: 'own_specific_nifties', niftyIds: [d.keyNifty.id] },
        { kind: 'own_at_least_minimum_amount_from_one_of_the_artists', count: 1, artistIds: [d.artist.id] },
      ],
    });
    const s = await sessionFor(t.app, holder.profileUrl);
    expect((await niftyEligibility(d.gated.contractAddress, d.gated.typeNumber, s)).eligible).toBe(false);
    const own = await niftyEligibility(d.otherGated.contractAddress, d.otherGated.typeNumber, s);
    expect(own).toMatchObject({ eligible: true, criteria: { mode: 'all' } });
    expect(own.criteria?.prompt).toBe('To be eligible buyers should meet ALL of these conditions:');
  });

  it('burn rules read the burns of the user', async () => {
    const d = await dropWithTwoCollections();
    const fx = f();
    await fx.criteria({
      niftyId: d.gated.id,
      rules: [{ kind: 'burn_event_nifty_restriction', niftyIds: [d.keyNifty.id] }],
    });
    const burner = await fx.user();
    const s = await sessionFor(t.app, burner.profileUrl);
    expect((await niftyEligibility(d.gated.contractAddress, d.gated.typeNumber, s)).eligible).toBe(false);
    const [token] = await fx.tokens({ niftyId: d.keyNifty.id, ownerId: burner.id });
    await db()
      .insert(schema.tokenBurns)
      .values({
        tokenRowId: token?.id ?? 0,
        userId: burner.id,
        niftyId: d.keyNifty.id,
        contractAddress: d.key.contractAddress,
      });
    expect((await niftyEligibility(d.gated.contractAddress, d.gated.typeNumber, s)).eligible).toBe(true);
  });

  it('a validation-required nifty is not eligible until the profile is validated', async () => {
    const fx = f();
    const drop = await fx.drop();
    const c = await fx.collection({ publisherId: drop.publisherId, dropId: drop.id });
    const n = await fx.nifty({ collectionId: c.id, requiresValidation: true });
    const u = await fx.user();
    const s = await sessionFor(t.app, u.profileUrl);
    expect(await niftyEligibility(c.contractAddress, n.typeNumber, s)).toMatchObject({
      eligible: false,
      requiresValidation: true,
      validated: false,
    });
    const refused = await buy(s, c.contractAddress, n.typeNumber);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      errorType: 'validation-required',
      message: 'Validated account required',
    });
    await db().update(schema.users).set({ verified: true }).where(eq(schema.users.id, u.id));
    expect((await niftyEligibility(c.contractAddress, n.typeNumber, s)).eligible).toBe(true);
  });

  it('answers 404 for an unknown nifty', async () => {
    const res = await get('/api/v2/eligibility/0xdead/1/');
    expect(res.statusCode).toBe(404);
  });
});

describe('GET /api/v2/drops/{slug}/eligibility/', () => {
  it('lists every nifty of every collection of the drop, first collection first', async () => {
    const d = await dropWithTwoCollections();
    await f().criteria({ collectionId: d.second.id, rules: [{ kind: 'account_list' }] });
    const s = await sessionFor(t.app, (await f().user()).profileUrl);
    const res = await get(`/api/v2/drops/${d.drop.slug}/eligibility/`, s);
    expect(res.statusCode, res.body).toBe(200);
    const { results } = res.json() as DropEligibility;
    expect(results.map((r) => r.niftyType)).toEqual([
      d.open.typeNumber,
      d.gated.typeNumber,
      d.otherGated.typeNumber,
    ]);
    expect(results.map((r) => r.status)).toEqual(['Eligible', 'Not Eligible', 'Not Eligible']);
    expect((await get('/api/v2/drops/no-such-drop/eligibility/')).statusCode).toBe(404);
  });
});

describe('primary checkout refuses an ineligible buyer (decision 015)', () => {
  it("403 'Not Eligible to Buy' and nothing held; an eligible buyer gets the intent", async () => {
    const d = await dropWithTwoCollections();
    const fx = f();
    const listed = await fx.user();
    await fx.criteria({
      collectionId: d.second.id,
      rules: [{ kind: 'account_list' }],
      allowlist: { emailAddresses: [], usernames: [listed.profileUrl] },
    });
    const outsider = await sessionFor(t.app, (await fx.user()).profileUrl);
    const refused = await buy(outsider, d.gated.contractAddress, d.gated.typeNumber);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toMatchObject({ errorType: 'not-eligible', message: 'Not Eligible to Buy' });
    const intents = await db()
      .select()
      .from(schema.purchaseIntents)
      .where(eq(schema.purchaseIntents.niftyId, d.gated.id));
    expect(intents).toHaveLength(0);
    // The ungated collection of the same drop sells to the outsider.
    expect((await buy(outsider, d.open.contractAddress, d.open.typeNumber)).statusCode).toBe(200);
    const ok = await buy(
      await sessionFor(t.app, listed.profileUrl),
      d.gated.contractAddress,
      d.gated.typeNumber,
    );
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('an allowlist names people, not strings anyone can take (security review, 2026-12-06)', () => {
  async function allowlisted(allowlist: { emailAddresses?: string[]; usernames?: string[] }) {
    const d = await dropWithTwoCollections();
    await f().criteria({
      collectionId: d.second.id,
      rules: [{ kind: 'account_list' }],
      allowlist: { emailAddresses: [], usernames: [], ...allowlist },
    });
    return d;
  }

  it('an email on the list counts only once its owner has confirmed it', async () => {
    const d = await allowlisted({ emailAddresses: ['vip@example.com'] });
    // Someone else signs up with the invited address and never confirms it.
    const squatter = await f().user({ email: 'vip@example.com', emailVerifiedAt: null });
    const refused = await buy(
      await sessionFor(t.app, squatter.profileUrl),
      d.gated.contractAddress,
      d.gated.typeNumber,
    );
    expect(refused.statusCode, refused.body).toBe(403);
    await db()
      .update(schema.users)
      .set({ emailVerifiedAt: t.app.config.clock.now() })
      .where(eq(schema.users.id, squatter.id));
    const ok = await buy(
      await sessionFor(t.app, squatter.profileUrl),
      d.gated.contractAddress,
      d.gated.typeNumber,
    );
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('a username given up is not taken by someone else, and its first owner stays on the list', async () => {
    const alice = await f().user({ profileUrl: `alice${Date.now()}` });
    const d = await allowlisted({ usernames: [alice.profileUrl] });
    const aliceSession = await sessionFor(t.app, alice.profileUrl);
    const renamed = await t.app.inject({
      method: 'POST',
      url: '/api/user/v2/alter-user-profile/',
      headers: aliceSession.headers,
      payload: { profile_url: `${alice.profileUrl}x` },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const mallory = await f().user();
    const malloryTakes = await t.app.inject({
      method: 'POST',
      url: '/api/user/v2/alter-user-profile/',
      headers: (await sessionFor(t.app, mallory.profileUrl)).headers,
      payload: { profile_url: alice.profileUrl.toUpperCase() },
    });
    expect(malloryTakes.statusCode, malloryTakes.body).toBe(400);
    expect(malloryTakes.json()).toMatchObject({ errorType: 'profile_url_taken' });
    const taken = await t.app.inject({
      url: `/api/user/is-profile-url-taken/?profile_url=${alice.profileUrl}`,
    });
    expect(taken.json()).toMatchObject({ taken: true });
    // Alice, under her new name, is still the person the publisher listed.
    const ok = await buy(aliceSession, d.gated.contractAddress, d.gated.typeNumber);
    expect(ok.statusCode, ok.body).toBe(200);
    // And she may take her old name back.
    const back = await t.app.inject({
      method: 'POST',
      url: '/api/user/v2/alter-user-profile/',
      headers: aliceSession.headers,
      payload: { profile_url: alice.profileUrl },
    });
    expect(back.statusCode, back.body).toBe(200);
  });
});

describe('eligibility is checked again at pay (review, 2026-12-06)', () => {
  /**
   * A drop collection open to holders of a key token, a holder with an open checkout of it, and `passKey` moving
   * the key to a friend ('away') and back.
   */
  async function keyHolderCheckout() {
    const d = await dropWithTwoCollections();
    const fx = f();
    await fx.criteria({
      collectionId: d.second.id,
      rules: [{ kind: 'own_nifties_from_contracts', contractAddresses: [d.key.contractAddress] }],
    });
    const holder = await fx.user();
    const friend = await fx.user();
    const [key] = await fx.tokens({ niftyId: d.keyNifty.id, ownerId: holder.id });
    if (!key) throw new Error('no key token');
    const session = await sessionFor(t.app, holder.profileUrl);
    const opened = await buy(session, d.gated.contractAddress, d.gated.typeNumber);
    expect(opened.statusCode, opened.body).toBe(200);
    const intentId = Number((opened.json() as { purchaseIntentId: number }).purchaseIntentId);
    const passKey = (to: 'away' | 'back') =>
      db()
        .update(schema.tokens)
        .set({ ownerId: to === 'away' ? friend.id : holder.id })
        .where(eq(schema.tokens.id, key.id));
    return { d, holder, session, intentId, passKey };
  }

  it('a buyer who no longer holds the token that made them eligible is refused at pay, and nothing is charged', async () => {
    const { d, holder, session, intentId, passKey } = await keyHolderCheckout();
    await fund(db(), holder.id, 100_000, t.app.config.clock.now());
    // The key passes to a friend while the checkout is open (one key would otherwise let many buy).
    await passKey('away');
    const refused = await payIntent(t.app, session, intentId, { payment_method: 'balance' });
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toMatchObject({ errorType: 'not-eligible', message: 'Not Eligible to Buy' });
    expect(await accountBalance(db(), { userId: holder.id })).toBe(100_000);
    const minted = await db().select().from(schema.tokens).where(eq(schema.tokens.niftyId, d.gated.id));
    expect(minted).toHaveLength(0);
    // The key back: the same checkout pays.
    await passKey('back');
    const paid = await payIntent(t.app, session, intentId, { payment_method: 'balance' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await accountBalance(db(), { userId: holder.id })).toBeLessThan(100_000);
  });

  it("and again when a card's second step completes: the key passed on meanwhile, the step does not buy", async () => {
    const { d, session, intentId, passKey } = await keyHolderCheckout();
    const stepped = await payIntent(t.app, session, intentId, {
      payment_token: await simCard(t.app, session, TEST_CARDS.requiresAction),
    });
    expect(stepped.json()).toMatchObject({ paymentState: 'requires_action' });
    await passKey('away');
    const refused = await completeIntentAction(t.app, session, intentId);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toMatchObject({ errorType: 'not-eligible', message: 'Not Eligible to Buy' });
    const minted = await db().select().from(schema.tokens).where(eq(schema.tokens.niftyId, d.gated.id));
    expect(minted).toHaveLength(0);
    // The authorisation is released and the checkout is open again, with nothing waiting.
    const charges = t.app.services.cardProcessor
      .charges()
      .filter((c) => c.reference === `purchase_intent:${intentId}`);
    expect(charges.map((c) => c.status)).toEqual(['voided']);
    const [intent] = await db()
      .select()
      .from(schema.purchaseIntents)
      .where(eq(schema.purchaseIntents.id, intentId));
    expect(intent).toMatchObject({ paymentState: 'pending', providerReference: null });
  });
});

describe('GET /api/v1/drops/{slug}/', () => {
  it('answers the sale cards of every collection of the drop', async () => {
    const d = await dropWithTwoCollections();
    const res = await get(`/api/v1/drops/${d.drop.slug}/`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { cards: { contractAddress: string }[] };
    expect(new Set(body.cards.map((c) => c.contractAddress))).toEqual(
      new Set([d.first.contractAddress, d.second.contractAddress]),
    );
    expect((await get('/api/v1/drops/no-such-drop/')).statusCode).toBe(404);
  });

  it("lays the sale cards on explore's drop cards, so they read the home page's labels", async () => {
    const d = await dropWithTwoCollections();
    const res = await get('/api/v1/explore/drops/?status=live&page_size=100');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { results: { slug: string; cards: { contractAddress: string }[] }[] };
    const found = body.results.find((r) => r.slug === d.drop.slug);
    expect(found?.cards.length).toBe(3);
  });
});

describe('limitReached: the viewer bought a one-per-collector NFT (000 §5, 001 §4 quantity-limit panel)', () => {
  it('is null signed out and without a per-collector limit, false before buying, true once bought', async () => {
    const { drop, collection, nifty } = await dropNifty(t.app, { limitPerUser: 1, editionSize: 5 });
    const free = await f().nifty({ collectionId: collection.id, priceInCents: 2_500, limitPerUser: 0 });
    const a = await buyer(t.app);
    await fund(db(), a.userId, 100_000, t.app.config.clock.now());
    const ofDrop = async (s?: TestSession) => {
      const res = await get(`/api/v2/drops/${drop.slug}/eligibility/`, s);
      expect(res.statusCode, res.body).toBe(200);
      const list = (res.json() as DropEligibility).results;
      return (type: number) => list.find((r) => r.niftyType === type)?.limitReached;
    };

    expect((await ofDrop())(nifty.typeNumber)).toBeNull();
    expect((await ofDrop(a))(nifty.typeNumber)).toBe(false);
    expect((await ofDrop(a))(free.typeNumber)).toBeNull();

    // An open checkout is not a purchase: Buy again replaces it, so the limit is not reached yet.
    expect((await buy(a, nifty.contractAddress, nifty.typeNumber)).statusCode).toBe(200);
    expect((await ofDrop(a))(nifty.typeNumber)).toBe(false);

    const intent = await buy(a, nifty.contractAddress, nifty.typeNumber);
    expect(intent.statusCode, intent.body).toBe(200);
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/v2/purchase-intent/${(intent.json() as { purchaseIntentId: number }).purchaseIntentId}/pay`,
      headers: a.headers,
      payload: { payment_method: 'balance' },
    });
    expect(paid.json()).toMatchObject({ paymentState: 'paid' });

    // What checkout now refuses (409 limit-reached) the drop page can say before Buy is pressed.
    expect((await buy(a, nifty.contractAddress, nifty.typeNumber)).json()).toMatchObject({
      errorType: 'limit-reached',
    });
    expect((await ofDrop(a))(nifty.typeNumber)).toBe(true);
    expect((await niftyEligibility(nifty.contractAddress, nifty.typeNumber, a)).limitReached).toBe(true);
    expect((await ofDrop(a))(free.typeNumber)).toBeNull();
    // Another collector has not reached it.
    expect((await ofDrop(await buyer(t.app)))(nifty.typeNumber)).toBe(false);
  });
});
