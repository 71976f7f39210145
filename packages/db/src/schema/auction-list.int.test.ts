// The SQL's auction list is the domain's (issue #12): explore's `quickFilter=auction`, the collection stats'
// has_auction and the partial index all read the generated `is_auction` columns built from AUCTION_SALE_TYPES.
import { AUCTION_SALE_TYPES, isAuctionSaleType, SALE_TYPES } from '@vitrine/domain';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FreshDatabase, freshDatabase } from '../testing/fresh-database';

let database: FreshDatabase;
const rows = async <T>(query: SQL) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(async () => {
  await database?.drop();
});

const generated = () =>
  rows<{ table_name: string; expression: string }>(sql`
    select table_name, generation_expression as expression from information_schema.columns
     where table_schema = current_schema() and column_name = 'is_auction' order by table_name`);

describe('the auction sale types in the database', () => {
  it('are generated on nifties and catalog_tokens from exactly the domain list', async () => {
    const columns = await generated();
    expect(columns.map((c) => c.table_name)).toEqual(['catalog_tokens', 'nifties']);
    for (const column of columns) {
      const literals = [...column.expression.matchAll(/'([^']*)'/g)].map((m) => m[1]);
      expect(literals.sort()).toEqual([...AUCTION_SALE_TYPES].sort());
    }
  });

  it('classify every sale type of the domain as the domain does', async () => {
    for (const { table_name, expression } of await generated()) {
      // The database's own expression, evaluated for each of the domain's sale types (and one unknown).
      const answers = await rows<{ sale_type: string; is_auction: boolean }>(
        sql.raw(`select sale_type, (${expression}) as is_auction
                   from unnest(array[${[...SALE_TYPES, 'dutch_auction'].map((t) => `'${t}'`).join(', ')}]) as x(sale_type)`),
      );
      expect(answers.length, table_name).toBe(SALE_TYPES.length + 1);
      for (const a of answers)
        expect(a.is_auction, `${table_name} ${a.sale_type}`).toBe(isAuctionSaleType(a.sale_type));
    }
  });

  it('are indexed by the column, not by a second literal list', async () => {
    const [index] = await rows<{ indexdef: string }>(
      sql`select indexdef from pg_indexes where indexname = 'catalog_tokens_auction_idx'`,
    );
    expect(index?.indexdef).toMatch(/WHERE is_auction$/);
  });

  it('are read by the SQL functions from the column, never from a literal list', async () => {
    const functions = await rows<{ name: string; body: string }>(sql`
      select p.proname as name, p.prosrc as body from pg_proc p
        join pg_namespace ns on ns.oid = p.pronamespace
       where ns.nspname = current_schema()`);
    const withList = functions.filter((f) => AUCTION_SALE_TYPES.some((t) => f.body.includes(`'${t}'`)));
    expect(withList.map((f) => f.name)).toEqual([]);
    const stats = functions.find((f) => f.name === 'catalog_refresh_collection_stats');
    expect(stats?.body).toMatch(/bool_or\(is_auction\)/);
  });
});
