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
