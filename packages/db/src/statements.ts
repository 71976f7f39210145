// Statements built once. Drizzle builds a query's SQL text on every call (a tenth to a quarter of a trading
// write's CPU, bench/results/purchases-2026-11-25.md); a statement sent on every authenticated request or
// trading write is built once instead, with `sql.placeholder` for its values, and sent by name (PostgreSQL
// then parses it once per pooled connection). On the database it is built once per database; in a
// transaction it is built once per driver and each call binds it to the transaction's own connection
// (a statement bound to the database would run outside the transaction, and on the embedded store wait
// for it): the purchase's statements, all in its transaction, were built on every call (17 % of the
// server's CPU under the purchase figures, bench/results/purchases-2026-12-01.md).
import { createHash } from 'node:crypto';
import { getTableColumns, is, Param, Placeholder, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client';
import { isTransaction } from './unit-of-work';

interface Built {
  prepared: unknown;
  /** Under test: the builder's source and the statement it built, to catch misuse (below). */
  source?: string;
  query?: string;
}

const built = new WeakMap<Db, Map<string, Built>>();
/** Statements of transactions, by the driver's session class: bound to each transaction's connection per call. */
const builtForTransactions = new WeakMap<object, Map<string, Built>>();

/** What drizzle keeps of a transaction's connection: its session, whose `client` its statements run on. */
interface SessionOf {
  session: { client: unknown };
}

/** Checked under test only (NODE_ENV=test, as vitest sets it): the checks build the statement each call. */
const checking = process.env.NODE_ENV === 'test';

interface Preparable<P extends { execute: unknown }> {
  prepare(name: string): P;
  execute: P['execute'];
  toSQL(): { sql: string; params: unknown[] };
}

/**
 * `build(db).prepare(name)`, built once per database, or once per driver for transactions (each call then
 * runs on the transaction's connection). Two rules,
 * checked under test:
 *  - `name` is unique across the code base (it names the statement on each PostgreSQL connection): two
 *    builders under one name would silently run the first one's statement;
 *  - every value of the call is a `sql.placeholder` given to `execute`: a value `build` captures from its
 *    call is frozen in at the first call (a session read capturing its token hash would sign every caller
 *    in as the first one).
 */
export function prepared<P extends { execute: unknown }>(
  db: Db,
  name: string,
  build: (db: Db) => Preparable<P>,
): Pick<P, 'execute'> {
  if (isTransaction(db)) {
    const session = (db as unknown as SessionOf).session;
    const statement = builtOnce(builtForTransactions, session.constructor, db, name, build);
    // The statement as built, sent on this transaction's connection (drizzle's prepared queries of both
    // drivers send on their `client`: the pooled connection, or PGlite's transaction).
    const bound = Object.create(statement as object) as { client: unknown };
    bound.client = session.client;
    return bound as unknown as P;
  }
  return builtOnce(built, db, db, name, build);
}

function builtOnce<P extends { execute: unknown }>(
  cache: WeakMap<object, Map<string, Built>>,
  key: object,
  db: Db,
  name: string,
  build: (db: Db) => Preparable<P>,
): P {
  let byName = cache.get(key);
  if (!byName) {
    byName = new Map();
    cache.set(key, byName);
  }
  const entry = byName.get(name);
  if (!entry) {
    const query = build(db);
    byName.set(name, {
      prepared: query.prepare(name),
      ...(checking ? { source: build.toString(), query: shapeOf(query) } : {}),
    });
    return byName.get(name)?.prepared as P;
  }
  if (checking) {
    if (build.toString() !== entry.source) {
      throw new Error(`prepared: two different statements are named ${name}`);
    }
    if (shapeOf(build(db)) !== entry.query) {
      throw new Error(`prepared ${name}: its builder used a value of the call; pass it as a sql.placeholder`);
    }
  }
  return entry.prepared as P;
}

/** A statement's text and values, placeholders by name (what must not change from call to call). */
function shapeOf(query: { toSQL(): { sql: string; params: unknown[] } }): string {
  const value = (p: unknown): unknown =>
    is(p, Placeholder) ? { placeholder: p.name } : is(p, Param) ? value(p.value) : p;
  const { sql, params } = query.toSQL();
  return JSON.stringify({ sql, params: params.map(value) });
}

const dialect = new PgDialect({ casing: 'snake_case' });

/** What drizzle keeps of any database or transaction: the session that sends its statements. */
interface WithSession {
  _: {
    session: {
      prepareQuery(
        query: { sql: string; params: unknown[] },
        fields: undefined,
        name: string,
        isResponseInArrayMode: boolean,
      ): { execute(values: Record<string, unknown>): Promise<unknown> };
    };
  };
}

export interface PreparedSql<T> {
  /** Runs the statement on `db` (the database, or the transaction it is called in) with these values. */
  execute(db: Db, values: Record<string, unknown>): Promise<T[]>;
}

/**
 * A raw SQL statement built once, its values `sql.placeholder`s given to `execute`, sent by name on the
 * database or on the transaction it is executed in (drizzle's `db.execute(sql…)` builds the text on every
 * call). Declare it once, at the top of a module (the builder takes no argument, so nothing of a call can
 * be frozen into it); `name` is unique across the code base, as for `prepared`. Answers the rows as the
 * driver gives them (column names as the statement writes them).
 */
export function preparedSql<T>(name: string, build: () => SQL): PreparedSql<T> {
  let query: { sql: string; params: unknown[] } | null = null;
  return {
    async execute(db, values) {
      if (query === null) query = dialect.sqlToQuery(build());
      else if (checking && JSON.stringify(dialect.sqlToQuery(build())) !== JSON.stringify(query)) {
        throw new Error(`preparedSql ${name}: its builder changed between calls`);
      }
      const session = (db as unknown as WithSession)._.session;
      const result = (await session.prepareQuery(query, undefined, name, false).execute(values)) as {
        rows: T[];
      };
      return result.rows;
    },
  };
}

/**
 * A row as the driver answered it for a raw statement (`returning *`: the table's column names, values as
 * the driver reads them) mapped as drizzle maps a builder's row: each column by its key, through the
 * column's own decoder (timestamps to dates, bigints to numbers), null as null.
 */
export function rowFromDriver<T extends PgTable>(table: T, raw: Record<string, unknown>): T['$inferSelect'] {
  const out: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = raw[column.name];
    out[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return out as T['$inferSelect'];
}

/**
 * A row of `table` as one JSON object for `jsonb_populate_recordset(null::table, …)`: keyed by column name,
 * only the keys given (a column left out takes its default), each value as the column writes it (a date
 * as its ISO text, a bigint or numeric as it is), null as null.
 */
export function rowToJson<T extends PgTable>(
  table: T,
  values: Partial<T['$inferInsert']>,
): Record<string, unknown> {
  const columns = getTableColumns(table) as Record<string, { name: string }>;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    const column = columns[key];
    if (!column) throw new Error(`rowToJson: no column ${key}`);
    out[column.name] = value === null ? null : value instanceof Date ? value.toISOString() : value;
  }
  return out;
}

/**
 * Placeholders named after `keys`, as raw SQL (for `.set()` and `.values()` of a statement built once: no
 * column encoder runs on them, so their values go through `placeholderValues`).
 */
export function placeholdersOf(keys: readonly string[], prefix = ''): Record<string, SQL> {
  return Object.fromEntries(keys.map((k) => [k, sql`${sql.placeholder(`${prefix}${k}`)}`]));
}

/** The values of `placeholdersOf`'s placeholders: a date as its ISO text, the rest as they are. */
export function placeholderValues(values: Record<string, unknown>, prefix = ''): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) {
    if (v !== undefined) out[`${prefix}${k}`] = v instanceof Date ? v.toISOString() : v;
  }
  return out;
}

/** The keys of `values` that are set (not undefined), in a stable order: a statement's shape. */
export function keysSet(values: Record<string, unknown>): string[] {
  return Object.keys(values)
    .filter((k) => values[k] !== undefined)
    .sort();
}

/** A statement name for one shape of a statement (PostgreSQL keeps names to 63 bytes). */
export function shapeName(prefix: string, shape: readonly string[]): string {
  return `${prefix}_${createHash('sha1').update(shape.join(',')).digest('hex').slice(0, 16)}`;
}

/**
 * Rows whose `column` is among the ids of the JSON array given as placeholder `ids` (one statement for a
 * batch of ids): `= any(array(…))`, an index scan whatever the table's size (`in (select …)` was planned
 * as a hash join over the whole table).
 */
export function amongIds(column: SQLWrapper): SQL {
  return sql`${column} = any(array(select jsonb_array_elements_text(${sql.placeholder('ids')}::jsonb)::int))`;
}
