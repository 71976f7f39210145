// Explore queries on the read models (catalog_tokens, catalog_collection_stats) and on drops.
// Every sort has an index with exactly its ORDER BY (schema/catalog.ts), ties broken by id.
import { type Db, schema } from '@vitrine/db';
import type { QuickFilter, SortOption, TimeFilter } from '@vitrine/domain';
import { and, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { int, iso, rowsOf, textArray } from '../../lib/sql-rows';
import { dropEndSql } from '../drops/drop-end';
import { documentMatches, inIndex, type SearchText } from '../search/search-match';

const { catalogTokens: ct, catalogCollectionStats: cs, collections, drops, publishers } = schema;

/** Filters of the three explore lists, resolved by the service (ids looked up, price presets applied). */
export interface ExploreFilter {
  text: SearchText | null;
  status: TimeFilter | null;
  now: Date;
  categories: string[];
  tags: string[];
  publisherId: number | null;
  creatorId: number | null;
}

export interface MarketFilter extends ExploreFilter {
  quickFilter: QuickFilter;
  minPrice: number | null;
  maxPrice: number | null;
  editionSize: number | null;
  trendingSince: Date | null;
}

export interface TokenFilter extends MarketFilter {
  tokenId: string | null;
  hotDeals: boolean;
  minMass: number | null;
  maxMass: number | null;
  contractAddress: string | null;
  ownerId: number | null;
}

export type FacetGroup = 'categories' | 'tags';

export interface FacetCounts {
  count: number;
  categories: { name: string; count: number }[];
  tags: { name: string; count: number }[];
}

const docMatch = (index: 'products' | 'collections', text: SearchText) =>
  sql`select sd.ref_id from search_documents sd where ${inIndex(index)} and ${documentMatches(
    { tsv: sql`sd.tsv`, body: sql`sd.body` },
    text,
    { prefix: true, indexed: false },
  )}`;

/** A timestamptz parameter (both drivers take ISO text). */
export const at = (d: Date): SQL => sql`${d.toISOString()}::timestamptz`;

const all = (conds: SQL[]): SQL | undefined => (conds.length === 0 ? undefined : and(...conds));

// ---- tokens ----

function tokenConditions(f: TokenFilter, omit?: FacetGroup): SQL[] {
  const c: SQL[] = [];
  if (f.text) {
    c.push(
      sql`(${ct.niftyId} in (${docMatch('products', f.text)}) or ${ct.collectionId} in (${docMatch('collections', f.text)}))`,
    );
  }
  if (f.status === 'live') c.push(sql`${ct.startAt} <= ${at(f.now)} and ${ct.endAt} > ${at(f.now)}`);
  if (f.status === 'upcoming') c.push(sql`${ct.startAt} > ${at(f.now)}`);
  if (f.status === 'past') c.push(sql`${ct.endAt} <= ${at(f.now)}`);
  if (omit !== 'categories' && f.categories.length > 0) c.push(inArray(ct.category, f.categories));
  if (omit !== 'tags' && f.tags.length > 0) c.push(sql`${ct.tags} && ${textArray(f.tags)}`);
  if (f.publisherId !== null) c.push(eq(ct.publisherId, f.publisherId));
  if (f.creatorId !== null) {
    c.push(
      sql`${ct.collectionId} in (select collection_id from collection_creators where user_id = ${f.creatorId})`,
    );
  }
  if (f.ownerId !== null) c.push(eq(ct.ownerId, f.ownerId));
  if (f.contractAddress !== null) c.push(eq(ct.contractAddress, f.contractAddress));
  if (f.tokenId !== null) c.push(sql`${ct.tokenId} = ${f.tokenId}::numeric`);
  if (f.quickFilter === 'buy_now' || f.minPrice !== null || f.maxPrice !== null) {
    c.push(sql`${ct.listPriceCents} is not null`);
  }
  if (f.minPrice !== null) c.push(sql`${ct.listPriceCents} >= ${f.minPrice}`);
  if (f.maxPrice !== null) c.push(sql`${ct.listPriceCents} <= ${f.maxPrice}`);
  // The bare generated column (the domain's auction list), so the planner matches catalog_tokens_auction_idx.
  if (f.quickFilter === 'auction') c.push(sql`${ct.isAuction}`);
  if (f.quickFilter === 'one_of_one') c.push(eq(ct.editionSize, 1));
  if (f.editionSize !== null) c.push(sql`${ct.editionSize} <= ${f.editionSize}`);
  // Written as the bare column so the planner matches the partial index `where hot_deal`.
  if (f.hotDeals) c.push(sql`${ct.hotDeal}`);
  if (f.trendingSince !== null) c.push(sql`${ct.lastSaleAt} >= ${at(f.trendingSince)}`);
  if (f.minMass !== null || f.maxMass !== null) c.push(sql`${ct.mass} is not null`);
  if (f.minMass !== null) c.push(sql`${ct.mass} >= ${f.minMass}`);
  if (f.maxMass !== null) c.push(sql`${ct.mass} <= ${f.maxMass}`);
  return c;
}

/** True when every filter is a property of the nifty or its collection (facets can then be summed per nifty). */
function isNiftyLevel(f: TokenFilter): boolean {
  return (
    f.minPrice === null &&
    f.maxPrice === null &&
    !f.hotDeals &&
    f.trendingSince === null &&
    f.minMass === null &&
    f.maxMass === null &&
    f.ownerId === null &&
    f.tokenId === null &&
    f.quickFilter !== 'buy_now'
  );
}

/**
 * The token conditions restated on nifties (n), collections (c) and drops (d), for filters where
 * isNiftyLevel holds; the sale window is the same coalesce as catalog_tokens' (migration 0004).
 */
function niftyConditions(f: TokenFilter, omit?: FacetGroup): SQL[] {
  const c: SQL[] = [];
  if (f.text) {
    c.push(sql`(n.id in (${docMatch('products', f.text)}) or c.id in (${docMatch('collections', f.text)}))`);
  }
  const start = sql`coalesce(n.start_at, d.start_at, c.start_at, '-infinity'::timestamptz)`;
  const end = sql`coalesce(n.end_at, d.end_at, c.end_at, 'infinity'::timestamptz)`;
  if (f.status === 'live') c.push(sql`${start} <= ${at(f.now)} and ${end} > ${at(f.now)}`);
  if (f.status === 'upcoming') c.push(sql`${start} > ${at(f.now)}`);
  if (f.status === 'past') c.push(sql`${end} <= ${at(f.now)}`);
  if (omit !== 'categories' && f.categories.length > 0)
    c.push(sql`c.category = any(${textArray(f.categories)})`);
  if (omit !== 'tags' && f.tags.length > 0) c.push(sql`n.tags && ${textArray(f.tags)}`);
  if (f.publisherId !== null) c.push(sql`c.publisher_id = ${f.publisherId}`);
  if (f.creatorId !== null) {
    c.push(sql`c.id in (select collection_id from collection_creators where user_id = ${f.creatorId})`);
  }
  if (f.contractAddress !== null) c.push(sql`lower(c.contract_address) = ${f.contractAddress}`);
  if (f.quickFilter === 'auction') c.push(sql`n.is_auction`);
  if (f.quickFilter === 'one_of_one') c.push(sql`n.edition_size = 1`);
  if (f.editionSize !== null) c.push(sql`n.edition_size <= ${f.editionSize}`);
  return c;
}

const NIFTY_FROM = sql`catalog_nifty_stats ns join nifties n on n.id = ns.nifty_id
  join collections c on c.id = n.collection_id left join drops d on d.id = c.drop_id`;

/** ORDER BY of each sort: exactly the column order and NULLS placement of its index. */
const TOKEN_ORDER: Record<SortOption, SQL[]> = {
  floor_price_in_cents: [sql`${ct.listPriceCents} asc nulls last`, sql`${ct.tokenRowId} asc nulls last`],
  '-floor_price_in_cents': [sql`${ct.listPriceCents} desc nulls last`, sql`${ct.tokenRowId} desc nulls last`],
  '-last_sale_at': [sql`${ct.lastSaleAt} desc nulls last`, sql`${ct.tokenRowId} desc nulls last`],
  '-floor_price_changed_at': [sql`${ct.listedAt} desc nulls last`, sql`${ct.tokenRowId} desc nulls last`],
  '-likes': [sql`${ct.likes} desc nulls last`, sql`${ct.tokenRowId} desc nulls last`],
  '-schedule_start_at': [sql`${ct.startAt} desc nulls first`, sql`${ct.tokenRowId} desc nulls first`],
  schedule_start_at: [sql`${ct.startAt} asc nulls last`, sql`${ct.tokenRowId} asc nulls last`],
  schedule_end_at: [sql`${ct.endAt} asc nulls last`, sql`${ct.tokenRowId} asc nulls last`],
};

// ---- collections ----

function collectionConditions(f: MarketFilter, omit?: FacetGroup): SQL[] {
  const c: SQL[] = [];
  if (f.text) c.push(sql`${collections.id} in (${docMatch('collections', f.text)})`);
  const start = sql`coalesce(${collections.startAt}, '-infinity'::timestamptz)`;
  const end = sql`coalesce(${collections.endAt}, 'infinity'::timestamptz)`;
  if (f.status === 'live') c.push(sql`${start} <= ${at(f.now)} and ${end} > ${at(f.now)}`);
  if (f.status === 'upcoming') c.push(sql`${start} > ${at(f.now)}`);
  if (f.status === 'past') c.push(sql`${end} <= ${at(f.now)}`);
  if (omit !== 'categories' && f.categories.length > 0) c.push(inArray(collections.category, f.categories));
  if (omit !== 'tags' && f.tags.length > 0) c.push(sql`${collections.tags} && ${textArray(f.tags)}`);
  if (f.publisherId !== null) c.push(eq(collections.publisherId, f.publisherId));
  if (f.creatorId !== null) {
    c.push(
      sql`${collections.id} in (select collection_id from collection_creators where user_id = ${f.creatorId})`,
    );
  }
  if (f.quickFilter === 'buy_now' || f.minPrice !== null || f.maxPrice !== null)
    c.push(sql`${cs.listedCount} > 0`);
  if (f.minPrice !== null) c.push(sql`${cs.floorPriceCents} >= ${f.minPrice}`);
  if (f.maxPrice !== null) c.push(sql`${cs.floorPriceCents} <= ${f.maxPrice}`);
  if (f.quickFilter === 'auction') c.push(eq(cs.hasAuction, true));
  if (f.quickFilter === 'one_of_one') c.push(eq(cs.maxEditionSize, 1));
  if (f.editionSize !== null) c.push(sql`${cs.maxEditionSize} between 1 and ${f.editionSize}`);
  if (f.trendingSince !== null) c.push(sql`${cs.lastSaleAt} >= ${at(f.trendingSince)}`);
  return c;
}

const collectionLikes = sql`(select count(*) from favorite_collections fc where fc.collection_id = ${collections.id})`;

const COLLECTION_ORDER: Record<SortOption, SQL[]> = {
  floor_price_in_cents: [sql`${cs.floorPriceCents} asc nulls last`, sql`${collections.id} asc`],
  '-floor_price_in_cents': [sql`${cs.floorPriceCents} desc nulls last`, sql`${collections.id} desc`],
  '-last_sale_at': [sql`${cs.lastSaleAt} desc nulls last`, sql`${collections.id} desc`],
  '-floor_price_changed_at': [sql`${cs.lastListedAt} desc nulls last`, sql`${collections.id} desc`],
  '-likes': [sql`${collectionLikes} desc`, sql`${collections.id} desc`],
  '-schedule_start_at': [sql`${collections.startAt} desc nulls last`, sql`${collections.id} desc`],
  schedule_start_at: [sql`${collections.startAt} asc nulls last`, sql`${collections.id} asc`],
  schedule_end_at: [sql`${collections.endAt} asc nulls last`, sql`${collections.id} asc`],
};

// ---- drops ----

function dropConditions(f: ExploreFilter, omit?: FacetGroup): SQL[] {
  const c: SQL[] = [eq(drops.dropStatus, 'published')];
  const colsOfDrop = (cond: SQL) =>
    sql`exists (select 1 from collections dc where dc.drop_id = ${drops.id} and ${cond})`;
  if (f.text) {
    c.push(
      sql`(${colsOfDrop(sql`dc.id in (${docMatch('collections', f.text)})`)} or word_similarity(${f.text.folded}, vitrine_fold(${drops.title})) >= 0.5)`,
    );
  }
  // An auction's moved end counts (dropEndSql): a drop still taking bids is live, not past.
  if (f.status === 'live') c.push(sql`${drops.startAt} <= ${at(f.now)} and ${dropEndSql} > ${at(f.now)}`);
  if (f.status === 'upcoming') c.push(sql`${drops.startAt} > ${at(f.now)}`);
  if (f.status === 'past') c.push(sql`${dropEndSql} <= ${at(f.now)}`);
  if (omit !== 'categories' && f.categories.length > 0)
    c.push(colsOfDrop(sql`dc.category = any(${textArray(f.categories)})`));
  if (omit !== 'tags' && f.tags.length > 0) c.push(colsOfDrop(sql`dc.tags && ${textArray(f.tags)}`));
  if (f.publisherId !== null) c.push(eq(drops.publisherId, f.publisherId));
  if (f.creatorId !== null) {
    c.push(
      colsOfDrop(
        sql`dc.id in (select collection_id from collection_creators where user_id = ${f.creatorId})`,
      ),
    );
  }
  return c;
}

const dropFloor = sql`(select min(s.min_nifty_price_cents) from collections dc join catalog_collection_stats s on s.collection_id = dc.id where dc.drop_id = ${drops.id})`;

const DROP_ORDER: Record<SortOption, SQL[]> = {
  floor_price_in_cents: [sql`${dropFloor} asc nulls last`, sql`${drops.id} asc`],
  '-floor_price_in_cents': [sql`${dropFloor} desc nulls last`, sql`${drops.id} desc`],
  '-last_sale_at': [sql`${dropEndSql} desc`, sql`${drops.id} desc`],
  '-floor_price_changed_at': [sql`${drops.startAt} desc`, sql`${drops.id} desc`],
  '-likes': [sql`${drops.startAt} desc`, sql`${drops.id} desc`],
  '-schedule_start_at': [sql`${drops.startAt} desc`, sql`${drops.id} desc`],
  schedule_start_at: [sql`${drops.startAt} asc`, sql`${drops.id} asc`],
  schedule_end_at: [sql`${dropEndSql} asc`, sql`${drops.id} asc`],
};

type FacetRow = { name: string; n: number | string };
const toFacet = (rows: FacetRow[]) => rows.map((r) => ({ name: r.name, count: int(r.n) }));

export function createExploreRepo(db: Db) {
  return {
    /**
     * The ids of a page, in page order. A single-table statement with custom plans: PostgreSQL picks the
     * index per filter and sort from the actual values (a generic plan cannot judge a range's selectivity).
     */
    async tokenPage(f: TokenFilter, sort: SortOption, limit: number, offset: number): Promise<number[]> {
      const page = db
        .select({ id: ct.tokenRowId })
        .from(ct)
        .where(all(tokenConditions(f)))
        .orderBy(...TOKEN_ORDER[sort])
        .limit(limit)
        .offset(offset)
        .getSQL();
      const rows = await rowsOf<{ token_row_id: number }>(db, page);
      return rows.map((r) => int(r.token_row_id));
    },

    /**
     * Count and facets of a token filter. When every filter is nifty-level they are sums over
     * catalog_nifty_stats (hundreds of rows) instead of scans of catalog_tokens (every token).
     */
    async tokenFacets(f: TokenFilter): Promise<FacetCounts> {
      if (isNiftyLevel(f)) {
        const where = (omit?: FacetGroup) =>
          whereClause([sql`ns.minted_count > 0`, ...niftyConditions(f, omit)]);
        const [total, cats, tags] = await Promise.all([
          rowsOf<{ n: number | string | null }>(
            db,
            sql`select sum(ns.minted_count) as n from ${NIFTY_FROM} ${where()}`,
          ),
          rowsOf<FacetRow>(
            db,
            sql`select c.category as name, sum(ns.minted_count) as n from ${NIFTY_FROM} ${where('categories')} group by 1`,
          ),
          rowsOf<FacetRow>(
            db,
            sql`select t as name, sum(ns.minted_count) as n from ${NIFTY_FROM} cross join lateral unnest(n.tags) as t
                ${where('tags')} group by t order by n desc, t limit 30`,
          ),
        ]);
        return { count: int(total[0]?.n), categories: toFacet(cats), tags: toFacet(tags) };
      }
      const [total, cats, tags] = await Promise.all([
        db
          .select({ n: count() })
          .from(ct)
          .where(all(tokenConditions(f))),
        db
          .select({ name: ct.category, n: count() })
          .from(ct)
          .where(all(tokenConditions(f, 'categories')))
          .groupBy(ct.category),
        rowsOf<FacetRow>(
          db,
          sql`select t as name, count(*)::int as n from ${ct} cross join lateral unnest(${ct.tags}) as t
              ${whereClause(tokenConditions(f, 'tags'))} group by t order by n desc, t limit 30`,
        ),
      ]);
      return { count: total[0]?.n ?? 0, categories: toFacet(cats), tags: toFacet(tags) };
    },

    async collectionPage(
      f: MarketFilter,
      sort: SortOption,
      limit: number,
      offset: number,
    ): Promise<number[]> {
      const rows = await db
        .select({ id: collections.id })
        .from(collections)
        .innerJoin(cs, eq(cs.collectionId, collections.id))
        .where(all(collectionConditions(f)))
        .orderBy(...COLLECTION_ORDER[sort])
        .limit(limit)
        .offset(offset);
      return rows.map((r) => r.id);
    },

    async collectionFacets(f: MarketFilter): Promise<FacetCounts> {
      const base = (omit?: FacetGroup) => whereClause(collectionConditions(f, omit));
      const from = sql`${collections} inner join ${cs} on ${cs.collectionId} = ${collections.id}`;
      const [total, cats, tags] = await Promise.all([
        rowsOf<{ n: number }>(db, sql`select count(*)::int as n from ${from} ${base()}`),
        rowsOf<FacetRow>(
          db,
          sql`select ${collections.category} as name, count(*)::int as n from ${from} ${base('categories')} group by 1`,
        ),
        rowsOf<FacetRow>(
          db,
          sql`select t as name, count(*)::int as n from ${from} cross join lateral unnest(${collections.tags}) as t
              ${base('tags')} group by t order by n desc, t limit 30`,
        ),
      ]);
      return { count: int(total[0]?.n), categories: toFacet(cats), tags: toFacet(tags) };
    },

    async dropPage(f: ExploreFilter, sort: SortOption, limit: number, offset: number): Promise<number[]> {
      const rows = await db
        .select({ id: drops.id })
        .from(drops)
        .where(all(dropConditions(f)))
        .orderBy(...DROP_ORDER[sort])
        .limit(limit)
        .offset(offset);
      return rows.map((r) => r.id);
    },

    async dropFacets(f: ExploreFilter): Promise<FacetCounts> {
      const [total, cats, tags] = await Promise.all([
        db
          .select({ n: count() })
          .from(drops)
          .where(all(dropConditions(f))),
        rowsOf<FacetRow>(
          db,
          sql`select c.category as name, count(distinct ${drops.id})::int as n from ${drops}
              join collections c on c.drop_id = ${drops.id} ${whereClause(dropConditions(f, 'categories'))} group by 1`,
        ),
        rowsOf<FacetRow>(
          db,
          sql`select t as name, count(distinct ${drops.id})::int as n from ${drops}
              join collections c on c.drop_id = ${drops.id} cross join lateral unnest(c.tags) as t
              ${whereClause(dropConditions(f, 'tags'))} group by t order by n desc, t limit 30`,
        ),
      ]);
      return { count: total[0]?.n ?? 0, categories: toFacet(cats), tags: toFacet(tags) };
    },

    /**
     * The catalog version (advanced by every browsing trigger): the sequence's last value, or '0'
     * before its first use. `pg_sequence_last_value` rather than a scan of the sequence relation:
     * shared answers ask it, and on PGlite the scan costs 0.28 ms against 0.12 ms.
     */
    async version(): Promise<string> {
      const [row] = await rowsOf<{ v: string }>(
        db,
        sql`select coalesce(pg_sequence_last_value('catalog_version_seq'::regclass)::text, '0') as v`,
      );
      return row?.v ?? '';
    },

    /**
     * The first start or end time after `now` of any drop, collection or nifty: the next moment a
     * clock-based status (upcoming, live, past) changes with no write. Null when none is ahead.
     */
    async nextStatusChange(now: Date): Promise<Date | null> {
      const at = now.toISOString();
      const [row] = await rowsOf<{ next: unknown }>(
        db,
        sql`select min(x.t) as next from (
              select min(start_at) as t from drops where start_at > ${at}::timestamptz
              union all select min(end_at) from drops where end_at > ${at}::timestamptz
              union all select min(start_at) from collections where start_at > ${at}::timestamptz
              union all select min(end_at) from collections where end_at > ${at}::timestamptz
              union all select min(start_at) from nifties where start_at > ${at}::timestamptz
              union all select min(end_at) from nifties where end_at > ${at}::timestamptz
              union all select min(ends_at) from auction_states
                where ends_at > ${at}::timestamptz and settled_at is null) x`,
      );
      const next = iso(row?.next);
      return next === null ? null : new Date(next);
    },

    /** Ids by handle, for the publisher / creator / owner filters. */
    async publisherIdBySlug(slug: string): Promise<number | null> {
      const [row] = await db
        .select({ id: publishers.id })
        .from(publishers)
        .where(sql`lower(${publishers.slug}) = ${slug.toLowerCase()}`)
        .limit(1);
      return row?.id ?? null;
    },
  };
}

function whereClause(conds: SQL[]): SQL {
  return conds.length === 0 ? sql`` : sql`where ${and(...conds)}`;
}

export type ExploreRepo = ReturnType<typeof createExploreRepo>;
