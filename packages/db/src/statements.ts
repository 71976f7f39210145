// Statements built once. Drizzle builds a query's SQL text on every call (a tenth to a quarter of a trading
// write's CPU, bench/results/purchases-2026-11-25.md); a statement sent on every authenticated request or
// trading write is built once per database instead, with `sql.placeholder` for its values, and sent by name
// (PostgreSQL then parses it once per pooled connection). In a transaction the statement is built and sent
// as before: one prepared on the database would run outside the transaction (and on the embedded store wait
// for it).
import { is, Param, Placeholder } from 'drizzle-orm';
import type { Db } from './client';
import { isTransaction } from './unit-of-work';

interface Built {
  prepared: unknown;
  /** Under test: the builder's source and the statement it built, to catch misuse (below). */
  source?: string;
  query?: string;
}

const built = new WeakMap<Db, Map<string, Built>>();

/** Checked under test only (NODE_ENV=test, as vitest sets it): the checks build the statement each call. */
const checking = process.env.NODE_ENV === 'test';

interface Preparable<P extends { execute: unknown }> {
  prepare(name: string): P;
  execute: P['execute'];
  toSQL(): { sql: string; params: unknown[] };
}

/**
 * `build(db).prepare(name)`, built once per database (in a transaction, `build(tx)` itself). Two rules,
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
  if (isTransaction(db)) return build(db);
  let byName = built.get(db);
  if (!byName) {
    byName = new Map();
    built.set(db, byName);
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
