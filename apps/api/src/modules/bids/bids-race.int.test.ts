// Bids under concurrency (issue 15, decision 012): many bidders at once on one hot auction never leave a
// lower bid winning, never two active bids on a 1/1 and never more than N on a ranked auction; every bid
// pushed out has its hold released; settlement run concurrently mints each edition once. On PostgreSQL
// (TEST_DATABASE_URL) over a pool of 24 connections the bidders run truly side by side.
import { schema } from '@vitrine/db';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../testing/test-app';
import { buyer, fund, ledgerInvariants } from '../trading/trading-helpers';
import { auctionNifty, placeBid } from './bids-helpers';

const BIDDERS = 40;

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ seed: false, poolSize: 24 });
});
afterAll(async () => {
  await t.close();
});

const db = () => t.app.config.database.db;

async function bidders(n: number) {
  const out = [];
  for (let i = 0; i < n; i++) {
    const b = await buyer(t.app);
    await fund(db(), b.userId, 1_000_000, t.clock.now());
    out.push(b);
  }
  return out;
}

async function activeHoldsTotal(): Promise<number> {
  const r = (await db().execute(
    sql`select coalesce(sum(amount_cents), 0)::text as s from ledger_holds where status = 'active'`,
  )) as unknown as { rows: { s: string }[] };
  return Number(r.rows[0]?.s ?? -1);
}

describe(`${BIDDERS} bidders at once`, () => {
  it('on a 1/1 auction: the highest accepted bid is the one active bid, every other hold released', {
    timeout: 180_000,
  }, async () => {
    const { nifty } = await auctionNifty(t.app, { minimumBidInCents: 1_000, bidIncrementInCents: 100 });
    const people = await bidders(BIDDERS);
    // Amounts in a shuffled order: many are refused as too low once a higher one has landed.
    const amounts = people.map((_, i) => 1_000 + ((i * 7) % BIDDERS) * 100);
    const answers = await Promise.all(
      people.map((p, i) => placeBid(t.app, p.headers, nifty, ((amounts[i] ?? 0) / 100).toFixed(2))),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    const accepted = amounts.filter((_, i) => statuses[i] === 201);
    expect(accepted.length).toBeGreaterThan(0);
    const active = await db()
      .select()
      .from(schema.bids)
      .where(and(eq(schema.bids.niftyId, nifty.id), eq(schema.bids.currentlyActive, true)));
    expect(active).toHaveLength(1);
    expect(active[0]?.amountInCents).toBe(Math.max(...accepted));
    // Accepted bids rose strictly, by at least the increment, in the order they committed.
    const all = await db()
      .select()
      .from(schema.bids)
      .where(eq(schema.bids.niftyId, nifty.id))
      .orderBy(schema.bids.id);
    for (let i = 1; i < all.length; i++) {
      expect((all[i]?.amountInCents ?? 0) - (all[i - 1]?.amountInCents ?? 0)).toBeGreaterThanOrEqual(100);
    }
    expect(await activeHoldsTotal()).toBe(active[0]?.amountInCents);
  });

  it('on a ranked auction of 3: never more than 3 active, the 3 highest; settled concurrently, once', {
    timeout: 180_000,
  }, async () => {
    const { nifty } = await auctionNifty(t.app, {
      saleType: 'ranked_auction',
      editionSize: 3,
      minimumBidInCents: 1_000,
      bidIncrementInCents: 100,
      endsInMs: 60 * 60 * 1000,
    });
    const before = await activeHoldsTotal();
    const people = await bidders(BIDDERS);
    const answers = await Promise.all(
      people.map((p, i) => placeBid(t.app, p.headers, nifty, (10 + ((i * 13) % BIDDERS)).toFixed(2))),
    );
    const accepted = answers
      .filter((a) => a.statusCode === 201)
      .map((a) => a.json().bid.amount_in_cents as number);
    expect(accepted.length).toBeGreaterThanOrEqual(3);
    const active = await db()
      .select()
      .from(schema.bids)
      .where(and(eq(schema.bids.niftyId, nifty.id), eq(schema.bids.currentlyActive, true)));
    expect(active).toHaveLength(3);
    const top3 = [...accepted].sort((a, b) => b - a).slice(0, 3);
    expect(active.map((b) => b.amountInCents).sort((a, b) => b - a)).toEqual(top3);
    expect((await activeHoldsTotal()) - before).toBe(top3.reduce((s, x) => s + x, 0));

    t.clock.advance(2 * 60 * 60 * 1000);
    const runs = await Promise.all(Array.from({ length: 6 }, () => t.app.services.bids.settle(nifty.id)));
    expect(runs.filter((r) => r.settled)).toEqual([{ settled: true, winners: 3 }]);
    const tokens = await db().select().from(schema.tokens).where(eq(schema.tokens.niftyId, nifty.id));
    expect(tokens).toHaveLength(3);
    expect(new Set(tokens.map((x) => x.editionNumber)).size).toBe(3);
    const [n] = await db().select().from(schema.nifties).where(eq(schema.nifties.id, nifty.id));
    expect(n?.totalSold).toBe(3);
    expect((await activeHoldsTotal()) - before).toBe(0);
    expect(await ledgerInvariants(db())).toEqual({
      unbalancedTransactions: 0,
      holdsBeyondBalance: 0,
      negativeBalances: 0,
      sumOfAllEntries: 0,
    });
  });
});
