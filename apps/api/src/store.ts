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
  const database = env.DATABASE_URL
    ? await createDatabase({ databaseUrl: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE })
    : await createDatabase({
        dataDir: join(env.DATA_DIR, 'pglite'),
        settings: { sharedBuffers: env.PGLITE_SHARED_BUFFERS, workMem: env.PGLITE_WORK_MEM },
      });
  await database.migrate();
  return database;
}

/** `openStore` for the commands: when another process has the embedded store open, says so and exits 1. */
export async function openStoreOrExit(env: Env): Promise<Database> {
  try {
    return await openStore(env);
  } catch (error) {
    if (!(error instanceof StoreInUseError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
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
