// Terms of service through the real app (decision 009 "Terms of service"): the fetch lists the published
// versions current first; a purchase, a listing or a payment answers 403 tos_approval_required while the
// user has not agreed to the current version (or the account is flagged); agreeing records the version and
// the time and lets the same request through.
import { schema } from '@vitrine/db';
import { fixtures } from '@vitrine/db/testing';
import { ERROR_TYPES } from '@vitrine/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../testing/test-app';
import { sessionFor, type TestSession } from '../social/test-session';
import { listedToken } from '../trading/trading-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ seed: false, config: { adminToken: ADMIN } });
});
afterAll(async () => {
  await t.close();
});

const ADMIN = 'terms-test-operator-token-0123456789';
const db = () => t.app.config.database.db;
const HOUR = 60 * 60 * 1000;
const ago = (ms: number) => new Date(t.clock.now().getTime() - ms);

async function userSession(o: Partial<typeof schema.users.$inferInsert> = {}): Promise<TestSession> {
  const u = await fixtures(db()).user(o);
  return sessionFor(t.app, u.profileUrl);
}

const terms = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/v2/terms-of-service/' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number; version: string; markdown: string; publishedAt: string }[];
};
const agree = (s: TestSession | null, payload: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v2/terms-of-service/agree/',
    headers: s ? s.headers : {},
    payload,
  });
const buyNow = (s: TestSession, listingId: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v2/listing-match/',
    headers: s.headers,
    payload: { listing_id: listingId },
  });
const profile = async (s: TestSession) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/user/profile/', headers: s.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { needsTermsAndConditionsApproval: boolean };
};

describe('terms of service', () => {
  it('lists the published terms, the current version first, with its markdown', async () => {
    const list = await terms();
    expect(list.length).toBeGreaterThan(0);
    expect(list[0]?.version).toBe('2026-01-01');
    expect(list[0]?.markdown).toMatch(/^# Vitrine Terms of Use/);
  });

  it('lets a user who agreed at signup buy, list and pay', async () => {
    const { listing } = await listedToken(t.app);
    const s = await userSession();
    expect((await profile(s)).needsTermsAndConditionsApproval).toBe(false);
    expect((await buyNow(s, listing.id)).statusCode).toBe(200);
  });

  it('answers 401 to an agreement without a session', async () => {
    expect((await agree(null)).statusCode).toBe(401);
  });

  it('asks a flagged account to agree before Buy Now, then lets it through', async () => {
    const { listing } = await listedToken(t.app);
    const s = await userSession({ needsTermsAndConditionsApproval: true });
    const refused = await buyNow(s, listing.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ statusCode: 403, errorType: ERROR_TYPES.tosApprovalRequired });
    expect((await profile(s)).needsTermsAndConditionsApproval).toBe(true);

    const agreed = await agree(s, { version: '2026-01-01' });
    expect(agreed.statusCode, agreed.body).toBe(200);
    expect(agreed.json()).toMatchObject({ version: '2026-01-01', needsTermsAndConditionsApproval: false });
    const [row] = await db().select().from(schema.users).where(eq(schema.users.id, s.userId));
    expect(row?.termsAgreedVersion).toBe('2026-01-01');
    expect(row?.termsAgreedAt.toISOString()).toBe(t.clock.now().toISOString());
    expect(row?.needsTermsAndConditionsApproval).toBe(false);
    expect((await buyNow(s, listing.id)).statusCode).toBe(200);
  });

  it('lets the operator, and only the operator, ask an account to agree again', async () => {
    const { listing } = await listedToken(t.app);
    const u = await fixtures(db()).user({ email: 'agree-again@fixtures.test' });
    const s = await sessionFor(t.app, u.profileUrl);
    const ask = (authorization?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v2/terms-of-service/require-approval/',
        headers: authorization ? { authorization } : {},
        payload: { email: 'Agree-Again@fixtures.test' },
      });
    expect((await ask()).statusCode).toBe(401);
    expect((await ask(s.headers.authorization)).statusCode).toBe(401);
    expect((await ask(`Bearer ${ADMIN}`)).statusCode).toBe(200);
    expect((await buyNow(s, listing.id)).statusCode).toBe(403);
    expect((await agree(s)).statusCode).toBe(200);
    expect((await buyNow(s, listing.id)).statusCode).toBe(200);
  });

  it('asks everyone who agreed before a new version to agree again: Buy Now, listing and paying', async () => {
    const { listing } = await listedToken(t.app);
    const before = await userSession({ termsAgreedAt: ago(2 * HOUR) });
    const seller = await fixtures(db()).user({ termsAgreedAt: ago(2 * HOUR) });
    const [token] = await fixtures(db()).tokens({
      niftyId: (await fixtures(db()).nifty()).id,
      ownerId: seller.id,
    });
    if (!token) throw new Error('no token');
    const sellerSession = await sessionFor(t.app, seller.profileUrl);
    // An intent made before the new version.
    const early = await buyNow(before, listing.id);
    expect(early.statusCode, early.body).toBe(200);
    const intentId = (early.json() as { listingMatchId: number }).listingMatchId;

    await db()
      .insert(schema.termsOfService)
      .values({
        version: '2026-06-01',
        markdown: '# Vitrine Terms of Use\n\nVersion two.',
        publishedAt: ago(HOUR),
      });
    // A version not yet published does not count.
    await db()
      .insert(schema.termsOfService)
      .values({
        version: '2027-01-01',
        markdown: '# Later',
        publishedAt: new Date(t.clock.now().getTime() + HOUR),
      });
    expect((await terms())[0]?.version).toBe('2026-06-01');

    const refusals = [
      await buyNow(before, listing.id),
      await t.app.inject({
        method: 'POST',
        url: `/api/v2/purchase-intent/${intentId}/pay`,
        headers: before.headers,
        payload: { payment_method: 'balance' },
      }),
      await t.app.inject({
        method: 'POST',
        url: '/api/v2/listings',
        headers: sellerSession.headers,
        payload: {
          contractAddress: token.contractAddress,
          tokenId: token.tokenId,
          price: { amount: '10', currency: 'USD' },
        },
      }),
    ];
    for (const res of refusals) {
      expect(res.statusCode, res.body).toBe(403);
      expect((res.json() as { errorType: string }).errorType).toBe('tos_approval_required');
    }
    expect((await profile(before)).needsTermsAndConditionsApproval).toBe(true);

    // Agreeing to the text of the old version is refused: the user has not read the new one.
    const stale = await agree(before, { version: '2026-01-01' });
    expect(stale.statusCode).toBe(409);
    expect((await agree(before, { version: '2026-06-01' })).statusCode).toBe(200);
    expect((await profile(before)).needsTermsAndConditionsApproval).toBe(false);
    expect((await buyNow(before, listing.id)).statusCode).toBe(200);

    // Without a version, the agreement is to the current one.
    const agreed = await agree(sellerSession, {});
    expect(agreed.json()).toMatchObject({ version: '2026-06-01' });
    const listed = await t.app.inject({
      method: 'POST',
      url: '/api/v2/listings',
      headers: sellerSession.headers,
      payload: {
        contractAddress: token.contractAddress,
        tokenId: token.tokenId,
        price: { amount: '10', currency: 'USD' },
      },
    });
    expect(listed.statusCode, listed.body).toBe(200);
  });
});
