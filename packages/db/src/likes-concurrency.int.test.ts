// Likes move `tokens.likes_count` from a trigger. Two people who take back many likes at once (one
// statement each, over tokens both liked) must both succeed: the trigger locks the tokens in one order,
// so the two statements queue instead of deadlocking. Found by the bench's write figure, whose writers
// took back their likes together at the end. Meaningful on PostgreSQL (PGlite runs one at a time).
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './client';
import { type FreshDatabase, freshDatabase } from './testing';

let store: FreshDatabase;
let db: Db;
let users: number[] = [];
let tokens: number[] = [];

async function rows<T>(q: SQL): Promise<T[]> {
  const r = (await db.execute(q)) as unknown as { rows: T[] } | T[];
  return Array.isArray(r) ? r : r.rows;
}

const TOKENS = 2000;
const PEOPLE = 16;

beforeAll(async () => {
  store = await freshDatabase({ poolSize: PEOPLE });
  db = store.db;
  users = (
    await rows<{ id: number }>(sql`insert into users (profile_url, name)
      select 'liker' || g, 'Liker ' || g from generate_series(1, ${PEOPLE}) g returning id`)
  ).map((r) => r.id);
  const [pub] = await rows<{ id: number }>(
    sql`insert into publishers (slug, name) values ('p', 'P') returning id`,
  );
  const [col] = await rows<{
    id: number;
  }>(sql`insert into collections (publisher_id, slug, name, contract_address)
      values (${pub?.id}, 'liked', 'Liked', '0xl1') returning id`);
  const [nifty] = await rows<{ id: number }>(sql`insert into nifties
      (collection_id, type_number, nifty_type, asset_url, sale_type, edition_size)
      values (${col?.id}, 1, 'edition', 'a', 'fixed', ${TOKENS}) returning id`);
  tokens = (
    await rows<{
      id: number;
    }>(sql`insert into tokens (nifty_id, contract_address, token_id, name, edition_number, owner_id)
      select ${nifty?.id}, '0xl1', g, 't' || g, g, ${users[0]} from generate_series(1, ${TOKENS}) g returning id`)
  ).map((r) => r.id);
});
afterAll(async () => {
  await store.drop();
});

describe('likes taken back together', () => {
  it('many overlapping likes undone at once by several people all succeed and leave the counts true', async () => {
    for (let round = 0; round < 3; round += 1) {
      // Each person likes a different random share of the tokens (about 1 in 10), in random order.
      const shares = users.map((_, i) => {
        const pick = new Set<number>();
        let state = (round * 97 + i + 1) * 2654435761;
        while (pick.size < TOKENS / 10) {
          state = (Math.imul(state, 1103515245) + 12345) >>> 0;
          pick.add(tokens[state % TOKENS] ?? 0);
        }
        return [...pick];
      });
      for (const [i, user] of users.entries()) {
        await db.execute(sql`insert into favorite_nifties (user_id, token_row_id)
          select ${user}, t from unnest(${sql.raw(`array[${shares[i]?.join(',')}]`)}::int[]) t`);
      }
      const results = await Promise.allSettled(
        users.map((user, i) =>
          db.execute(sql`delete from favorite_nifties
            where user_id = ${user} and token_row_id = any(${sql.raw(`array[${shares[i]?.join(',')}]`)}::int[])`),
        ),
      );
      const failed = results.filter((r) => r.status === 'rejected');
      expect(failed.map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
      const [left] = await rows<{ likes: number; liked: number }>(sql`
        select coalesce(sum(likes_count), 0)::int as likes,
               (select count(*) from favorite_nifties)::int as liked
          from tokens where id = any(${sql.raw(`array[${tokens.join(',')}]`)}::int[])`);
      expect(left).toEqual({ likes: 0, liked: 0 });
    }
  });
});
