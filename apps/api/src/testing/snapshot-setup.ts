// The integration projects' global setups (vitest.config.ts): this run's snapshots of the store (a
// migrated one, and one seeded as `testApp` seeds: the demo marketplace at TEST_NOW), which
// `freshDatabase` and `testApp` start from (packages/db/src/testing/snapshots.ts).
import type { Database, StoreKind } from '@vitrine/db';
import { buildTestSnapshots, type SnapshotMedia } from '@vitrine/db/testing';
import { manualClock } from '../lib/clock';
import { memoryMediaStore } from '../modules/media/media-store';
import { seedIfEmpty } from '../store';
import { TEST_NOW } from './test-app';

export function snapshotSetup(store: StoreKind): () => Promise<() => Promise<void>> {
  return () =>
    buildTestSnapshots(store, async (database: Database): Promise<SnapshotMedia[]> => {
      const media = memoryMediaStore();
      const stored: SnapshotMedia[] = [];
      const recording = {
        ...media,
        async put(key: string, body: Buffer | string, contentType: string) {
          if (typeof body !== 'string') throw new Error('the seed stores text media only');
          stored.push({ key, body, contentType });
          return media.put(key, body, contentType);
        },
      };
      await seedIfEmpty(database, { media: recording, clock: manualClock(TEST_NOW) });
      return stored;
    });
}
