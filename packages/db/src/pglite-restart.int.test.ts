// The embedded store's thread starts again after a crash (decision 006): statements in flight fail with
// the cause, the store is refused meanwhile, and the new thread opens the same folder with every
// committed write and none of a transaction cut short. Always on PGlite, whatever TEST_STORE says.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database, type StoreEvent } from './client';
import { type EmbeddedClient, STOP_AS_IF_CRASHED } from './pglite-thread';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function clientOf(database: Database): EmbeddedClient & { [STOP_AS_IF_CRASHED]: () => Promise<number> } {
  return (database.db._.session as unknown as { client: never }).client;
}

const rows = async <T>(database: Database, query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

async function until(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return check();
}

describe("the embedded store's thread after a crash", () => {
  it('starts again on the same folder: committed writes kept, a transaction cut short gone', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vitrine-restart-'));
    dirs.push(dir);
    const database = await createDatabase({ dataDir: dir });
    const events: StoreEvent['kind'][] = [];
    database.onEvent((event) => events.push(event.kind));
    const client = clientOf(database);
    try {
      await database.db.execute(sql.raw('create table kept (id int primary key)'));
      await database.db.execute(sql`insert into kept values (1)`);
      expect(client.incarnation).toBe(1);

      const cutShort = database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into kept values (2)`);
        await client[STOP_AS_IF_CRASHED]();
        await tx.execute(sql`insert into kept values (3)`);
      });
      await expect(cutShort).rejects.toThrow();
      await expect(database.db.execute(sql`select 1`)).rejects.toMatchObject({
        cause: { message: expect.stringContaining("the embedded store's thread stopped") },
      });

      expect(await until(async () => client.incarnation === 2, 15_000)).toBe(true);
      expect(events).toEqual(['stopped', 'restarted']);
      expect(await rows(database, sql`select id from kept order by id`)).toEqual([{ id: 1 }]);
      await database.db.execute(sql`insert into kept values (4)`);
      expect(await rows(database, sql`select id from kept order by id`)).toEqual([{ id: 1 }, { id: 4 }]);
    } finally {
      await database.close();
    }
    // Closed on purpose: no restart.
    await new Promise((r) => setTimeout(r, 400));
    expect(events).toEqual(['stopped', 'restarted']);
  });

  it('leaves an in-memory store down (its data went with the thread), saying why', async () => {
    const database = await createDatabase({ dataDir: 'memory://' });
    const events: StoreEvent['kind'][] = [];
    database.onEvent((event) => events.push(event.kind));
    try {
      await clientOf(database)[STOP_AS_IF_CRASHED]();
      await new Promise((r) => setTimeout(r, 400));
      expect(events).toEqual(['stopped']);
      expect(await database.ready()).toBe(false);
      await expect(database.db.execute(sql`select 1`)).rejects.toMatchObject({
        cause: { message: expect.stringContaining("the embedded store's thread stopped") },
      });
    } finally {
      await database.close();
    }
  });
});
