// Collection and nifty stats are kept by deltas (decision 004 §7): after every kind of token write they
// must equal the stats computed whole from catalog_tokens (and tokens, for the latest mint).
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './client';
import { type FreshDatabase, freshDatabase } from './testing';

let store: FreshDatabase;
let db: Db;
const ids = {
  users: [] as number[],
  collection: 0,
  other: 0,
  nifties: [] as number[],
  tokens: [] as number[],
};

async function rows<T>(q: SQL): Promise<T[]> {
  const r = (await db.execute(q)) as unknown as { rows: T[] } | T[];
  return Array.isArray(r) ? r : r.rows;
}
async function one<T>(q: SQL): Promise<T> {
  const [r] = await rows<T>(q);
  if (r === undefined) throw new Error('no row');
  return r;
}

/** The stats as the read model holds them, and as a whole recompute finds them. */
async function collectionStats(id: number) {
  const kept = await one<Record<string, unknown>>(sql`
    select floor_price_cents::text as floor, listed_count as listed, minted_count as minted,
           last_sale_at::text as last_sale, last_listed_at::text as last_listed
      from catalog_collection_stats where collection_id = ${id}`);
  const whole = await one<Record<string, unknown>>(sql`
    select min(list_price_cents)::text as floor, count(list_price_cents)::int as listed, count(*)::int as minted,
           max(last_sale_at)::text as last_sale, max(listed_at)::text as last_listed
      from catalog_tokens where collection_id = ${id}`);
  return { kept, whole };
}
async function niftyStats(id: number) {
  // A nifty with no token yet has no stats row: it counts as none minted.
  const kept = await one<Record<string, unknown>>(sql`
    select s.floor_price_cents::text as floor, coalesce(s.listed_count, 0) as listed,
           coalesce(s.minted_count, 0) as minted, s.last_minted_at::text as last_minted
      from nifties n left join catalog_nifty_stats s on s.nifty_id = n.id where n.id = ${id}`);
  const whole = await one<Record<string, unknown>>(sql`
    select (select min(list_price_cents) from catalog_tokens where nifty_id = ${id})::text as floor,
           (select count(list_price_cents) from catalog_tokens where nifty_id = ${id})::int as listed,
           (select count(*) from catalog_tokens where nifty_id = ${id})::int as minted,
           (select max(minted_at) from tokens where nifty_id = ${id})::text as last_minted`);
  return { kept, whole };
}
/** Every stats row of the two collections and their nifties equals its whole recompute. */
async function expectTrue() {
  for (const c of [ids.collection, ids.other]) {
    const { kept, whole } = await collectionStats(c);
    expect(kept, `collection ${c}`).toEqual(whole);
  }
  for (const n of ids.nifties) {
    const { kept, whole } = await niftyStats(n);
    expect(kept, `nifty ${n}`).toEqual(whole);
  }
}
const floor = async () => (await collectionStats(ids.collection)).kept.floor;
const token = (i: number) => ids.tokens[i] ?? -1;
const setPrice = (i: number, cents: number) =>
  db.execute(sql`update listings set price_in_cents = ${cents}, amount = ${cents}
                  where token_row_id = ${token(i)} and status = 'active'`);

