// Statements built once. Drizzle builds a query's SQL text on every call (a tenth to a quarter of a trading
// write's CPU, bench/results/purchases-2026-11-25.md); a statement sent on every authenticated request or
// trading write is built once per database instead, with `sql.placeholder` for its values, and sent by name
// (PostgreSQL then parses it once per pooled connection). In a transaction the statement is built and sent
// as before: one prepared on the database would run outside the transaction (and on the embedded store wait
// for it).
import type { Db } from './client';
import { isTransaction } from './unit-of-work';

const built = new WeakMap<Db, Map<string, unknown>>();

interface Preparable<P extends { execute: unknown }> {
  prepare(name: string): P;
  execute: P['execute'];
}

/**
 * `build(db).prepare(name)`, built once per database (in a transaction, `build(tx)` itself). `name` must be
 * unique across the code base: it names the statement on each PostgreSQL connection.
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
  let p = byName.get(name) as P | undefined;
  if (!p) {
    p = build(db).prepare(name);
    byName.set(name, p);
  }
  return p;
}
