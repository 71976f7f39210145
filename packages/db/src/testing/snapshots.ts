// Test stores start from snapshots made once per test run, not from an empty store: a migrated store, and
// one seeded with the demo marketplace at the tests' fixed clock. Starting PGlite from a tar of its data
// directory skips its initdb and the migrations (about 1 s against 3 to 7 s on this machine), and a
// PostgreSQL database copied from a template skips the migrations and the seed (0.3 s against 2.5 s);
// most integration test files start one or two stores (docs/decisions/020-test-speed.md).
//
// The integration projects' global setups (apps/api/src/testing/snapshot-setup-*.ts) build them and name
// them in an environment variable, which the test processes inherit; without it (a test run some other
// way) `freshDatabase` migrates an empty store as before.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase, type Database, type StoreKind } from '../client';
import { createPostgresTestDatabase } from './postgres';

/** A stored object of the seeded snapshot's media (the demo's artwork), put back into each test's media store. */
export interface SnapshotMedia {
  key: string;
  body: string;
  contentType: string;
}

export interface StoreSnapshots {
  /** PGlite: a tar file; PostgreSQL: a template database's name. */
  migrated: string;
  seeded: string;
  /** A JSON file of the seeded store's media (`SnapshotMedia[]`). */
  media: string;
}

const envName = (store: StoreKind) => `VITRINE_TEST_SNAPSHOTS_${store.toUpperCase()}`;

/** The snapshots of this store made for this test run, or null. */
export function testSnapshots(store: StoreKind): StoreSnapshots | null {
  const value = process.env[envName(store)];
  return value ? (JSON.parse(value) as StoreSnapshots) : null;
}

let mediaCache: { file: string; media: SnapshotMedia[] } | null = null;

/** The seeded snapshot's media, read once per process. */
export function snapshotMedia(snapshots: StoreSnapshots): SnapshotMedia[] {
  if (mediaCache?.file !== snapshots.media) {
    mediaCache = {
      file: snapshots.media,
      media: JSON.parse(readFileSync(snapshots.media, 'utf8')) as SnapshotMedia[],
    };
  }
  return mediaCache.media;
}

/**
 * Builds this run's snapshots of `store` (a global setup): a migrated store, then the same seeded by
 * `seed`, which answers the media the seed stored. Names them for the test processes; the answer removes them.
 */
export async function buildTestSnapshots(
  store: StoreKind,
  seed: (database: Database) => Promise<SnapshotMedia[]>,
): Promise<() => Promise<void>> {
  // Two projects on one store (int-postgres and int-redis) share the first one's snapshots.
  if (testSnapshots(store)) return async () => {};
  const folder = mkdtempSync(join(tmpdir(), 'vitrine-test-snapshots-'));
  const mediaFile = join(folder, 'media.json');
  if (store === 'pglite') {
    const database = await createDatabase({ dataDir: 'memory://' });
    try {
      await database.migrate();
      await database.snapshotTo(join(folder, 'migrated.tar'));
      writeFileSync(mediaFile, JSON.stringify(await seed(database)));
      await database.snapshotTo(join(folder, 'seeded.tar'));
    } finally {
      await database.close();
    }
    process.env[envName(store)] = JSON.stringify({
      migrated: join(folder, 'migrated.tar'),
      seeded: join(folder, 'seeded.tar'),
      media: mediaFile,
    } satisfies StoreSnapshots);
    return async () => {
      delete process.env[envName(store)];
      rmSync(folder, { recursive: true, force: true });
    };
  }
  const migrated = await createPostgresTestDatabase({ prefix: 'vitrine_tpl_' });
  const seeded = await createPostgresTestDatabase({ prefix: 'vitrine_tpl_' });
  const dropAll = async () => {
    rmSync(folder, { recursive: true, force: true });
    await Promise.all([migrated.drop(), seeded.drop()]);
  };
  try {
    for (const [target, seeds] of [
      [migrated, false],
      [seeded, true],
    ] as const) {
      const database = await createDatabase({ databaseUrl: target.url, poolSize: 2 });
      try {
        await database.migrate();
        if (seeds) writeFileSync(mediaFile, JSON.stringify(await seed(database)));
      } finally {
        // A template must have no connection left when it is copied.
        await database.close();
      }
    }
  } catch (error) {
    await dropAll();
    throw error;
  }
  process.env[envName(store)] = JSON.stringify({
    migrated: migrated.name,
    seeded: seeded.name,
    media: mediaFile,
  } satisfies StoreSnapshots);
  return async () => {
    delete process.env[envName(store)];
    await dropAll();
  };
}
