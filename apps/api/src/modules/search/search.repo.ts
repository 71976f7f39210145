// Search documents (trigger-maintained, migration catalog_triggers): matching, scoring and the result
// items of the four indexes, one statement per search. Every search runs in a short transaction that
// sets the trigram threshold, so the GIN trigram index answers the typo-tolerant part.

import type { Db } from '@vitrine/db';
import type { SearchIndexKind } from '@vitrine/domain';
import type { SearchResult } from '@vitrine/domain/catalog-responses';
import { and, type SQL, sql } from 'drizzle-orm';
import { niftyCardAssetSql } from '../../lib/revealed-art';
import { int, iso, rowsOf, withLocalSettings } from '../../lib/sql-rows';
import { at } from '../catalog/explore.repo';
import {
  documentMatches,
  documentScore,
  inIndex,
  type SearchText,
  WORD_SIMILARITY_THRESHOLD,
} from './search-match';

export interface SearchFilters {
  creator?: boolean;
  verified?: boolean;
  curated?: boolean;
  category?: string;
  publisher_slug?: string;
  status?: 'live' | 'upcoming' | 'past';
  contract_address?: string;
  collection_slug?: string;
}

export interface SearchQuery {
  index: SearchIndexKind;
  text: SearchText | null;
  prefix: boolean;
  filters: SearchFilters;
  now: Date;
}

const doc = { tsv: sql`sd.tsv`, body: sql`sd.body`, name: sql`sd.name`, boost: sql`sd.boost` };

function conditions(q: SearchQuery): SQL[] {
  const c: SQL[] = [inIndex(q.index)];
  if (q.text) c.push(documentMatches(doc, q.text, { prefix: q.prefix, indexed: true }));
  const f = q.filters;
  if (f.creator !== undefined) c.push(sql`sd.creator = ${f.creator}`);
  if (f.verified !== undefined) c.push(sql`sd.verified = ${f.verified}`);
  if (f.curated !== undefined) c.push(sql`sd.curated = ${f.curated}`);
  if (f.category !== undefined) c.push(sql`sd.category = ${f.category}`);
  if (f.publisher_slug !== undefined) {
    c.push(
      sql`sd.publisher_id = (select id from publishers where lower(slug) = ${f.publisher_slug.toLowerCase()})`,
    );
  }
  if (f.contract_address !== undefined) {
    c.push(
      sql`sd.collection_id = (select id from collections where lower(contract_address) = ${f.contract_address.toLowerCase()})`,
    );
  }
  if (f.collection_slug !== undefined) {
    c.push(
      sql`sd.collection_id = (select id from collections where lower(slug) = ${f.collection_slug.toLowerCase()})`,
    );
  }
  const start = sql`coalesce(sd.start_at, '-infinity'::timestamptz)`;
  const end = sql`coalesce(sd.end_at, 'infinity'::timestamptz)`;
  if (f.status === 'live') c.push(sql`${start} <= ${at(q.now)} and ${end} > ${at(q.now)}`);
  if (f.status === 'upcoming') c.push(sql`${start} > ${at(q.now)}`);
  if (f.status === 'past') c.push(sql`${end} <= ${at(q.now)}`);
  return c;
}

const scoreOf = (q: SearchQuery): SQL =>
  q.text ? documentScore(doc, q.text, q.prefix) : sql`sd.boost::float8`;
const orderOf = (q: SearchQuery): SQL =>
  q.text ? sql`score desc, sd.ref_id asc` : sql`sd.boost desc, sd.name asc, sd.ref_id asc`;

