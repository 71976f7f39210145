// The write-path figure (issue #12, decision 004 §7): 64 writers changing tokens of one hot collection
// of at least 10,000 tokens, then 64 writers spread over 64 collections, in the same run on the same
// store. A write is the SQL the API runs, one statement in its own transaction: a like or unlike (the
// social repo's insert ... on conflict do nothing / delete on favorite_nifties) or a listing price
// change (an update of the active listing, as the trading area will run it). Every write fires the
// browsing triggers, which keep the read models (and the collection and nifty stats) in step.
// PostgreSQL only: PGlite runs one transaction at a time, so it has no concurrent writers to compare.
import pg from 'pg';

export interface WriteFigure {
  name: string;
  writers: number;
  writes: number;
  wps: number;
  p50: number;
  p99: number;
  errors: number;
}

const HOT_SLUG = 'bench-hot-10000';
const HOT_NIFTIES = 10;
const HOT_EDITIONS = 1000;

interface Target {
  listingId: number;
  tokenRowId: number;
}

/** Creates the hot collection once (10 nifties x 1,000 tokens, 4 of 5 listed); answers its id. */
async function hotCollection(client: pg.Client): Promise<number> {
  const found = await client.query<{ id: number }>('select id from collections where slug = $1', [HOT_SLUG]);
  if (found.rows[0]) return found.rows[0].id;
  await client.query('begin');
  try {
    const template = await client.query<{ id: number; nifty: number }>(
      `select c.id, n.id as nifty from collections c join nifties n on n.collection_id = c.id
        where c.drop_id is null and n.sale_type not like '%auction%' order by c.id, n.id limit 1`,
    );
    const t = template.rows[0];
    if (!t) throw new Error('bench: no market collection to copy');
    const created = await client.query<{ id: number }>(
      `insert into collections (publisher_id, slug, name, description, contract_address, chain, category,
              tags, image_url, start_at, end_at, total_items)
       select publisher_id, $2, 'Bench Hot Ten Thousand', description, $3, chain, 'collectibles', tags,
              image_url, start_at, end_at, $4
         from collections where id = $1 returning id`,
      [t.id, HOT_SLUG, '0x00000000000000000000000000000000000b3c40', HOT_NIFTIES * HOT_EDITIONS],
    );
    const id = created.rows[0]?.id;
    if (id === undefined) throw new Error('bench: hot collection not created');
    await client.query(
      `insert into collection_creators (collection_id, user_id, position)
       select $2, user_id, position from collection_creators where collection_id = $1`,
      [t.id, id],
    );
    await client.query(
      `insert into nifties (collection_id, type_number, nifty_type, title, description, asset_url, asset_type,
              sale_type, edition_size, price_currency, price_amount, start_at, end_at, total_sold, tags)
       select $2, g, 'edition', 'Hot No. ' || g, n.description, n.asset_url, n.asset_type, n.sale_type, $3,
              'USD', n.price_amount, n.start_at, n.end_at, $3, n.tags
         from nifties n, generate_series(1, $4::int) g where n.id = $1`,
      [t.nifty, id, HOT_EDITIONS, HOT_NIFTIES],
    );
    await client.query(
      `with u as (select array_agg(id order by id) as ids from (select id from users order by id limit 2000) s)
       insert into tokens (nifty_id, contract_address, token_id, name, edition_number, owner_id, minted_at)
       select n.id, $2, n.type_number * 100000 + e, n.title || ' #' || e, e,
              u.ids[1 + ((n.type_number * 7919 + e * 104729)::bigint % cardinality(u.ids))::int],
              now() - make_interval(hours => e)
         from nifties n, generate_series(1, $3::int) e, u where n.collection_id = $1`,
      [id, '0x00000000000000000000000000000000000b3c40', HOT_EDITIONS],
    );
    await client.query(
      `insert into listings (token_row_id, seller_id, currency, amount, price_in_cents, created_at)
       select t.id, t.owner_id, 'USD', p, p, now() - make_interval(mins => t.edition_number)
         from tokens t join nifties n on n.id = t.nifty_id
         cross join lateral (select 5000 + (t.id::bigint * 48271) % 200000 as p) price
        where n.collection_id = $1 and t.edition_number % 5 <> 0`,
      [id],
    );
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
  await client.query('analyze');
  return hotCollection(client);
}

async function targetsOf(client: pg.Client, collectionIds: number[]): Promise<Map<number, Target[]>> {
  const rows = await client.query<{ collection_id: number; listing_id: number; token_row_id: number }>(
    `select ct.collection_id, ct.listing_id, ct.token_row_id from catalog_tokens ct
      where ct.collection_id = any($1::int[]) and ct.listing_id is not null`,
    [collectionIds],
  );
  const by = new Map<number, Target[]>();
  for (const r of rows.rows) {
    const list = by.get(r.collection_id) ?? [];
    list.push({ listingId: r.listing_id, tokenRowId: r.token_row_id });
    by.set(r.collection_id, list);
  }
  return by;
}

/**
 * A deterministic generator per writer (mulberry32, in 32-bit integer arithmetic): integers in [0, n).
 * The first version multiplied in floating point past 2^53, lost the low bits, and sent 64 writers to
 * about 200 of 8,000 listings with almost no likes: the writers then queued on each other's rows.
 */
export function generator(seed: number): (n: number) => number {
  let state = seed >>> 0;
  return (n: number) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) % n) | 0;
  };
}

