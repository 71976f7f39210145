// Browsing and social demo data (docs/decisions/004-catalog-api.md), written after the catalogue:
// token masses for the mass-range filter, follows, favourite boards and likes of the demo collector and
// the hand-written collectors. Deterministic: choices are by id order, never random. Finally ANALYZE, so
// the planner has statistics at once (PGlite has no autovacuum).
import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { COLLECTORS, DEMO_COLLECTOR_PERSON, MINUTE } from './content';

type Row = Record<string, unknown>;

async function rows(db: Db, query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

async function written(db: Db, query: ReturnType<typeof sql>): Promise<number> {
  const result = (await db.execute(query)) as unknown as { rowCount?: number | null; affectedRows?: number };
  return Number(result.rowCount ?? result.affectedRows ?? 0);
}

const ago = (now: Date, minutes: number) => new Date(now.getTime() - minutes * MINUTE).toISOString();

export async function seedSocial(db: Db, now: Date): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};

  // Mass (1..97) of every token in a PFP collection: the "mass range" filter of 001 §2.
  counts.tokenTraits = await written(
    db,
    sql`insert into token_traits (token_row_id, mass)
        select t.id, 1 + (t.id * 7919) % 97 from tokens t
          join nifties n on n.id = t.nifty_id join collections c on c.id = n.collection_id
         where 'PFP' = any(c.tags)`,
  );

  // Hot deals: a few active USD listings priced 20% under the token's last sale (001 §3 filter state).
  counts.hotDeals = await written(
    db,
    sql`update listings l set amount = p.cents, price_in_cents = p.cents
          from (select l2.id, greatest(100, (t.last_sale_in_cents * 4 / 5 / 100) * 100) as cents
                  from listings l2 join tokens t on t.id = l2.token_row_id
                 where l2.status = 'active' and l2.currency = 'USD' and t.last_sale_in_cents >= 500
                   and l2.token_row_id % 11 = 0) p
         where l.id = p.id`,
  );

  const handles = [DEMO_COLLECTOR_PERSON.handle, ...COLLECTORS.map((c) => c.handle)];
  const people = await rows(
    db,
    sql`select id, profile_url from users where profile_url in (${sql.join(
      handles.map((h) => sql`${h}`),
      sql`, `,
    )}) order by id`,
  );
  const publishers = await rows(db, sql`select id from publishers order by id limit 6`);
  const demoCollections = await rows(
    db,
    sql`select c.id from collections c join catalog_collection_stats s on s.collection_id = c.id
        order by c.id limit 30`,
  );
  let follows = 0;
  let contractFollows = 0;
  let tokenSaves = 0;
  let editionSaves = 0;
  let collectionSaves = 0;

  for (const [i, person] of people.entries()) {
    const userId = Number(person.id);
    const isDemo = person.profile_url === DEMO_COLLECTOR_PERSON.handle;
    const step = i + 2;

    // Publishers: the demo collector follows three; each collector one or two.
    const followed = publishers.filter((_, k) => (isDemo ? k < 3 : (k + i) % 4 === 0));
    for (const [k, p] of followed.entries()) {
      follows += await written(
        db,
        sql`insert into publisher_follows (user_id, publisher_id, created_at)
            values (${userId}, ${Number(p.id)}, ${ago(now, 600 * (k + 1) + i)}::timestamptz) on conflict do nothing`,
      );
    }

    // Contracts: every third collection from an offset.
    const contracts = demoCollections.filter((_, k) => (k + i) % (isDemo ? 9 : 13) === 0);
    for (const [k, c] of contracts.entries()) {
      contractFollows += await written(
        db,
        sql`insert into contract_follows (user_id, collection_id, created_at)
            values (${userId}, ${Number(c.id)}, ${ago(now, 500 * (k + 1) + i)}::timestamptz) on conflict do nothing`,
      );
    }

    // Likes (token saves): the demo collector likes 12 tokens, collectors 5 each, spread over the catalogue.
    const likes = isDemo ? 12 : 5;
    tokenSaves += await written(
      db,
      sql`insert into favorite_nifties (user_id, token_row_id, created_at)
          select ${userId}, token_row_id, ${now.toISOString()}::timestamptz - (row_number() over (order by token_row_id)) * interval '37 minutes'
            from catalog_tokens where token_row_id % ${97 + step} = ${step}
            order by token_row_id limit ${likes}
          on conflict do nothing`,
    );

    // Edition saves and collection saves.
    editionSaves += await written(
      db,
      sql`insert into favorite_nifties (user_id, nifty_id, created_at)
          select ${userId}, n.id, ${ago(now, 90 + i)}::timestamptz from nifties n
            join catalog_collection_stats s on s.collection_id = n.collection_id
           where n.id % ${11 + step} = 0 order by n.id limit ${isDemo ? 3 : 1}
          on conflict do nothing`,
    );
    const saved = demoCollections
      .filter((_, k) => (k * 3 + i) % (isDemo ? 7 : 11) === 0)
      .slice(0, isDemo ? 4 : 2);
    for (const [k, c] of saved.entries()) {
      collectionSaves += await written(
        db,
        sql`insert into favorite_collections (user_id, collection_id, created_at)
            values (${userId}, ${Number(c.id)}, ${ago(now, 240 * (k + 1) + i)}::timestamptz) on conflict do nothing`,
      );
    }
  }

  counts.publisherFollows = follows;
  counts.contractFollows = contractFollows;
  counts.tokenLikes = tokenSaves;
  counts.editionSaves = editionSaves;
  counts.collectionSaves = collectionSaves;

  await db.execute(
    sql`analyze users, publishers, collections, collection_creators, nifties, tokens, listings, sales, catalog_tokens, catalog_collection_stats, search_documents, favorite_nifties, favorite_collections, publisher_follows, contract_follows, token_traits`,
  );
  return counts;
}