export function createSearchRepo(db: Db) {
  /**
   * Runs `fn` in a transaction whose trigram word-similarity threshold is ours, with generic plans: a
   * search statement is planned once per connection (planning cost more than running it).
   */
  const withThreshold = <T>(fn: (tx: Db) => Promise<T>): Promise<T> =>
    withLocalSettings(
      db,
      {
        'pg_trgm.word_similarity_threshold': String(WORD_SIMILARITY_THRESHOLD),
        plan_cache_mode: 'force_generic_plan',
      },
      fn,
    );

  return {
    async search(
      q: SearchQuery,
      limit: number,
      offset: number,
    ): Promise<{ total: number; results: SearchResult[] }> {
      return withThreshold(async (tx) => {
        const where = and(...conditions(q));
        const rows = await rowsOf<{ score: number | string; total: number | string; item: unknown }>(
          tx,
          sql`with hits as (
                select sd.ref_id, ${scoreOf(q)} as score, count(*) over () as total
                  from search_documents sd where ${where} order by ${orderOf(q)} limit ${limit} offset ${offset})
              select hits.score, hits.total, ${itemJson(q.index, q.now)} as item
                from hits ${itemJoin(q.index)} order by hits.score desc, hits.ref_id asc`,
        );
        let total = int(rows[0]?.total);
        if (rows.length === 0 && offset > 0) {
          const [c] = await rowsOf<{ n: number }>(
            tx,
            sql`select count(*)::int as n from search_documents sd where ${where}`,
          );
          total = int(c?.n);
        }
        return { total, results: rows.map((r) => toResult(q.index, Number(r.score), r.item)) };
      });
    },

    /**
     * The four queries of universal search (001 §7) in one statement: products distinct by collection
     * (answered as collections), publishers, users and products, each hydrated, best score first.
     */
    async universal(
      text: SearchText,
      now: Date,
      sizes: { products: number; publishers: number; users: number; moreProducts: number },
    ): Promise<SearchResult[]> {
      const q = (index: SearchIndexKind): SearchQuery => ({ index, text, prefix: true, filters: {}, now });
      const top = (index: SearchIndexKind, limit: number) =>
        sql`select sd.ref_id, ${scoreOf(q(index))} as score from search_documents sd
             where ${and(...conditions(q(index)))} order by score desc, sd.ref_id asc limit ${limit}`;
      const rows = await withThreshold((tx) =>
        rowsOf<{ kind: string; score: number | string; item: unknown }>(
          tx,
          sql`with
            pc as (select collection_id as ref_id, score from (
                     select distinct on (sd.collection_id) sd.collection_id, ${scoreOf(q('products'))} as score
                       from search_documents sd where ${and(...conditions(q('products')))}
                      order by sd.collection_id, score desc) best
                   order by score desc, collection_id asc limit ${sizes.products}),
            pu as (${top('publishers', sizes.publishers)}),
            us as (${top('users', sizes.users)}),
            pr as (${top('products', sizes.moreProducts)})
          select 'collections' as kind, hits.score, ${itemJson('collections', now)} as item, 1 as grp, hits.ref_id
            from pc as hits ${itemJoin('collections')}
          union all
          select 'publishers', hits.score, ${itemJson('publishers', now)}, 2, hits.ref_id
            from pu as hits ${itemJoin('publishers')}
          union all
          select 'users', hits.score, ${itemJson('users', now)}, 3, hits.ref_id from us as hits ${itemJoin('users')}
          union all
          select 'products', hits.score, ${itemJson('products', now)}, 4, hits.ref_id
            from pr as hits ${itemJoin('products')}
          order by 2 desc, 4 asc, 5 asc`,
        ),
      );
      return rows.map((r) => toResult(r.kind as SearchIndexKind, Number(r.score), r.item));
    },
  };
}

const creatorsJson = sql`(select coalesce(json_agg(json_build_object('id', u.id,
    'display_name', coalesce(nullif(u.name, ''), u.profile_url), 'slug', u.profile_url,
    'profile_picture_url', u.profile_pic_url) order by cc.position), '[]'::json)
  from collection_creators cc join users u on u.id = cc.user_id where cc.collection_id = c.id)`;

/** The JOIN that brings a hit's row (alias u, p, c, or n and c) next to `hits`. */
function itemJoin(index: SearchIndexKind): SQL {
  switch (index) {
    case 'users':
      return sql`join users u on u.id = hits.ref_id`;
    case 'publishers':
      return sql`join publishers p on p.id = hits.ref_id`;
    case 'collections':
      return sql`join collections c on c.id = hits.ref_id`;
    case 'products':
      return sql`join nifties n on n.id = hits.ref_id join collections c on c.id = n.collection_id`;
  }
}

/** The result item of 001 §3 "Search result", built by PostgreSQL. */
function itemJson(index: SearchIndexKind, now: Date): SQL {
  switch (index) {
    case 'users':
      return sql`json_build_object('id', u.id, 'display_name', coalesce(nullif(u.name, ''), u.profile_url),
        'profile_picture_url', u.profile_pic_url, 'slug', u.profile_url)`;
    case 'publishers':
      return sql`json_build_object('id', p.id, 'display_name', p.name, 'profile_picture_url', p.profile_pic_url,
        'slug', p.slug, 'verified', p.verified, 'curated', p.curated)`;
    case 'collections':
      return sql`json_build_object('id', c.id, 'collection_store_name', c.name, 'collection_store_url', c.slug,
        'collection_project_icon', c.image_url, 'contract_address', lower(c.contract_address),
        'schedule_start_at', c.start_at, 'schedule_end_at', c.end_at, 'creators', ${creatorsJson},
        'post_production_page_slug', case when c.end_at <= ${at(now)} then c.slug end)`;
    case 'products':
      return sql`json_build_object('id', n.id, 'title', n.title, 'display_image', ${niftyCardAssetSql(sql`n.id`, sql`n.revealed_at`, sql`n.asset_url`)},
        'contract_address', lower(c.contract_address), 'type', n.type_number, 'creators', ${creatorsJson},
        'collection_store_name', c.name, 'collection_store_url', c.slug)`;
  }
}

const TYPE_OF = {
  users: 'user',
  publishers: 'publisher',
  collections: 'collection',
  products: 'product',
} as const;

/** A result as the search host answers it; PostgreSQL's JSON timestamps become ISO 8601 UTC. */
function toResult(index: SearchIndexKind, score: number, raw: unknown): SearchResult {
  const item = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Record<string, unknown>;
  for (const key of ['schedule_start_at', 'schedule_end_at']) {
    if (key in item) item[key] = iso(item[key]);
  }
  return { type: TYPE_OF[index], score, item } as SearchResult;
}

export type SearchRepo = ReturnType<typeof createSearchRepo>;
