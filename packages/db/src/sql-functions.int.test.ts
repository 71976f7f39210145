// Every SQL function has one source file (src/sql/functions/<name>.sql) and the migrations must define
// it exactly so: a store migrated from scratch (or upgraded) and the sources agree, and any difference,
// in the store or in a source, is found and written as a migration by `npm run db:functions`.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  driftOf,
  type FunctionSource,
  functionDrift,
  liveDefinitions,
  migrationFor,
  readFunctionSources,
  sourceDefinitions,
} from './sql-functions';
import { type FreshDatabase, freshDatabase } from './testing';

let store: FreshDatabase;
let sources: FunctionSource[];
beforeAll(async () => {
  store = await freshDatabase();
  sources = readFunctionSources();
});
afterAll(async () => {
  await store.drop();
});

const source = (name: string): FunctionSource => {
  const found = sources.find((s) => s.name === name);
  if (!found) throw new Error(`no source ${name}`);
  return found;
};

/** The source of catalog_on_social with one more statement in its body. */
const edited = (): FunctionSource => {
  const s = source('catalog_on_social');
  const text = s.text.replace('RETURN NULL;', 'PERFORM 1; -- edited by hand\n  RETURN NULL;');
  expect(text).not.toBe(s.text);
  return { name: s.name, text };
};

describe('SQL function sources', () => {
  it('a migrated store defines every function exactly as its source file does', async () => {
    expect(sources.length).toBeGreaterThan(20);
    expect(await functionDrift(store.db, sources)).toEqual({ changed: [], added: [], removed: [] });
  });

  it('finds a hand-edited source file, a new one and a missing one', async () => {
    const others = sources.filter((s) => s.name !== 'catalog_on_social' && s.name !== 'vitrine_fold');
    const extra: FunctionSource = {
      name: 'vitrine_new_fn',
      text: 'CREATE OR REPLACE FUNCTION vitrine_new_fn() RETURNS integer LANGUAGE sql AS $$ SELECT 1 $$;',
    };
    expect(await functionDrift(store.db, [...others, edited(), extra])).toEqual({
      changed: ['catalog_on_social'],
      added: ['vitrine_new_fn'],
      removed: ['vitrine_fold'],
    });
  });

  it('finds a function whose body was edited by hand in the store', async () => {
    await store.db.execute(sql.raw(edited().text));
    try {
      expect(await functionDrift(store.db, sources)).toEqual({
        changed: ['catalog_on_social'],
        added: [],
        removed: [],
      });
    } finally {
      await store.db.execute(sql.raw(source('catalog_on_social').text));
    }
    expect((await functionDrift(store.db, sources)).changed).toEqual([]);
  });

  it('a change of volatility alone is a difference too', async () => {
    const s = source('vitrine_fold');
    const text = s.text.replace('IMMUTABLE', 'STABLE');
    expect(text).not.toBe(s.text);
    const drift = driftOf(
      await liveDefinitions(store.db),
      await sourceDefinitions(store.db, [...sources.filter((x) => x !== s), { name: s.name, text }]),
    );
    expect(drift.changed).toEqual(['vitrine_fold']);
  });

  it('the migration written for a changed source brings the store to the sources', async () => {
    const changed = [...sources.filter((s) => s.name !== 'catalog_on_social'), edited()];
    const live = await liveDefinitions(store.db);
    const drift = driftOf(live, await sourceDefinitions(store.db, changed));
    const statements = migrationFor(drift, changed, live);
    expect(statements).toHaveLength(1);
    try {
      for (const statement of statements) await store.db.execute(sql.raw(statement));
      expect(await functionDrift(store.db, changed)).toEqual({ changed: [], added: [], removed: [] });
    } finally {
      await store.db.execute(sql.raw(source('catalog_on_social').text));
    }
  });

  it('checking the sources leaves nothing behind in the store', async () => {
    await sourceDefinitions(store.db, sources);
    const schemas = await store.db.execute(
      sql`select 1 from pg_namespace where nspname = 'vitrine_function_sources'`,
    );
    const rows = Array.isArray(schemas) ? schemas : (schemas as { rows: unknown[] }).rows;
    expect(rows).toHaveLength(0);
  });

  it('every PL/pgSQL function plans its statements once, not on every call (decision 024)', async () => {
    // A statement with a parameter (the trigger functions' `ids` arrays) is planned anew on every call
    // while PostgreSQL judges its custom plan cheaper than the generic one, which it always does for a
    // small array: a sale's catalog triggers spent 5 ms planning the same few statements each time.
    const result = await store.db.execute(sql`
      select p.proname as name, coalesce(p.proconfig, '{}') as config
        from pg_proc p join pg_namespace ns on ns.oid = p.pronamespace
        join pg_language l on l.oid = p.prolang
       where ns.nspname = 'public' and l.lanname = 'plpgsql'
       order by 1`);
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
      name: string;
      config: string[];
    }[];
    expect(rows.length).toBeGreaterThan(20);
    const replanned = rows.filter((r) => !r.config.includes('plan_cache_mode=force_generic_plan'));
    expect(replanned.map((r) => r.name)).toEqual([]);
  });
});
