// The ledger (decision 009) on both stores: movements balance to zero (the code refuses, and the store
// refuses at commit), a balance is its entries' sum and a user's never goes below zero (the code checks
// under the account's lock; the store refuses at commit a debit that skipped it), holds reduce what may be spent, and the profile's account_balance_in_cents is the ledger's.
import { type Db, schema, withTransaction } from '@vitrine/db';
import { fixtures } from '@vitrine/db/testing';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../testing/test-app';
import { sessionFor } from '../social/test-session';
import { createLedgerRepo } from './ledger.repo';
import { accountBalance } from './trading-helpers';

let t: TestApp;
let db: Db;
const at = new Date('2026-06-15T12:00:00.000Z');

beforeAll(async () => {
  t = await testApp({ seed: false });
  db = t.app.config.database.db;
});
afterAll(async () => {
  await t.close();
});

async function deposit(userId: number, cents: number, reference: string) {
  const ledger = createLedgerRepo(db);
  const [user, clearing] = [await ledger.userAccount(userId), await ledger.houseAccount('payments_clearing')];
  await withTransaction(db, async (tx) => {
    const l = createLedgerRepo(tx);
    await l.lock([user, clearing]);
    await l.post({
      kind: 'deposit',
      reference,
      at,
      postings: [
        { accountId: clearing, amountCents: -cents, memo: 'card' },
        { accountId: user, amountCents: cents, memo: 'deposit' },
      ],
    });
  });
  return { user, clearing };
}

