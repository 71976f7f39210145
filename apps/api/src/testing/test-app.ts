// A real app on a fresh store (PGlite, or PostgreSQL under the int-postgres project), seeded with
// the demo marketplace at a fixed clock, for integration tests through `inject`.
import { freshDatabase, snapshotMedia, testSnapshots } from '@vitrine/db/testing';
import type { FastifyInstance } from 'fastify';
import { type AppConfig, buildApp } from '../app';
import { manualClock } from '../lib/clock';
import { hashPassword } from '../modules/auth/password';
import { memoryMediaStore } from '../modules/media/media-store';
import { seedIfEmpty } from '../store';

export const TEST_NOW = new Date('2026-06-15T12:00:00.000Z');

export interface TestApp {
  app: FastifyInstance;
  clock: ReturnType<typeof manualClock>;
  close(): Promise<void>;
}

export async function testApp(
  options: {
    seed?: boolean;
    config?: Partial<AppConfig> /** PostgreSQL pool size (default 4). */;
    poolSize?: number;
  } = {},
): Promise<TestApp> {
  const seed = options.seed !== false;
  // This run's seeded snapshot (testing/snapshot-setup.ts) is the demo at TEST_NOW, as seeding here makes it.
  const snapshots = seed
    ? testSnapshots(process.env.TEST_STORE === 'postgres' ? 'postgres' : 'pglite')
    : null;
  const database = await freshDatabase({
    ...(options.poolSize ? { poolSize: options.poolSize } : {}),
    seeded: snapshots !== null,
  });
  const clock = manualClock(TEST_NOW);
  const media = memoryMediaStore();
  if (snapshots) {
    for (const m of snapshotMedia(snapshots)) await media.put(m.key, m.body, m.contentType);
  } else if (seed) {
    await seedIfEmpty(database, { media, clock });
  }
  const app = await buildApp({
    database,
    clock,
    media,
    logLevel: 'silent',
    nodeEnv: 'test',
    webDist: null,
    ...options.config,
  });
  return {
    app,
    clock,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}

export { hashPassword };
