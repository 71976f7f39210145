// A fresh, migrated store for integration tests: PGlite in memory by default, or a throwaway
// PostgreSQL database (created from TEST_DATABASE_URL) when TEST_STORE=postgres. Each starts from this
// run's snapshot when there is one (snapshots.ts), else from an empty store that is then migrated.
import { createDatabase, type Database } from '../client';
import { createPostgresTestDatabase } from './postgres';
import { testSnapshots } from './snapshots';

export type FreshDatabase = Database & {
  /** Closes the store and, on PostgreSQL, drops its database. Safe to call twice. */
  drop(): Promise<void>;
};

export async function freshDatabase(
  options: {
    poolSize?: number;
    /** Start from this run's seeded snapshot (the demo marketplace at `TEST_NOW`); it must exist. */
    seeded?: boolean;
  } = {},
): Promise<FreshDatabase> {
  const store = process.env.TEST_STORE === 'postgres' ? 'postgres' : 'pglite';
  const snapshots = testSnapshots(store);
  if (options.seeded && !snapshots) throw new Error(`no seeded snapshot of the ${store} store in this run`);
  const snapshot = snapshots ? (options.seeded ? snapshots.seeded : snapshots.migrated) : undefined;
  if (store === 'postgres') {
    const pgdb = await createPostgresTestDatabase({ template: snapshot });
    const database = await createDatabase({ databaseUrl: pgdb.url, poolSize: options.poolSize ?? 4 });
    try {
      await database.migrate();
    } catch (error) {
      await database.close();
      await pgdb.drop();
      throw error;
    }
    let dropped = false;
    return Object.assign(database, {
      async drop() {
        if (dropped) return;
        dropped = true;
        await database.close();
        await pgdb.drop();
      },
    });
  }
  const database = await createDatabase({ dataDir: 'memory://', loadDataDir: snapshot });
  await database.migrate();
  return Object.assign(database, { drop: () => database.close() });
}
