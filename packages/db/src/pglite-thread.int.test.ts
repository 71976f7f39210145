// The embedded store runs on its own thread (decision 006): the API's thread keeps serving while a
// statement runs, and across the thread boundary the store answers as PGlite did in process: errors
// with their server fields, transactions that commit, roll back and isolate, json parsed, timestamps
// as text. Always on PGlite (it is the embedded store's own test), whatever TEST_STORE says.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { committedMigrationCount, createDatabase, type Database } from './client';

let database: Database;

beforeAll(async () => {
  database = await createDatabase({ dataDir: 'memory://' });
  await database.db.execute(
    sql.raw(`create table things (id int primary key, name text not null unique, doc jsonb, at timestamptz)`),
  );
});
afterAll(() => database.close());

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

describe('the embedded store on its own thread', () => {
  it("keeps the caller's thread running while a long statement runs", async () => {
    let last = performance.now();
    let longestGap = 0;
    const tick = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 2);
    const started = performance.now();
    const [row] = await rows<{ n: number }>(
      sql`select count(*)::int as n from generate_series(1, 3000000) g where g % 7 = 0`,
    );
    const took = performance.now() - started;
    clearInterval(tick);
    longestGap = Math.max(longestGap, performance.now() - last);
    expect(row?.n).toBe(428571);
    // In process, the statement held the thread: no timer ran until it was over.
    expect(took).toBeGreaterThan(80);
    expect(longestGap).toBeLessThan(took / 2);
  });

  it('answers errors with the server fields callers read (code, constraint, detail)', async () => {
    await database.db.execute(sql`insert into things (id, name) values (1, 'one')`);
    const failed = await database.db
      .execute(sql`insert into things (id, name) values (2, 'one')`)
      .then(() => null)
      .catch((e: unknown) => e as { cause?: Record<string, unknown> });
    expect(failed?.cause).toMatchObject({
      code: '23505',
      constraint: 'things_name_key',
      table: 'things',
      message: expect.stringContaining('duplicate key'),
    });
    // The store goes on answering after an error.
    expect(await rows(sql`select id from things order by id`)).toEqual([{ id: 1 }]);
  });

  it('commits a transaction, rolls back one that throws, and keeps other statements out of it', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into things (id, name) values (10, 'ten')`);
      await tx.execute(sql`insert into things (id, name) values (11, 'eleven')`);
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into things (id, name) values (12, 'twelve')`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    // A statement issued while a transaction is open runs after it, never inside it.
    let outside: Promise<unknown[]> | undefined;
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into things (id, name) values (13, 'thirteen')`);
      outside = rows(sql`select id from things where id >= 10 order by id`);
      await tx.execute(sql`delete from things where id = 13`);
    });
    expect(await outside).toEqual([{ id: 10 }, { id: 11 }]);
    // A statement that fails inside a transaction rolls all of it back.
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into things (id, name) values (14, 'fourteen')`);
        await tx.execute(sql`insert into things (id, name) values (15, 'ten')`);
      }),
    ).rejects.toThrow();
    expect(await rows(sql`select id from things where id >= 10 order by id`)).toEqual([
      { id: 10 },
      { id: 11 },
    ]);
  });

  it('parses json and jsonb, keeps timestamps as text, and maps rows for the query builder', async () => {
    await database.db.execute(
      sql`update things set doc = '{"a": [1, "x"], "b": null}', at = '2026-06-15T12:00:00Z' where id = 1`,
    );
    const [row] = await rows<{ doc: unknown; j: unknown; at: unknown }>(
      sql`select doc, json_build_object('k', id) as j, at from things where id = 1`,
    );
    expect(row).toEqual({ doc: { a: [1, 'x'], b: null }, j: { k: 1 }, at: '2026-06-15 12:00:00+00' });
    // The query builder asks for rows as arrays (rowMode 'array'); json columns are parsed there too.
    const picked = await database.db
      .select({ id: sql<number>`id`, doc: sql<unknown>`doc` })
      .from(sql`things`)
      .where(sql`id = 1`);
    expect(picked).toEqual([{ id: 1, doc: { a: [1, 'x'], b: null } }]);
  });

  it('answers statements issued at once, each with its own result', async () => {
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => rows<{ n: number }>(sql`select ${i}::int * 2 as n`)),
    );
    expect(results.map((r) => r[0]?.n)).toEqual(Array.from({ length: 40 }, (_, i) => i * 2));
  });

  it('starts with the memory settings it is given, and refuses a value that is not a size', async () => {
    const small = await createDatabase({
      dataDir: 'memory://',
      settings: { sharedBuffers: '16MB', workMem: '2MB' },
    });
    try {
      const [row] = (
        (await small.db.execute(
          sql`select current_setting('shared_buffers') as buffers, current_setting('work_mem') as work`,
        )) as unknown as { rows: { buffers: string; work: string }[] }
      ).rows;
      expect(row).toEqual({ buffers: '16MB', work: '2MB' });
    } finally {
      await small.close();
    }
    const [defaults] = await rows<{ buffers: string }>(
      sql`select current_setting('shared_buffers') as buffers`,
    );
    expect(defaults?.buffers).toBe('128MB');
    await expect(
      createDatabase({ dataDir: 'memory://', settings: { sharedBuffers: '16MB -c fsync=on' } }),
    ).rejects.toThrow('shared_buffers must be a size like 32MB');
  });

  it('says how many migrations it applied: every committed one on an empty store, none after', async () => {
    const fresh = await createDatabase({ dataDir: 'memory://' });
    try {
      expect(await fresh.migrate()).toBe(committedMigrationCount());
      expect(await fresh.migrate()).toBe(0);
      expect(await fresh.ready()).toBe(true);
    } finally {
      await fresh.close();
    }
  });

  it('refuses statements once closed, with a clear error, and closes twice safely', async () => {
    const other = await createDatabase({ dataDir: 'memory://' });
    expect(await other.ready()).toBe(false); // not migrated
    await other.close();
    await other.close();
    await expect(other.db.execute(sql`select 1`)).rejects.toMatchObject({
      cause: { message: 'the embedded store is closed' },
    });
  });
});
