// A statement built once (statements.ts) answers as the statement it replaces: on the database, the
// committed rows, with each call's values; in a transaction, inside that transaction (its uncommitted
// rows seen, nothing left after a rollback, and on the embedded store no wait for the transaction's end).
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { termsOfService } from './schema';
import { prepared } from './statements';
import { type FreshDatabase, freshDatabase } from './testing';
import { withTransaction } from './unit-of-work';

let store: FreshDatabase;
beforeAll(async () => {
  store = await freshDatabase();
});
afterAll(async () => {
  await store.drop();
});

const byVersion = (d: FreshDatabase['db']) =>
  d
    .select({ version: termsOfService.version, markdown: termsOfService.markdown })
    .from(termsOfService)
    .where(eq(termsOfService.version, sql.placeholder('version')));
const versionOf = (db: FreshDatabase['db'], version: string) =>
  prepared(db, 'statements_test_terms_by_version', byVersion).execute({ version });

describe('a prepared statement', () => {
  it('is built once per database and sends each call its own values', async () => {
    const { db } = store;
    const at = new Date('2026-01-02T00:00:00Z');
    await db.insert(termsOfService).values([
      { version: 'stmt-a', markdown: 'A', publishedAt: at },
      { version: 'stmt-b', markdown: 'B', publishedAt: at },
    ]);
    const build = (d: typeof db) => d.select().from(termsOfService).limit(sql.placeholder('n'));
    expect(prepared(db, 'statements_test_once', build)).toBe(prepared(db, 'statements_test_once', build));
    expect(await versionOf(db, 'stmt-a')).toEqual([{ version: 'stmt-a', markdown: 'A' }]);
    expect(await versionOf(db, 'stmt-b')).toEqual([{ version: 'stmt-b', markdown: 'B' }]);
    expect(await versionOf(db, 'none')).toEqual([]);
  });

  it('runs inside a transaction: sees its rows, and nothing is left after a rollback', async () => {
    const { db } = store;
    const rolledBack = new Error('roll back');
    await expect(
      withTransaction(db, async (tx) => {
        await tx
          .insert(termsOfService)
          .values({ version: 'stmt-tx', markdown: 'T', publishedAt: new Date('2026-01-03T00:00:00Z') });
        // In the transaction: its own row. (Sent on the database, it would not see the row on
        // PostgreSQL, and on the embedded store it would wait for this transaction forever.)
        expect(await versionOf(tx, 'stmt-tx')).toEqual([{ version: 'stmt-tx', markdown: 'T' }]);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(await versionOf(db, 'stmt-tx')).toEqual([]);
  });

  it('in a transaction is built once, and each transaction reads through its own connection', async () => {
    const { db } = store;
    const at = new Date('2026-01-04T00:00:00Z');
    const statementOf = (tx: typeof db) =>
      Object.getPrototypeOf(prepared(tx, 'statements_test_terms_by_version', byVersion));
    const built = await Promise.all([
      withTransaction(db, async (tx) => statementOf(tx)),
      withTransaction(db, async (tx) => statementOf(tx)),
    ]);
    expect(built[0]).toBe(built[1]);
    // Two transactions at once (on PostgreSQL each on a connection of its own), each with an uncommitted
    // row: each sees its own row and not the other's, so each call ran in its own transaction.
    const seen = await Promise.all(
      ['stmt-tx-1', 'stmt-tx-2'].map((version) =>
        withTransaction(db, async (tx) => {
          await tx.insert(termsOfService).values({ version, markdown: version, publishedAt: at });
          const own = await versionOf(tx, version);
          const other = await versionOf(tx, version === 'stmt-tx-1' ? 'stmt-tx-2' : 'stmt-tx-1');
          // Rolled back: the rows are never committed.
          throw Object.assign(new Error('roll back'), { seen: { own, other } });
        }).catch((e: unknown) => (e as { seen: { own: unknown[]; other: unknown[] } }).seen),
      ),
    );
    expect(seen).toEqual([
      { own: [{ version: 'stmt-tx-1', markdown: 'stmt-tx-1' }], other: [] },
      { own: [{ version: 'stmt-tx-2', markdown: 'stmt-tx-2' }], other: [] },
    ]);
    expect(await versionOf(db, 'stmt-tx-1')).toEqual([]);
  });

  it('refuses, under test, a builder that uses a value of its call, and two statements under one name', async () => {
    const { db } = store;
    // A value captured from the call would be frozen in at the first call: every later call would read
    // 'stmt-a' whatever it asked for.
    const captured = (version: string) =>
      prepared(db, 'statements_test_captured', (d) =>
        d.select().from(termsOfService).where(eq(termsOfService.version, version)),
      ).execute();
    await captured('stmt-a');
    await expect(async () => captured('stmt-b')).rejects.toThrow(/used a value of the call/);
    expect(() =>
      prepared(db, 'statements_test_terms_by_version', (d) => d.select().from(termsOfService)),
    ).toThrow(/two different statements are named statements_test_terms_by_version/);
  });
});
