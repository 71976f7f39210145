// The version shared answers are kept under (`catalogState`): the catalog sequence plus the next start or
// end time, looked up once per new version however many requests find it at once.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../testing/test-app';
import { catalogState } from './browsing.services';
import { createExploreRepo } from './explore.repo';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => {
  await t.close();
});

/** The real repo, with its status-change lookups counted. */
function countedState() {
  const explore = createExploreRepo(t.app.config.database.db);
  const lookups: Date[] = [];
  const state = catalogState(
    {
      version: () => explore.version(),
      nextStatusChange: (now) => {
        lookups.push(now);
        return explore.nextStatusChange(now);
      },
    },
    t.clock,
  );
  return { state, lookups };
}

const like = async () => {
  const db = t.app.config.database.db;
  // Any browsing write moves the catalog version; a like is the commonest.
  await db.execute(sql`insert into favorite_nifties (user_id, token_row_id)
    select u.id, tk.id from users u, tokens tk
     where not exists (select 1 from favorite_nifties f where f.user_id = u.id and f.token_row_id = tk.id)
     limit 1`);
};

describe('catalog state', () => {
  it('looks the next status change up once for every request that finds a new version at once', async () => {
    const { state, lookups } = countedState();
    const first = await state.read();
    expect(lookups).toHaveLength(1);
    await like();
    const reads = await Promise.all(Array.from({ length: 20 }, () => state.read()));
    expect(lookups).toHaveLength(2);
    expect(new Set(reads.map((r) => JSON.stringify(r))).size).toBe(1);
    expect(reads[0]?.version).not.toBe(first.version);
    // Unchanged version, clock before the next change: no lookup at all.
    await state.read();
    expect(lookups).toHaveLength(2);
  });

  it('looks up again once the next start or end time has passed', async () => {
    const { state, lookups } = countedState();
    const before = await state.read();
    const next = before.next as number;
    expect(Number.isFinite(next)).toBe(true);
    t.clock.set(new Date(next));
    const after = await state.read();
    expect(lookups).toHaveLength(2);
    expect(after.version).toBe(before.version);
    expect(after.next).toBeGreaterThan(next);
  });
});