beforeAll(async () => {
  store = await freshDatabase();
  db = store.db;
  ids.users = (
    await rows<{ id: number }>(sql`insert into users (profile_url, name)
      select 'u' || g, 'User ' || g from generate_series(1, 3) g returning id`)
  ).map((r) => r.id);
  const pub = await one<{ id: number }>(
    sql`insert into publishers (slug, name) values ('p', 'P') returning id`,
  );
  const cols = await rows<{
    id: number;
  }>(sql`insert into collections (publisher_id, slug, name, contract_address)
      values (${pub.id}, 'c1', 'C1', '0xc1'), (${pub.id}, 'c2', 'C2', '0xc2') returning id`);
  ids.collection = cols[0]?.id ?? 0;
  ids.other = cols[1]?.id ?? 0;
  ids.nifties = (
    await rows<{
      id: number;
    }>(sql`insert into nifties (collection_id, type_number, nifty_type, asset_url, sale_type, edition_size)
      values (${ids.collection}, 1, 'edition', 'a', 'fixed', 10), (${ids.collection}, 2, 'edition', 'a', 'fixed', 10),
             (${ids.other}, 1, 'edition', 'a', 'fixed', 10) returning id`)
  ).map((r) => r.id);
  // Six tokens in the first collection (three per nifty), minted in one statement.
  ids.tokens = (
    await rows<{
      id: number;
    }>(sql`insert into tokens (nifty_id, contract_address, token_id, name, edition_number, owner_id, minted_at)
      select n, '0xc1', g, 't' || g, g, ${ids.users[0]}, timestamptz '2026-01-01' + make_interval(days => g)
        from generate_series(1, 6) g, lateral (select (${sql.raw(`array[${ids.nifties[0]}, ${ids.nifties[1]}]`)})[1 + g % 2] as n) x
       order by g returning id`)
  ).map((r) => r.id);
  // Listed at 500, 400, 300, 200 (tokens 0 to 3); tokens 4 and 5 unlisted.
  await db.execute(sql`insert into listings (token_row_id, seller_id, amount, price_in_cents, created_at)
      values (${token(0)}, ${ids.users[0]}, 500, 500, '2026-02-01'), (${token(1)}, ${ids.users[0]}, 400, 400, '2026-02-02'),
             (${token(2)}, ${ids.users[0]}, 300, 300, '2026-02-03'), (${token(3)}, ${ids.users[0]}, 200, 200, '2026-02-04')`);
});
afterAll(async () => {
  await store.drop();
});

describe('collection and nifty stats kept by deltas', () => {
  it('start true after mints and listings', async () => {
    expect(await floor()).toBe('200');
    await expectTrue();
  });

  it('a price below the floor lowers it; raising the floor token lifts it to the next lowest', async () => {
    await setPrice(0, 150);
    expect(await floor()).toBe('150');
    await expectTrue();
    await setPrice(0, 900);
    expect(await floor()).toBe('200');
    await expectTrue();
    await setPrice(2, 250); // a price between the floor and the rest moves no floor
    expect(await floor()).toBe('200');
    await expectTrue();
  });

  it('a like moves no stats; a delisting of the floor, a new listing and a sale do', async () => {
    await db.execute(
      sql`insert into favorite_nifties (user_id, token_row_id) values (${ids.users[1]}, ${token(3)})`,
    );
    await expectTrue();
    await db.execute(
      sql`update listings set status = 'cancelled' where token_row_id = ${token(3)} and status = 'active'`,
    );
    expect(await floor()).toBe('250');
    await expectTrue();
    await db.execute(sql`insert into listings (token_row_id, seller_id, amount, price_in_cents, created_at)
        values (${token(4)}, ${ids.users[0]}, 100, 100, '2026-03-01')`);
    expect(await floor()).toBe('100');
    await expectTrue();
    // A sale: the listing closes, the token changes hands and records its sale.
    await db.execute(
      sql`update listings set status = 'sold' where token_row_id = ${token(4)} and status = 'active'`,
    );
    await db.execute(sql`update tokens set owner_id = ${ids.users[2]}, last_sale_in_cents = 100,
                         last_sale_at = '2026-03-02' where id = ${token(4)}`);
    expect(await floor()).toBe('250');
    await expectTrue();
    // The latest listing closes: the latest listing time goes back to the one before.
    await db.execute(
      sql`update listings set status = 'cancelled' where token_row_id = ${token(2)} and status = 'active'`,
    );
    await expectTrue();
  });

  it('several tokens in one statement, a token moved to another nifty, a mint and a burn', async () => {
    await db.execute(
      sql`update listings set price_in_cents = price_in_cents + 1, amount = amount + 1 where status = 'active'`,
    );
    await expectTrue();
    await db.execute(sql`update tokens set nifty_id = ${ids.nifties[1]} where id = ${token(0)}`);
    await expectTrue();
    await db.execute(sql`update tokens set nifty_id = ${ids.nifties[2]} where id = ${token(1)}`);
    await expectTrue();
    const [minted] = await rows<{
      id: number;
    }>(sql`insert into tokens (nifty_id, contract_address, token_id, name, edition_number, minted_at)
        values (${ids.nifties[0]}, '0xc1', 99, 't99', 99, '2026-06-01') returning id`);
    await db.execute(sql`insert into listings (token_row_id, seller_id, amount, price_in_cents)
        values (${minted?.id}, ${ids.users[0]}, 50, 50)`);
    expect(await floor()).toBe('50');
    await expectTrue();
    await db.execute(sql`delete from tokens where id = ${minted?.id}`);
    expect(await floor()).toBe('901');
    await expectTrue();
  });
});
