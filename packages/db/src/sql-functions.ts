// SQL functions in one place (issue #12 item 6): every function our migrations create has one source
// file, `src/sql/functions/<name>.sql`, holding its current definition (one `CREATE OR REPLACE
// FUNCTION` statement, comments allowed). Migrations already applied are never edited: when a source
// changes, `npm run db:functions` writes a new migration from the sources. A migrated store must
// define each function exactly as its source does (`sql-functions.int.test.ts`).
//
// Definitions are compared as PostgreSQL prints them (`pg_get_functiondef`: arguments, result,
// language, volatility and the body byte for byte): each source is created in a scratch schema inside
// a transaction that is rolled back, and its printed definition is compared with the live one.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Db } from './client';

export const functionsFolder = fileURLToPath(new URL('./sql/functions', import.meta.url));

export interface FunctionSource {
  name: string;
  /** The file's text: one CREATE OR REPLACE FUNCTION statement. */
  text: string;
}

/** Every source file, by function name (the file name without `.sql`). */
export function readFunctionSources(folder = functionsFolder): FunctionSource[] {
  return readdirSync(folder)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((f) => ({ name: f.slice(0, -'.sql'.length), text: readFileSync(join(folder, f), 'utf8') }));
}

const SCRATCH = 'vitrine_function_sources';

/** Our functions in `schema` (not those of extensions such as pg_trgm), printed by PostgreSQL. */
async function definitionsIn(db: Db, schema: string): Promise<Map<string, string>> {
  const rows = (await db.execute(sql`
    select p.proname as name, pg_get_functiondef(p.oid) as def
      from pg_proc p join pg_namespace ns on ns.oid = p.pronamespace
     where ns.nspname = ${schema} and p.prokind = 'f'
       and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
     order by 1`)) as unknown as { rows: { name: string; def: string }[] } | { name: string; def: string }[];
  const list = Array.isArray(rows) ? rows : rows.rows;
  const out = new Map<string, string>();
  for (const r of list) {
    if (out.has(r.name))
      throw new Error(`sql functions: ${r.name} is overloaded; keep one definition per name`);
    // The printed definition names its schema; compare what follows it.
    out.set(r.name, r.def.replace(`FUNCTION ${schema}.`, 'FUNCTION '));
  }
  return out;
}

/** The functions of the store as it stands (schema `public`). */
export function liveDefinitions(db: Db): Promise<Map<string, string>> {
  return definitionsIn(db, 'public');
}

class Rollback extends Error {}

/** The sources as PostgreSQL prints them once created (in a scratch schema, rolled back). */
export async function sourceDefinitions(db: Db, sources: FunctionSource[]): Promise<Map<string, string>> {
  let defs = new Map<string, string>();
  try {
    await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`create schema ${SCRATCH}`));
      await tx.execute(sql.raw(`set local search_path = ${SCRATCH}, public`));
      for (const source of sources) {
        try {
          await tx.execute(sql.raw(source.text));
        } catch (error) {
          throw new Error(`sql functions: ${source.name}.sql does not create: ${String(error)}`);
        }
      }
      defs = await definitionsIn(tx as unknown as Db, SCRATCH);
      throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
  for (const source of sources) {
    if (!defs.has(source.name))
      throw new Error(`sql functions: ${source.name}.sql defines no function of that name`);
  }
  return defs;
}

export interface FunctionDrift {
  /** In the sources and in the store, defined differently. */
  changed: string[];
  /** In the sources only. */
  added: string[];
  /** In the store only. */
  removed: string[];
}

export function driftOf(live: Map<string, string>, sources: Map<string, string>): FunctionDrift {
  const changed: string[] = [];
  const added: string[] = [];
  for (const [name, def] of sources) {
    const now = live.get(name);
    if (now === undefined) added.push(name);
    else if (now !== def) changed.push(name);
  }
  const removed = [...live.keys()].filter((name) => !sources.has(name));
  return { changed, added, removed };
}

/** How the store's functions differ from the source files. */
export async function functionDrift(db: Db, sources = readFunctionSources()): Promise<FunctionDrift> {
  return driftOf(await liveDefinitions(db), await sourceDefinitions(db, sources));
}

/** The statements of a migration that brings a store to the sources. */
export function migrationFor(
  drift: FunctionDrift,
  sources: FunctionSource[],
  live: Map<string, string>,
): string[] {
  const byName = new Map(sources.map((s) => [s.name, s.text.trim()]));
  const statements = [...drift.added, ...drift.changed].sort().map((name) => byName.get(name) ?? '');
  for (const name of drift.removed) {
    const header = /FUNCTION\s+(\S+\([^)]*\))/.exec(live.get(name) ?? '');
    statements.push(`DROP FUNCTION ${header?.[1] ?? `${name}()`};`);
  }
  return statements;
}