describe('the ledger', () => {
  it('moves balances with their entries; the profile shows the user balance', async () => {
    const f = fixtures(db, { now: at });
    const u = await f.user();
    const { user, clearing } = await deposit(u.id, 2_500, `d-${u.id}`);
    const ledger = createLedgerRepo(db);
    expect(await ledger.balanceOf(u.id)).toBe(2_500);
    expect(clearing).toBeGreaterThan(0);
    expect(await accountBalance(db, { kind: 'payments_clearing' })).toBeLessThanOrEqual(-2_500);
    const sums = await db
      .select({
        id: schema.ledgerEntries.accountId,
        s: sql<string>`sum(${schema.ledgerEntries.amountCents})`,
      })
      .from(schema.ledgerEntries)
      .where(eq(schema.ledgerEntries.accountId, user))
      .groupBy(schema.ledgerEntries.accountId);
    expect(Number(sums[0]?.s)).toBe(2_500);

    const { headers } = await sessionFor(t.app, u.profileUrl);
    const profile = await t.app.inject({ url: '/api/user/profile/', headers });
    expect(profile.json()).toMatchObject({ account_balance_in_cents: 2_500 });
  });

  it('refuses a movement that does not sum to zero, in code and in the store at commit', async () => {
    const f = fixtures(db, { now: at });
    const u = await f.user();
    const ledger = createLedgerRepo(db);
    const account = await ledger.userAccount(u.id);
    await expect(
      withTransaction(db, (tx) =>
        createLedgerRepo(tx).post({
          kind: 'deposit',
          reference: `bad-${u.id}`,
          at,
          postings: [{ accountId: account, amountCents: 100, memo: 'from nowhere' }],
        }),
      ),
    ).rejects.toThrow(/does not balance/);
    // Written around the code: the deferred trigger refuses the commit.
    await expect(
      withTransaction(db, async (tx) => {
        const [row] = await tx
          .insert(schema.ledgerTransactions)
          .values({ kind: 'deposit', reference: `raw-${u.id}`, createdAt: at })
          .returning();
        await tx.insert(schema.ledgerEntries).values({
          transactionId: row?.id ?? 0,
          accountId: account,
          amountCents: 100,
          memo: 'x',
          createdAt: at,
        });
      }),
    ).rejects.toThrow();
    expect(await ledger.balanceOf(u.id)).toBe(0);
    expect(
      await db.$count(schema.ledgerTransactions, eq(schema.ledgerTransactions.reference, `raw-${u.id}`)),
    ).toBe(0);
  });

  it('never lets a user balance go below zero, and posts a reference once', async () => {
    const f = fixtures(db, { now: at });
    const u = await f.user();
    const { user, clearing } = await deposit(u.id, 1_000, `d2-${u.id}`);
    await expect(
      withTransaction(db, (tx) =>
        createLedgerRepo(tx).post({
          kind: 'payout',
          reference: `p-${u.id}`,
          at,
          postings: [
            { accountId: user, amountCents: -1_001, memo: 'payout' },
            { accountId: clearing, amountCents: 1_001, memo: 'payout' },
          ],
        }),
      ),
    ).rejects.toThrow();
    await expect(deposit(u.id, 1_000, `d2-${u.id}`)).rejects.toThrow();
    expect(await createLedgerRepo(db).balanceOf(u.id)).toBe(1_000);
  });

  it('lets one of two debits that skipped the lock through, when the balance covers one (the store at commit)', async () => {
    // Two writers that forgot `lock`: each posts a debit of 700 and commits. On PostgreSQL both have posted
    // before either commits (each waits for the other's post), and their commits race: five pairs, as the
    // race does not lose every time. PGlite runs one transaction at a time.
    const onPostgres = process.env.TEST_STORE === 'postgres';
    const f = fixtures(db, { now: at });
    for (let pair = 0; pair < 5; pair += 1) {
      const u = await f.user();
      const { user, clearing } = await deposit(u.id, 1_000, `d5-${u.id}`);
      let posted = 0;
      const bothPosted = async () => {
        posted += 1;
        while (onPostgres && posted < 2) await new Promise((resolve) => setTimeout(resolve, 5));
      };
      const debit = (n: number) =>
        withTransaction(db, async (tx) => {
          await createLedgerRepo(tx).post({
            kind: 'payout',
            reference: `p5-${u.id}-${n}`,
            at,
            postings: [
              { accountId: user, amountCents: -700, memo: 'payout' },
              { accountId: clearing, amountCents: 700, memo: 'payout' },
            ],
          });
          await bothPosted();
        });
      const results = await Promise.allSettled([debit(1), debit(2)]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect(await createLedgerRepo(db).balanceOf(u.id)).toBe(300);
    }
  });

  it('counts active holds out of what may be spent, until released', async () => {
    const f = fixtures(db, { now: at });
    const u = await f.user();
    const { user } = await deposit(u.id, 5_000, `d3-${u.id}`);
    await withTransaction(db, async (tx) => {
      const l = createLedgerRepo(tx);
      await l.lock([user]);
      await l.hold(user, 1_500, `offer-${u.id}`, at);
    });
    const read = () => withTransaction(db, (tx) => createLedgerRepo(tx).lock([user]));
    expect((await read()).get(user)).toEqual({ id: user, balanceCents: 5_000, availableCents: 3_500 });
    expect(await createLedgerRepo(db).closeHold(`offer-${u.id}`, 'released', at)).toBe(true);
    expect(await createLedgerRepo(db).closeHold(`offer-${u.id}`, 'released', at)).toBe(false);
    expect((await read()).get(user)?.availableCents).toBe(5_000);
  });

  it("shows in each user's profile their balance less their own active holds", async () => {
    const f = fixtures(db, { now: at });
    const [a, b] = [await f.user(), await f.user()];
    const accounts = {
      a: (await deposit(a.id, 5_000, `d4-${a.id}`)).user,
      b: (await deposit(b.id, 3_000, `d4-${b.id}`)).user,
    };
    await withTransaction(db, async (tx) => {
      const l = createLedgerRepo(tx);
      await l.lock([accounts.a, accounts.b]);
      await l.hold(accounts.b, 700, `offer-b-${b.id}`, at);
      await l.hold(accounts.a, 1_500, `offer-a-${a.id}`, at);
    });
    const profile = async (u: { profileUrl: string }) => {
      const { headers } = await sessionFor(t.app, u.profileUrl);
      return (await t.app.inject({ url: '/api/user/profile/', headers })).json();
    };
    expect(await profile(a)).toMatchObject({
      account_balance_in_cents: 5_000,
      available_balance_in_cents: 3_500,
    });
    expect(await profile(b)).toMatchObject({
      account_balance_in_cents: 3_000,
      available_balance_in_cents: 2_300,
    });
    await createLedgerRepo(db).closeHold(`offer-a-${a.id}`, 'released', at);
    expect(await profile(a)).toMatchObject({ available_balance_in_cents: 5_000 });
    expect(await profile(b)).toMatchObject({ available_balance_in_cents: 2_300 });
  });
});