/** `writers` connections, writer i on `targetsFor(i)` as user `users[i]`, for `seconds`. */
async function run(
  url: string,
  name: string,
  users: number[],
  targetsFor: (i: number) => Target[],
  seconds: number,
): Promise<WriteFigure> {
  const latencies: number[] = [];
  let errors = 0;
  let firstError: unknown = null;
  const deadline = Date.now() + seconds * 1000;
  const writer = async (i: number) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const user = users[i] ?? 0;
    const targets = targetsFor(i);
    const liked = new Set<number>();
    const rand = generator(i + 1);
    try {
      while (Date.now() < deadline) {
        const target = targets[rand(targets.length)];
        if (!target) break;
        const started = performance.now();
        try {
          if (rand(2) === 0) {
            const price = 5000 + rand(200000);
            await client.query(
              `update listings set amount = $1, price_in_cents = $2 where id = $3 and status = 'active'`,
              [price, price, target.listingId],
            );
          } else if (liked.has(target.tokenRowId)) {
            await client.query('delete from favorite_nifties where user_id = $1 and token_row_id = $2', [
              user,
              target.tokenRowId,
            ]);
            liked.delete(target.tokenRowId);
          } else {
            await client.query(
              `insert into favorite_nifties (user_id, token_row_id, created_at) values ($1, $2, now())
               on conflict do nothing`,
              [user, target.tokenRowId],
            );
            liked.add(target.tokenRowId);
          }
          latencies.push(performance.now() - started);
        } catch (error) {
          errors += 1;
          firstError ??= error;
        }
      }
      // Leave the store as it was found: the writer's likes go.
      if (liked.size > 0) {
        await client.query(
          'delete from favorite_nifties where user_id = $1 and token_row_id = any($2::int[])',
          [user, [...liked]],
        );
      }
    } finally {
      await client.end();
    }
  };
  await Promise.all(users.map((_, i) => writer(i)));
  if (errors > 0) process.stderr.write(`${name}: ${errors} failed writes, first: ${String(firstError)}\n`);
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round((latencies[Math.floor(q * (latencies.length - 1))] ?? 0) * 10) / 10;
  return {
    name,
    writers: users.length,
    writes: latencies.length,
    wps: Math.round(latencies.length / seconds),
    p50: at(0.5),
    p99: at(0.99),
    errors,
  };
}

/** The hot and the spread figures, measured one after the other with `writers` connections each. */
export async function measureWrites(options: {
  databaseUrl: string;
  writers: number;
  seconds: number;
  warmUpSeconds: number;
}): Promise<{ hot: WriteFigure; spread: WriteFigure; ratio: number; hotTokens: number }> {
  const { databaseUrl: url, writers, seconds, warmUpSeconds } = options;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let hotId: number;
  let spreadIds: number[];
  let users: number[];
  let hotTokens: number;
  try {
    hotId = await hotCollection(client);
    hotTokens = Number(
      (
        await client.query<{ n: string }>(
          'select count(*) as n from catalog_tokens where collection_id = $1',
          [hotId],
        )
      ).rows[0]?.n,
    );
    spreadIds = (
      await client.query<{ collection_id: number }>(
        `select collection_id from catalog_collection_stats where listed_count >= 5 and collection_id <> $1
          order by collection_id limit $2`,
        [hotId, writers],
      )
    ).rows.map((r) => r.collection_id);
    users = (
      await client.query<{ id: number }>('select id from users order by id desc limit $1', [writers])
    ).rows.map((r) => r.id);
  } finally {
    await client.end();
  }
  if (spreadIds.length < writers)
    throw new Error(`bench: only ${spreadIds.length} collections with listings`);
  const targets = await (async () => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      return await targetsOf(c, [hotId, ...spreadIds]);
    } finally {
      await c.end();
    }
  })();
  const hotTargets = targets.get(hotId) ?? [];
  const hotFor = () => hotTargets;
  const spreadFor = (i: number) => targets.get(spreadIds[i] ?? -1) ?? [];
  await run(url, 'warm-up', users, hotFor, warmUpSeconds);
  const hot = await run(url, `writes: one collection of ${hotTokens} tokens`, users, hotFor, seconds);
  await run(url, 'warm-up', users, spreadFor, warmUpSeconds);
  const spread = await run(url, `writes: spread over ${writers} collections`, users, spreadFor, seconds);
  return {
    hot,
    spread,
    ratio: spread.wps > 0 ? Math.round((hot.wps / spread.wps) * 100) / 100 : 0,
    hotTokens,
  };
}
