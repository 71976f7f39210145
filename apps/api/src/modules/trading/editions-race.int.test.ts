// Races on primary editions (issue 15, decision 016). On PostgreSQL (TEST_DATABASE_URL) over a pool of 24
// connections the requests run truly side by side: one collector's 12 simultaneous checkouts of a
// one-purchase-per-user nifty hold exactly one; 30 buyers paying at once for a 10-edition nifty mint exactly
// its 10 editions; 8 simultaneous openings of one pack open it once; 12 pack owners opening at once for a
// pool of 10 items get 10 items in all, the pool never below zero.
import { schema } from '@vitrine/db';
import { fixtures } from '@vitrine/db/testing';
import type { PurchaseIntent } from '@vitrine/domain/trading-responses';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../testing/test-app';
import { buyer, dropNifty, fund, ledgerInvariants } from './trading-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ seed: false, poolSize: 24 });
});
afterAll(async () => {
  await t.close();
});

const db = () => t.app.config.database.db;

const createIntent = (headers: Record<string, string>, contract: string, type: number, quantity = 1) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/purchase-intents/',
    headers,
    payload: { contract_address: contract, nifty_type: type, requested_quantity: quantity },
  });

const payBalance = (headers: Record<string, string>, id: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v2/purchase-intent/${id}/pay`,
    headers,
    payload: { payment_method: 'balance' },
  });

describe('editions under concurrency', () => {
  it('one buyer holds one checkout, whatever the number of simultaneous checkouts', {
    timeout: 120_000,
  }, async () => {
    const { nifty } = await dropNifty(t.app, { limitPerUser: 1, maxPurchaseQuantity: 2, editionSize: 50 });
    const b = await buyer(t.app);
    const results = await Promise.all(
      Array.from({ length: 12 }, () => createIntent(b.headers, nifty.contractAddress, nifty.typeNumber, 2)),
    );
    // Each replaced the one before it (under the nifty's lock): one is left open, holding its 2 editions.
    expect(results.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
    const rows = await db()
      .select()
      .from(schema.purchaseIntents)
      .where(eq(schema.purchaseIntents.niftyId, nifty.id));
    expect(rows).toHaveLength(12);
    const open = rows.filter((r) => r.paymentState === 'pending');
    expect(open).toHaveLength(1);
    expect(open[0]?.heldQuantity).toBe(2);
    expect(rows.filter((r) => r.paymentState === 'cancelled')).toHaveLength(11);
  });

  it('paying a checkout while asking for another: one purchase at most, never a paid checkout replaced', {
    timeout: 180_000,
  }, async () => {
    for (let round = 0; round < 8; round += 1) {
      const { nifty } = await dropNifty(t.app, { limitPerUser: 1, editionSize: 5, priceInCents: 700 });
      const b = await buyer(t.app);
      await fund(db(), b.userId, 5_000, t.clock.now());
      const first = await createIntent(b.headers, nifty.contractAddress, nifty.typeNumber);
      const id = (first.json() as PurchaseIntent).purchaseIntentId;
      const [paid, again] = await Promise.all([
        payBalance(b.headers, id),
        createIntent(b.headers, nifty.contractAddress, nifty.typeNumber),
      ]);
      const rows = await db()
        .select()
        .from(schema.purchaseIntents)
        .where(eq(schema.purchaseIntents.niftyId, nifty.id));
      const [row] = await db().select().from(schema.nifties).where(eq(schema.nifties.id, nifty.id));
      if (paid.statusCode === 200) {
        // Paid first: the second checkout is refused, the one purchase made.
        expect(again.statusCode, again.body).toBe(409);
        expect(again.json()).toMatchObject({ errorType: 'limit-reached' });
        expect(rows.map((r) => r.paymentState)).toEqual(['paid']);
        expect(row?.totalSold).toBe(1);
      } else {
        // Replaced first: the payment is refused and nothing is sold; the new checkout holds.
        expect(paid.statusCode, paid.body).toBe(409);
        expect(again.statusCode, again.body).toBe(200);
        expect(rows.map((r) => r.paymentState).sort()).toEqual(['cancelled', 'pending']);
        expect(row?.totalSold).toBe(0);
      }
    }
    expect(await ledgerInvariants(db())).toMatchObject({
      unbalancedTransactions: 0,
      holdsBeyondBalance: 0,
    });
  });

  it('30 buyers paying at once for 10 editions mint exactly 10', { timeout: 180_000 }, async () => {
    const { nifty } = await dropNifty(t.app, { editionSize: 12, maxPurchaseQuantity: 2, priceInCents: 800 });
    await db().update(schema.nifties).set({ totalReserved: 2 }).where(eq(schema.nifties.id, nifty.id));
    const buyers = [];
    for (let i = 0; i < 30; i++) {
      const b = await buyer(t.app);
      await fund(db(), b.userId, 5_000, t.clock.now());
      buyers.push(b);
    }
    const paid = await Promise.all(
      buyers.map(async (b) => {
        const res = await createIntent(b.headers, nifty.contractAddress, nifty.typeNumber, 1);
        if (res.statusCode !== 200) return res.statusCode;
        return (await payBalance(b.headers, (res.json() as PurchaseIntent).purchaseIntentId)).statusCode;
      }),
    );
    expect(paid.filter((c) => c === 200)).toHaveLength(10);
    const [row] = await db().select().from(schema.nifties).where(eq(schema.nifties.id, nifty.id));
    expect(row).toMatchObject({ totalSold: 10, totalReserved: 2, editionSize: 12 });
    expect(await db().$count(schema.tokens, eq(schema.tokens.niftyId, nifty.id))).toBe(10);
    expect(await ledgerInvariants(db())).toMatchObject({
      unbalancedTransactions: 0,
      holdsBeyondBalance: 0,
    });
  });

  it('packs: one opening per pack, the pool shared out exactly, and no pack sold beyond it', {
    timeout: 180_000,
  }, async () => {
    const { nifty, collection } = await dropNifty(t.app, {
      dropType: 'pack',
      editionSize: 20,
      maxPurchaseQuantity: 1,
      priceInCents: 0,
      values: { niftyType: 'pack', packSize: 1 },
    });
    const f = fixtures(db(), { now: t.clock.now() });
    for (let i = 0; i < 2; i++) {
      const item = await f.nifty({ collectionId: collection.id, editionSize: 5, saleType: 'not_for_sale' });
      await db()
        .insert(schema.editionPools)
        .values({ niftyId: nifty.id, contentNiftyId: item.id, name: `Item ${i}`, total: 5, remaining: 5 });
    }
    const owners: { b: Awaited<ReturnType<typeof buyer>>; tokenId: string }[] = [];
    // Ten items fill ten packs of one: the eleventh and twelfth buyers find them sold out (edition size 20).
    for (let i = 0; i < 12; i++) {
      const b = await buyer(t.app);
      const res = await createIntent(b.headers, nifty.contractAddress, nifty.typeNumber);
      if (i >= 10) {
        expect(res.json()).toMatchObject({ statusCode: 409, errorType: 'sold-out' });
        continue;
      }
      expect(res.statusCode, res.body).toBe(200);
      const intent = res.json() as PurchaseIntent;
      const paid = await t.app.inject({
        method: 'POST',
        url: `/api/v2/purchase-intent/${intent.purchaseIntentId}/pay`,
        headers: b.headers,
        payload: { payment_method: 'no_payment_required' },
      });
      expect(paid.statusCode, paid.body).toBe(200);
      const token = (paid.json() as PurchaseIntent).mintedTokens[0];
      if (!token) throw new Error('no pack');
      owners.push({ b, tokenId: token.tokenId });
    }
    const open = (o: (typeof owners)[number]) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v2/editions/${nifty.contractAddress}/${o.tokenId}/open`,
        headers: o.b.headers,
      });
    const first = owners[0];
    if (!first) throw new Error('no owner');
    const same = await Promise.all(Array.from({ length: 8 }, () => open(first)));
    expect(same.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(same.filter((r) => r.statusCode === 409)).toHaveLength(7);

    // The other nine at once: each opens full, and the pool is shared out to the last item.
    const rest = await Promise.all(owners.slice(1).map(open));
    expect(rest.map((r) => r.statusCode)).toEqual(Array(9).fill(200));
    const pool = await db()
      .select()
      .from(schema.editionPools)
      .where(eq(schema.editionPools.niftyId, nifty.id));
    expect(pool.reduce((a, p) => a + p.remaining, 0)).toBe(0);
    const r = (await db().execute(
      sql`select count(*)::int as n from pack_openings o join tokens p on p.id = o.pack_token_id where p.nifty_id = ${nifty.id}`,
    )) as unknown as { rows: { n: number }[] };
    expect(Number(r.rows[0]?.n)).toBe(10);
  });
});
