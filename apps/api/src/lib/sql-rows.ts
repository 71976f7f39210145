// Raw-SQL helpers shared by the catalog, search and social repos. Both drivers (node-postgres and PGlite)
// answer `execute` with `{ rows }`; values are read defensively because the drivers type int8, numeric
// and timestamps differently.
import { createHash } from 'node:crypto';
import { type Db, type EmbeddedClient, isEmbeddedClient } from '@vitrine/db';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

const dialect = new PgDialect({ casing: 'snake_case' });

/**
 * Runs a statement as a named prepared statement (named by its text), so the database parses and plans
 * each distinct browsing statement once per connection instead of on every request. Planning, not
 * execution, dominated the cost of explore and autocomplete statements.
 *
 * node-postgres keeps named statements per connection. PGlite ignores the name of the extended
 * protocol, so there the statement is PREPAREd with SQL once per database and then EXECUTEd with its
 * parameters (the 20-card statement: 2.7 ms planned every time, 0.85 ms prepared). Only outside
 * transactions: a failed PREPARE would abort the caller's transaction.
 */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const q = dialect.sqlToQuery(query);
  const name = statementName(q.sql);
  const session = db._.session as unknown as { client: object; constructor: { name: string } };
  const pglite = isEmbeddedClient(session.client) ? session.client : null;
  if (pglite) {
    const args = literalArgs(q.params);
    if (args !== null && (await preparedOnPglite(db, pglite, name, q.sql))) {
      const text = `EXECUTE "${name}"${args.length > 0 ? `(${args.join(', ')})` : ''}`;
      return (await pglite.query<T>(text)).rows;
    }
  }
  const result = (await db._.session.prepareQuery(q, undefined, name, false).execute()) as { rows: T[] };
  return result.rows;
}

/** Statement names by text: hashing a statement of a few KB on every request costs more than the lookup. */
const statementNames = new Map<string, string>();
const MAX_STATEMENT_NAMES = 2000;

function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `vt_${createHash('sha1').update(text).digest('base64url').slice(0, 27)}`;
    if (statementNames.size >= MAX_STATEMENT_NAMES) statementNames.clear();
    statementNames.set(text, name);
  }
  return name;
}

/**
 * EXECUTE is a utility statement: it takes no bound parameters, so its arguments are written as
 * quoted literals of unknown type, which PostgreSQL casts to the prepared statement's parameter types.
 * Quotes are doubled (standard_conforming_strings is on); a value that cannot be written safely
 * (a NUL character, an unknown kind) sends the statement down the unprepared path instead.
 */
export function literalArgs(params: readonly unknown[]): string[] | null {
  const out: string[] = [];
  for (const p of params) {
    const text = literalText(p);
    if (text === undefined) return null;
    out.push(text === null ? 'NULL' : `'${text.replace(/'/g, "''")}'`);
  }
  return out;
}

function literalText(p: unknown): string | null | undefined {
  if (p === null || p === undefined) return null;
  let text: string;
  if (typeof p === 'string') text = p;
  else if (typeof p === 'number') {
    if (!Number.isFinite(p)) return undefined;
    text = String(p);
  } else if (typeof p === 'bigint') text = p.toString();
  else if (typeof p === 'boolean') text = p ? 'true' : 'false';
  else if (p instanceof Date) text = p.toISOString();
  else if (Array.isArray(p)) {
    const items: string[] = [];
    for (const item of p) {
      if (Array.isArray(item)) return undefined;
      const t = literalText(item);
      if (t === undefined) return undefined;
      items.push(t === null ? 'NULL' : `"${t.replace(/[\\"]/g, (c) => `\\${c}`)}"`);
    }
    text = `{${items.join(',')}}`;
  } else return undefined;
  return text.includes('\0') ? undefined : text;
}

/**
 * Statement names PREPAREd per PGlite database, for the thread that answers it now (a thread started
 * again after a crash holds none); bounded, past the bound statements run unprepared.
 */
const preparedPerPglite = new WeakMap<
  object,
  { incarnation: number; names: Map<string, Promise<boolean>> }
>();
const MAX_PREPARED = 1000;

function preparedOnPglite(db: Db, pglite: EmbeddedClient, name: string, text: string): Promise<boolean> {
  let entry = preparedPerPglite.get(pglite);
  if (!entry || entry.incarnation !== pglite.incarnation) {
    entry = { incarnation: pglite.incarnation, names: new Map() };
    preparedPerPglite.set(pglite, entry);
  }
  const { names } = entry;
  const known = names.get(name);
  if (known) return known;
  if (names.size >= MAX_PREPARED) return Promise.resolve(false);
  const prepared = db
    .execute(sql.raw(`PREPARE "${name}" AS ${text}`))
    .then(() => true)
    .catch(() => false);
  names.set(name, prepared);
  return prepared;
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

/** PostgreSQL's text (DateStyle ISO) or JSON form of a UTC timestamptz (TimeZone UTC). */
const PG_UTC_TIMESTAMP = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?\+00(?::00)?$/;

/**
 * ISO 8601 text (milliseconds, `Z`) of a timestamp from a raw row: a Date, or PostgreSQL's text or JSON
 * form. The common UTC forms are rewritten directly (the Date parser costs 5x as much, and a page of
 * cards holds a hundred timestamps); anything else goes through Date.
 */
export function iso(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') {
    const m = PG_UTC_TIMESTAMP.exec(value);
    if (m) return `${m[1]}T${m[2]}.${(m[3] ?? '').padEnd(3, '0').slice(0, 3)}Z`;
  }
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
