// Connection factory: embedded PGlite by default, PostgreSQL when a URL is given.
// The same schema, migrations and SQL serve both.
import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type PGlite, types } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type EmbeddedClient, openEmbeddedThread, type StoreEvent } from './pglite-thread';
import * as schema from './schema';
import { lockStore } from './store-lock';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type StoreKind = 'pglite' | 'postgres';

export type DatabaseOptions =
  /** PostgreSQL at this URL. */
  | { databaseUrl: string; poolSize?: number }
  /**
   * Embedded PGlite in this folder; `memory://` keeps it in memory (tests), then `loadDataDir` may
   * name a snapshot (`snapshotTo`) to start from instead of an empty store.
   */
  | { dataDir: string; settings?: EmbeddedSettings; loadDataDir?: string };

/**
 * PostgreSQL settings of the embedded store, given at its start (`-c name=value`). Its memory is
 * WebAssembly memory, which grows and is never given back: `shared_buffers` is most of what the
 * store holds idle (docs/operations.md, "Memory").
 */
export interface EmbeddedSettings {
  /** The store's page cache, e.g. `32MB` (PostgreSQL's default: 128MB). */
  sharedBuffers?: string;
  /** Memory a sort or hash may take before it spills to disk, e.g. `4MB`. */
  workMem?: string;
}

export interface Database {
  db: Db;
  kind: StoreKind;
  /** Applies every committed migration not yet applied; resolves with how many it applied. Safe on every start. */
  migrate(): Promise<number>;
  /** True when the store answers and every committed migration is applied. */
  ready(): Promise<boolean>;
  /**
   * Calls `listener` when the embedded store's thread stops on its own, is back, or fails to start
   * again (decision 006); PostgreSQL has no such events (its pool replaces lost connections).
   */
  onEvent(listener: (event: StoreEvent) => void): void;
  /**
   * The embedded store: writes its whole data directory to `file` (a tar) for `loadDataDir`; the
   * tests' snapshots (packages/db/src/testing/snapshots.ts). PostgreSQL copies a template database instead.
   */
  snapshotTo(file: string): Promise<void>;
  close(): Promise<void>;
}

export type { StoreEvent };

export const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));

/** Number of migrations committed in the journal. */
export function committedMigrationCount(): number {
  const journal = JSON.parse(readFileSync(`${migrationsFolder}/meta/_journal.json`, 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  if ('databaseUrl' in options) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // A dropped idle connection must not take the process down.
    pool.on('error', () => {});
    const db = drizzleNodePg(pool, { schema, casing: 'snake_case' }) as unknown as Db;
    return wrap(
      db,
      'postgres',
      () => migrateNodePg(drizzleNodePg(pool), { migrationsFolder }),
      () => pool.end(),
      new Set(),
      () => Promise.reject(new Error('snapshotTo is for the embedded store; PostgreSQL copies a template')),
    );
  }
  const inMemory = options.dataDir.startsWith('memory://');
  // A store on disk restarts from its folder after a crash; only a store in memory starts from a snapshot.
  if (options.loadDataDir !== undefined && !inMemory) throw new Error('loadDataDir needs a memory:// store');
  if (!inMemory) mkdirSync(options.dataDir, { recursive: true });
  const unlock = inMemory ? () => {} : lockStore(options.dataDir);
  const listeners = new Set<(event: StoreEvent) => void>();
  let thread: EmbeddedClient;
  try {
    thread = await openEmbeddedThread({
      dataDir: inMemory ? undefined : options.dataDir,
      loadDataDir: options.loadDataDir,
      settings: startSettings(options.settings),
      textTypes: TEXT_TYPES,
      onEvent: (event) => {
        for (const listener of listeners) listener(event);
      },
    });
  } catch (error) {
    unlock();
    throw error;
  }
  // drizzle's PGlite driver calls only `query` and `transaction`, which the thread's client offers.
  const client = thread as unknown as PGlite;
  const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Db;
  return wrap(
    db,
    'pglite',
    () => migratePglite(drizzlePglite({ client }), { migrationsFolder }),
    () => thread.close().finally(unlock),
    listeners,
    (file) => thread.dumpTo(file),
  );
}

/** The settings as PostgreSQL's names and values, each checked so that none can smuggle another. */
function startSettings(settings: EmbeddedSettings | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  const size = (name: string, value: string | undefined) => {
    if (value === undefined) return;
    if (!/^\d+(kB|MB|GB)$/.test(value)) throw new Error(`${name} must be a size like 32MB, got ${value}`);
    out[name] = value;
  };
  size('shared_buffers', settings?.sharedBuffers);
  size('work_mem', settings?.workMem);
  return out;
}

/**
 * The types drizzle's PGlite driver reads as text (timestamps, dates, intervals, numeric[] and time
 * arrays): it passes these parsers with every query. The store's thread reads them as text once for
 * all, and drops the per-query copies (PGlite merged them into a copy of its whole parser table on
 * every query: 0.13 ms, as long as a small query itself).
 */
const TEXT_TYPES = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231,
  1115,
  1185,
  1187,
  1182,
];

function wrap(
  db: Db,
  kind: StoreKind,
  runMigrations: () => Promise<void>,
  end: () => Promise<void>,
  listeners: Set<(event: StoreEvent) => void>,
  snapshotTo: (file: string) => Promise<void>,
): Database {
  let closed = false;
  /** Migrations applied so far (0 before the first: the journal table does not exist yet). */
  const applied = async () => {
    try {
      const result = (await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as {
        rows: { n: number }[];
      };
      return Number(result.rows[0]?.n ?? 0);
    } catch {
      return 0;
    }
  };
  return {
    db,
    kind,
    async migrate() {
      const before = await applied();
      await runMigrations();
      return (await applied()) - before;
    },
    async ready() {
      if (closed) return false;
      try {
        const result = (await db.execute(
          sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
        )) as {
          rows: { n: number }[];
        };
        const n = Number(result.rows[0]?.n ?? 0);
        return n >= committedMigrationCount();
      } catch {
        return false;
      }
    },
    onEvent(listener) {
      listeners.add(listener);
    },
    snapshotTo,
    async close() {
      if (closed) return;
      closed = true;
      await end();
    },
  };
}
