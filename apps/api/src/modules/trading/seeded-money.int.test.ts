// The demo's money through the real app on the seeded store (decision 009 "Seeded money"): every seeded
// sale in a seller's Sales tab shows its fees and proceeds, the ledger is whole, and a seller's balance is
// the sum of the movements their Transactions tab lists.
import { schema } from '@vitrine/db';
import { DEMO_COLLECTOR } from '@vitrine/db/seed';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../testing/test-app';
import { sessionFor, type TestSession } from '../social/test-session';
import { ledgerInvariants } from './trading-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => {
  await t.close();
});

interface SaleRow {
  market: 'primary' | 'secondary';
  priceInCents: number;
  serviceFeeInCents: number | null;
  creatorFeeInCents: number | null;
  proceedsInCents: number | null;
}

async function allSales(s: TestSession): Promise<SaleRow[]> {
  const rows: SaleRow[] = [];
  for (let offset = 0; ; offset += 50) {
    const res = await t.app.inject({
      url: `/api/nifty-dashboard/sales/?limit=50&offset=${offset}`,
      headers: s.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as { count: number; results: SaleRow[] };
    rows.push(...page.results);
    if (page.results.length === 0 || rows.length >= page.count) return rows;
  }
}

async function collectorUrl(): Promise<string> {
  const [row] = await t.app.config.database.db
    .select({ profileUrl: schema.users.profileUrl })
    .from(schema.users)
    .where(eq(schema.users.email, DEMO_COLLECTOR.email));
  if (!row) throw new Error('no demo collector');
  return row.profileUrl;
}

describe('the seeded demo money', () => {
  it('names the cards of seeded purchases as the processors do (a receipt reads "Visa •••• 4242")', async () => {
    const brands = await t.app.config.database.db
      .selectDistinct({ brand: schema.purchaseIntents.cardBrand })
      .from(schema.purchaseIntents)
      .where(sql`${schema.purchaseIntents.cardBrand} is not null`);
    expect(brands.length).toBeGreaterThan(0);
    // The simulated processor's and the Stripe adapter's names (payment-providers.ts, stripe-provider.ts).
    for (const { brand } of brands) expect(['Visa', 'Mastercard', 'American Express']).toContain(brand);
  });

  it("shows every seeded sale's fees and proceeds in the Sales tab (primary and secondary)", async () => {
    // The sellers of the most sales (primary sellers: every drop type's editions) and the demo collector.
    const db = t.app.config.database.db;
    const sellers = await db
      .select({ profileUrl: schema.users.profileUrl })
      .from(schema.sales)
      .innerJoin(schema.users, eq(schema.users.id, schema.sales.sellerId))
      .groupBy(schema.users.profileUrl)
      .orderBy(desc(sql`count(*)`), schema.users.profileUrl)
      .limit(6);
    const markets = new Set<string>();
    let checked = 0;
    for (const profileUrl of [...sellers.map((r) => r.profileUrl), await collectorUrl()]) {
      const sales = await allSales(await sessionFor(t.app, profileUrl));
      for (const sale of sales) markets.add(sale.market);
      const paid = sales.filter((s) => s.priceInCents > 0);
      checked += paid.length;
      for (const sale of paid) {
        expect(sale.proceedsInCents, JSON.stringify(sale)).not.toBeNull();
        expect(sale.serviceFeeInCents, JSON.stringify(sale)).not.toBeNull();
        expect(
          (sale.proceedsInCents ?? 0) + (sale.serviceFeeInCents ?? 0) + (sale.creatorFeeInCents ?? 0),
        ).toBe(sale.priceInCents);
      }
    }
    expect(checked).toBeGreaterThan(20);
    expect([...markets].sort()).toEqual(['primary', 'secondary']);
    expect(await ledgerInvariants(t.app.config.database.db)).toMatchObject({
      unbalancedTransactions: 0,
      holdsBeyondBalance: 0,
      negativeBalances: 0,
      sumOfAllEntries: 0,
    });
  });

  it('gives the demo collector a balance that is the sum of their listed movements', async () => {
    const s = await sessionFor(t.app, await collectorUrl());
    const profile = await t.app.inject({ url: '/api/user/profile/', headers: s.headers });
    const balance = (profile.json() as { account_balance_in_cents: number }).account_balance_in_cents;
    const list = await t.app.inject({ url: '/api/v2/balance/transactions?limit=100', headers: s.headers });
    const page = list.json() as { count: number; results: { kind: string; amountInCents: number }[] };
    expect(page.results.length).toBeGreaterThan(0);
    expect(page.results.length).toBe(page.count);
    expect(balance).toBe(page.results.reduce((sum, r) => sum + r.amountInCents, 0));
    expect(balance).toBeGreaterThan(0);
  });
});
