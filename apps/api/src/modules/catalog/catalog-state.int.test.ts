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

  // Review 2026-12-07: the drop answers follow an auction's moved end, but the cached ones were kept past it (read
  // again at the next scheduled time only), saying 'live' after it ended.
  it("counts an auction's end as its bids moved it, until it settles", async () => {
    const explore = createExploreRepo(t.app.config.database.db);
    const now = t.clock.now();
    const moved = new Date(now.getTime() + 1_000);
    const state = (settled: Date | null) =>
      t.app.config.database.db.execute(sql`insert into auction_states (nifty_id, ends_at, bid_count, settled_at, updated_at)
        select id, ${moved.toISOString()}::timestamptz, 1, ${settled?.toISOString() ?? null}::timestamptz, now()
          from nifties order by id limit 1
        on conflict (nifty_id) do update set ends_at = excluded.ends_at, settled_at = excluded.settled_at`);
    await state(null);
    expect((await explore.nextStatusChange(now))?.toISOString()).toBe(moved.toISOString());
    await state(now);
    expect((await explore.nextStatusChange(now))?.toISOString()).not.toBe(moved.toISOString());
  });
});
