// One transaction across repos (docs/ARCHITECTURE.md "Writes that move money"). Repos are built by
// factories taking a `Db`; a unit of work builds them on its transaction, so every write of a service
// step commits or rolls back together, on PGlite (its thread holds the transaction, decision 006) and
// on PostgreSQL (one pooled connection) alike.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { SQL } from 'drizzle-orm';
import { type PgTable, PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/** The transaction open in this async context, and the database it was opened on. */
const current = new AsyncLocalStorage<{ root: Db; tx: Db; open: boolean }>();

/** True when `db` is a transaction (not the database). */
export function isTransaction(db: Db): boolean {
  return db instanceof PgTransaction;
}

/**
 * Runs `fn` in one transaction: committed when it returns, rolled back when it throws. A call made
 * inside another one on the same database (passing the transaction, or from code running within it)
 * joins the outer transaction: the outermost call decides, so a failure anywhere undoes every write.
 *
 * Inside, use only `tx` (and repos built on it): on the embedded store a statement sent on the
 * database itself waits for the transaction to end, which waits for the statement.
 */
export function withTransaction<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  if (isTransaction(db)) return fn(db);
  const open = current.getStore();
  if (open?.open && open.root === db) return fn(open.tx);
  // Work started inside and still running after the end (not awaited) opens its own transaction.
  return db.transaction(async (tx) => {
    const store = { root: db, tx, open: true };
    try {
      return await current.run(store, () => fn(tx));
    } finally {
      store.open = false;
    }
  });
}

export interface UnitOfWork<R> {
  /** Runs `fn` with repos bound to one transaction (joining the one in progress, if any). */
  run<T>(fn: (repos: R, tx: Db) => Promise<T>): Promise<T>;
}

/** A unit of work over `db`, handing `fn` the repos `bind` builds on the transaction. */
export function createUnitOfWork<R>(db: Db, bind: (tx: Db) => R): UnitOfWork<R> {
  return {
    run: (fn) => withTransaction(db, (tx) => fn(bind(tx), tx)),
  };
}

function requireTransaction(db: Db, what: string): void {
  if (!isTransaction(db)) throw new Error(`${what} needs a transaction: call it inside withTransaction`);
}

/**
 * Row locks: reads the rows of `table` matching `where` with `SELECT … FOR UPDATE`, so no other
 * transaction changes them (or locks them) until this one ends. Read, decide, write. `no key update`
 * (for a row the transaction will update but neither delete nor re-key) still excludes every other
 * writer and locker, but not the foreign-key checks of rows inserted meanwhile that point at it (an
 * intent made for a listing being bought does not wait for the purchase).
 */
export async function lockRows<T extends PgTable>(
  tx: Db,
  table: T,
  where: SQL | undefined,
  strength: 'update' | 'no key update' = 'update',
): Promise<T['$inferSelect'][]> {
  requireTransaction(tx, 'lockRows');
  return (await tx
    .select()
    .from(table as PgTable)
    .where(where)
    .for(strength)) as T['$inferSelect'][];
}

/**
 * Conditional updates: the write states what must still hold (`where status = 'active'`) and
 * returns what it changed; this throws `lost()` when nothing matched, which rolls the unit back.
 * Under concurrent writers exactly one sees the condition true (PostgreSQL rechecks it on the row's
 * newest version once the other writer commits).
 */
export async function expectChanged<R>(rows: Promise<R[]>, lost: () => Error): Promise<R[]> {
  const changed = await rows;
  if (changed.length === 0) throw lost();
  return changed;
}
