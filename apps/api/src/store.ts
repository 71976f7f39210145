// Opens the store chosen by the environment, applies migrations, and seeds the demo marketplace
// into an empty store when SEED=auto.
import { join } from 'node:path';
import { createDatabase, type Database, StoreInUseError } from '@vitrine/db';
import { isStoreEmpty, type SeedResult, seedDemo } from '@vitrine/db/seed';
import type { Env } from './env';
import type { Clock } from './lib/clock';
import { hashPassword } from './modules/auth/password';
import type { MediaStore } from './modules/media/media-store';

export async function openStore(env: Env): Promise<Database> {
  return (await openAndMigrate(env)).database;
}

async function openAndMigrate(env: Env): Promise<{ database: Database; migrated: number }> {
  const database = env.DATABASE_URL
    ? await createDatabase({ databaseUrl: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE })
    : await createDatabase({
        dataDir: join(env.DATA_DIR, 'pglite'),
        settings: { sharedBuffers: env.PGLITE_SHARED_BUFFERS, workMem: env.PGLITE_WORK_MEM },
      });
  const migrated = await database.migrate();
  return { database, migrated };
}

/** `openStore` for the commands: when another process has the embedded store open, says so and exits 1. */
export async function openStoreOrExit(env: Env): Promise<Database> {
  return (await orExit(() => openAndMigrate(env))).database;
}

async function orExit<T>(open: () => Promise<T>): Promise<T> {
  try {
    return await open();
  } catch (error) {
    if (!(error instanceof StoreInUseError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}

/**
 * The store as the server serves from it: opened, migrated, seeded when `seed` is given and the store is
 * empty. When migrations or the seed ran, the embedded store is opened again: its memory grew to what that
 * work took and is never given back (WebAssembly memory only grows), and serving needs less
 * (docs/operations.md, "Memory"). Exits 1 when another process has the embedded store open.
 */
export async function openStoreForServing(
  env: Env,
  seed: { media: MediaStore; clock: Clock } | null,
): Promise<{ database: Database; seeded: SeedResult | null }> {
  const opened = await orExit(() => openAndMigrate(env));
  let database = opened.database;
  const seeded = seed ? await seedIfEmpty(database, seed) : null;
  if (database.kind === 'pglite' && (opened.migrated > 0 || seeded)) {
    await database.close();
    database = await openStoreOrExit(env);
  }
  return { database, seeded };
}

export async function seedIfEmpty(
  database: Database,
  deps: { media: MediaStore; clock: Clock; scale?: number; onProgress?: (msg: string) => void },
): Promise<SeedResult | null> {
  if (!(await isStoreEmpty(database.db))) return null;
  return seedDemo(database.db, {
    media: deps.media,
    hashPassword,
    now: deps.clock.now(),
    scale: deps.scale,
    onProgress: deps.onProgress,
  });
}
