// rowsOf answers the same whether a statement runs planned each time or prepared (PGlite PREPAREs
// it and EXECUTEs it with quoted literals): values that need quoting come back unchanged.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../testing/test-app';
import { literalArgs, rowsOf } from './sql-rows';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ seed: false });
});
afterAll(async () => {
  await t.close();
});

const tricky = [`O'Brien`, `back\\slash`, `"quoted"`, `'); drop table users; --`, `{braces,comma}`, `NULL`];

describe('rowsOf', () => {
  it('returns every value unchanged on repeated (prepared) runs', async () => {
    for (let run = 0; run < 3; run += 1) {
      for (const text of tricky) {
        const rows = await rowsOf<{
          s: string;
          arr: (string | null)[];
          n: number;
          z: number | null;
          b: boolean;
        }>(
          t.app.config.database.db,
          sql`select ${text}::text as s, ${sql.param([text, null, 'x'])}::text[] as arr, ${42}::int as n,
                     ${null}::int as z, ${true}::boolean as b`,
        );
        expect(rows).toEqual([{ s: text, arr: [text, null, 'x'], n: 42, z: null, b: true }]);
      }
    }
    // The users table is still there.
    const [count] = await rowsOf<{ n: number }>(
      t.app.config.database.db,
      sql`select count(*)::int as n from users`,
    );
    expect(count?.n).toBe(0);
  });
});

describe('value types', () => {
  // The store reads these types as text whichever way a statement runs (PGlite has drizzle's parsers
  // set once on the database, so queries outside transactions need not pass them every time).
  const statement = sql`select '2026-01-02 03:04:05+00'::timestamptz as ts, '2026-01-02'::date as d,
    '1 day'::interval as i, array[1.5, 2]::numeric[] as na, 7::int8 as big`;
  type Row = { ts: unknown; d: unknown; i: unknown; na: unknown; big: unknown };
  const expectText = (row: Row | undefined) => {
    expect(typeof row?.ts).toBe('string');
    expect(new Date(String(row?.ts)).toISOString()).toBe('2026-01-02T03:04:05.000Z');
    expect(row?.d).toBe('2026-01-02');
    expect(row?.i).toBe('1 day');
    expect(String(row?.na)).toMatch(/1\.5.*2/);
    expect(Number(row?.big)).toBe(7);
  };

  it('reads timestamps, dates, intervals and numeric arrays as text, in and out of transactions', async () => {
    const { db } = t.app.config.database;
    for (let run = 0; run < 2; run += 1) {
      expectText((await rowsOf<Row>(db, statement))[0]);
      expectText(((await db.execute(statement)) as unknown as { rows: Row[] }).rows[0]);
      const inTx = await db.transaction(
        async (tx) => ((await tx.execute(statement)) as unknown as { rows: Row[] }).rows[0],
      );
      expectText(inTx);
    }
  });
});

describe('literalArgs', () => {
  it('quotes every value as a literal, doubling quotes, and refuses what it cannot write safely', () => {
    expect(literalArgs([`it's`, 3, null, true, ['a"b', 'c\\d', null]])).toEqual([
      `'it''s'`,
      `'3'`,
      'NULL',
      `'true'`,
      `'{"a\\"b","c\\\\d",NULL}'`,
    ]);
    expect(literalArgs(['nul\0byte'])).toBeNull();
    expect(literalArgs([Number.NaN])).toBeNull();
    expect(literalArgs([[['nested']]])).toBeNull();
    expect(literalArgs([{ an: 'object' }])).toBeNull();
  });
});
