import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

// One runner, four projects:
//  - unit:          pure tests beside the code (*.test.ts), no I/O
//  - int-pglite:    *.int.test.ts against embedded PGlite (always)
//  - int-postgres:  the same files against real PostgreSQL (only when TEST_DATABASE_URL is set;
//                   the int-pglite globalSetup prints a loud notice when it is not), but
//                   npm-start.int.test.ts, which runs on the embedded store in either
//  - int-redis:     *.redis.test.ts against real Redis (only when TEST_REDIS_URL is set), on PostgreSQL
//                   when TEST_DATABASE_URL is set too
//  - e2e:           browser tests in e2e/ against a built server in Debian Chromium
const pgUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const intInclude = ['apps/**/*.int.test.ts', 'packages/**/*.int.test.ts', 'e2e/**/*.int.test.ts'];
// The integration files share their worker's modules (no re-import of the app per file) and two run at
// once (a file waits on its store most of the time): 631 s -> 312 s on this machine's two cores (decision 020).
const intRun = { isolate: false } as const;

export default defineConfig({
  test: {
    // Vitest's default is one fewer than the cores: one worker on two cores.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['apps/**/*.test.ts', 'packages/**/*.test.ts', 'apps/web/src/**/*.test.tsx'],
          exclude: ['**/node_modules/**', '**/*.int.test.ts', '**/*.redis.test.ts'],
        },
      },
      {
        test: {
          name: 'int-pglite',
          include: intInclude,
          ...intRun,
          env: { TEST_STORE: 'pglite' },
          globalSetup: ['scripts/test/postgres-notice.ts', 'apps/api/src/testing/snapshot-setup-pglite.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      ...(pgUrl
        ? [
            {
              test: {
                name: 'int-postgres',
                include: intInclude,
                // `npm start`'s signal path and the embedded store's own tests (its thread, its restart after a
                // crash, its folder's lock, in one process and across two) run on PGlite whatever the project:
                // once is enough.
                exclude: [
                  ...configDefaults.exclude,
                  'e2e/npm-start.int.test.ts',
                  'e2e/store-lock-process.int.test.ts',
                  'packages/db/src/pglite-thread.int.test.ts',
                  'packages/db/src/pglite-restart.int.test.ts',
                  'packages/db/src/store-lock.int.test.ts',
                ],
                ...intRun,
                env: { TEST_STORE: 'postgres' },
                globalSetup: ['apps/api/src/testing/snapshot-setup-postgres.ts'],
                testTimeout: 60_000,
                hookTimeout: 120_000,
              },
            },
          ]
        : []),
      ...(redisUrl
        ? [
            {
              test: {
                name: 'int-redis',
                include: ['apps/**/*.redis.test.ts'],
                ...intRun,
                // Shared limits are a many-process setup: PostgreSQL + Redis when both are given.
                env: { TEST_STORE: pgUrl ? 'postgres' : 'pglite' },
                globalSetup: [`apps/api/src/testing/snapshot-setup-${pgUrl ? 'postgres' : 'pglite'}.ts`],
                testTimeout: 60_000,
                hookTimeout: 120_000,
              },
            },
          ]
        : []),
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          setupFiles: ['e2e/support/csp-guard.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // A page under a loaded CI machine can take more than expect.poll's default second to show a
          // state (seen: 'On Hold' in trading-gaps.e2e with other test runs on the 2 cores).
          expect: { poll: { timeout: 10_000 } },
          fileParallelism: false,
        },
      },
    ],
  },
});
