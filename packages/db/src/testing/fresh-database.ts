// A fresh, migrated store for integration tests: PGlite in memory by default, or a throwaway
// PostgreSQL database (created from TEST_DATABASE_URL) when TEST_STORE=postgres.
import { createDatabase, type Database } from '../client';
import { createPostgresTestDatabase } from './postgres';

export type FreshDatabase = Database & {
  /** Closes the store and, on PostgreSQL, drops its database. Safe to call twice. */
  drop(): Promise<void>;
};

export async function freshDatabase(options: { poolSize?: number } = {}): Promise<FreshDatabase> {
  if (process.env.TEST_STORE === 'postgres') {
    const pgdb = await createPostgresTestDatabase();
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
  const database = await createDatabase({ dataDir: 'memory://' });
  await database.migrate();
  return Object.assign(database, { drop: () => database.close() });
}
