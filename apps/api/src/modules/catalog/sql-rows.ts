// Raw-SQL helpers shared by the catalog, search and social repos. Both drivers (node-postgres and PGlite)
// answer `execute` with `{ rows }`; values are read defensively because the drivers type int8, numeric
// and timestamps differently.
import { createHash } from 'node:crypto';
import type { Db } from '@vitrine/db';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

const dialect = new PgDialect({ casing: 'snake_case' });

/**
 * Runs a statement as a named prepared statement (named by its text), so PostgreSQL parses and plans
 * each distinct browsing statement once per connection instead of on every request. Planning, not
 * execution, dominated the cost of explore and autocomplete statements. PGlite ignores the name.
 */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const q = dialect.sqlToQuery(query);
  const name = `vt_${createHash('sha1').update(q.sql).digest('base64url').slice(0, 27)}`;
  const result = (await db._.session.prepareQuery(q, undefined, name, false).execute()) as { rows: T[] };
  return result.rows;
}

/**
 * Runs `fn` in a transaction with local settings (they never leak to other areas' statements). E.g.
 * `plan_cache_mode = force_generic_plan` plans a prepared statement once per connection; check with
 * EXPLAIN EXECUTE that the generic plan keeps the intended indexes (partial-index predicates must be literals).
 */
export async function withLocalSettings<T>(
  db: Db,
  settings: Record<string, string>,
  fn: (tx: Db) => Promise<T>,
): Promise<T> {
  const all = settings;
  return db.transaction(async (tx) => {
    await rowsOf(
      tx,
      sql`select ${sql.join(
        Object.entries(all).map(([k, v]) => sql`set_config(${k}, ${v}, true)`),
        sql`, `,
      )}`,
    );
    return fn(tx);
  });
}

/** An integer from int4/int8/numeric (cents and counts stay below 2^53). */
export function int(value: unknown): number {
  if (typeof value === 'number') return Math.trunc(value);
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string' && value !== '') return Math.trunc(Number(value));
  return 0;
}

export function intOrNull(value: unknown): number | null {
  return value === null || value === undefined ? null : int(value);
}

export function iso(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const d = value instanceof Date ? value : new Date(String(value));
  return Number.isFinite(d.getTime()) ? d.toISOString() : null;
}

/** A text[] parameter. */
export function textArray(values: readonly string[]): SQL {
  if (values.length === 0) return sql`'{}'::text[]`;
  return sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;
}

/** An int[] parameter. */
export function intArray(values: readonly number[]): SQL {
  if (values.length === 0) return sql`'{}'::int[]`;
  return sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::int[]`;
}

export function groupBy<T, K>(items: readonly T[], key: (t: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}
