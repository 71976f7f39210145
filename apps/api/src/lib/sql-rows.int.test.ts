// rowsOf answers the same whether a statement runs planned each time or prepared (PGlite PREPAREs
// it and EXECUTEs it with quoted literals): values that need quoting come back unchanged.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase, type EmbeddedClient, STOP_AS_IF_CRASHED } from '@vitrine/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../testing/test-app';
import { iso, literalArgs, rowsOf } from './sql-rows';

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

describe('iso', () => {
  it('turns the store’s timestamps into ISO text with milliseconds, in UTC and in any session time zone', async () => {
    const { db } = t.app.config.database;
    const statement = sql`select '2026-01-02 03:04:05+00'::timestamptz as a, '2026-01-02 03:04:05.2+00'::timestamptz as b,
      '2026-01-02 03:04:05.269999+00'::timestamptz as c, '1999-12-31 23:59:59.999+00'::timestamptz as d`;
    const expected = {
      a: '2026-01-02T03:04:05.000Z',
      b: '2026-01-02T03:04:05.200Z',
      c: '2026-01-02T03:04:05.269Z',
      d: '1999-12-31T23:59:59.999Z',
    };
    const isoOf = (row: Record<string, unknown> | undefined) =>
      Object.fromEntries(Object.entries(row ?? {}).map(([k, v]) => [k, iso(v)]));
    expect(isoOf((await rowsOf<Record<string, unknown>>(db, statement))[0])).toEqual(expected);
    const elsewhere = await db.transaction(async (tx) => {
      await tx.execute(sql`set local timezone = 'Asia/Kolkata'`);
      return ((await tx.execute(statement)) as unknown as { rows: Record<string, unknown>[] }).rows[0];
    });
    expect(String(elsewhere?.a)).toContain('+05:30');
    expect(isoOf(elsewhere)).toEqual(expected);
    // The same timestamps inside JSON (as the token cards statement returns them).
    const asJson = sql`select to_json(x) as j from (${statement}) x`;
    const [inJson] = await rowsOf<{ j: Record<string, unknown> }>(db, asJson);
    expect(String(inJson?.j.a)).toMatch(/^2026-01-02T03:04:05/);
    expect(isoOf(inJson?.j)).toEqual(expected);
    const jsonElsewhere = await db.transaction(async (tx) => {
      await tx.execute(sql`set local timezone = 'Asia/Kolkata'`);
      return ((await tx.execute(asJson)) as unknown as { rows: { j: Record<string, unknown> }[] }).rows[0];
    });
    expect(isoOf(jsonElsewhere?.j)).toEqual(expected);
    expect(iso(new Date('2026-01-02T03:04:05Z'))).toBe('2026-01-02T03:04:05.000Z');
    expect([iso(null), iso(undefined), iso('not a time')]).toEqual([null, null, null]);
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

describe('prepared statements after the embedded store restarts', () => {
  it('are PREPAREd again on the new thread (it holds none of the old one)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vitrine-rows-restart-'));
    const database = await createDatabase({ dataDir: dir });
    try {
      const client = (database.db._.session as unknown as { client: EmbeddedClient }).client;
      const ask = () => rowsOf<{ n: number }>(database.db, sql`select ${41}::int + 1 as n`);
      expect(await ask()).toEqual([{ n: 42 }]);
      expect(await ask()).toEqual([{ n: 42 }]);
      await (client as unknown as Record<symbol, () => Promise<number>>)[STOP_AS_IF_CRASHED]?.();
      const end = Date.now() + 15_000;
      while (client.incarnation === 1 && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
      expect(client.incarnation).toBe(2);
      expect(await ask()).toEqual([{ n: 42 }]);
    } finally {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
