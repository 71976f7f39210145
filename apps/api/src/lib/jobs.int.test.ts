// Durable jobs on pg-boss (decision 013), on both stores: a job outlives the app that sent it and runs
// once in the next app on the same store; a handler that fails half way (its transaction rolled back)
// is tried again and its effect happens once; due times follow the app clock.
import { type Db, withTransaction } from '@vitrine/db';
import { type FreshDatabase, freshDatabase } from '@vitrine/db/testing';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, SWEEP_JOB } from '../app';
import { TEST_NOW } from '../testing/test-app';
import { manualClock } from './clock';
import { JOB_RETRY_DELAY_SECONDS } from './pg-boss-jobs';

let database: FreshDatabase;
let db: Db;

beforeAll(async () => {
  database = await freshDatabase();
  db = database.db;
  await db.execute(sql`CREATE TABLE job_effects (key text PRIMARY KEY, runs integer NOT NULL)`);
});
afterAll(async () => {
  await database.drop();
});

async function appOn(clock: ReturnType<typeof manualClock>): Promise<FastifyInstance> {
  return buildApp({ database, clock, logLevel: 'silent', nodeEnv: 'test', webDist: null });
}

/** Records the effect once per key: a conditional insert, as handlers guard their writes. */
async function effect(tx: Db, key: string) {
  await tx.execute(sql`INSERT INTO job_effects (key, runs) VALUES (${key}, 1) ON CONFLICT (key) DO NOTHING`);
}

async function runsOf(key: string): Promise<number> {
  const result = (await db.execute(sql`SELECT runs FROM job_effects WHERE key = ${key}`)) as unknown as {
    rows: { runs: number }[];
  };
  return result.rows.length;
}

async function stateOf(key: string): Promise<string[]> {
  const result = (await db.execute(
    sql`SELECT state FROM pgboss.job WHERE data->>'key' = ${key} ORDER BY created_on`,
  )) as unknown as { rows: { state: string }[] };
  return result.rows.map((r) => r.state);
}

describe('durable jobs (pg-boss)', () => {
  it('a job sent by an app closed before it ran runs once in the next app on the same store', async () => {
    const clock = manualClock(TEST_NOW);
    const first = await appOn(clock);
    let firstCalls = 0;
    first.services.jobs.register<{ key: string }>('test.effect', async () => {
      firstCalls++;
    });
    await first.services.jobs.send(
      'test.effect',
      { key: 'restart' },
      { startAfter: new Date(TEST_NOW.getTime() + 60_000) },
    );
    // Not due yet by the app clock (the database's clock is months later: it is not the one compared).
    expect(await first.services.jobs.drain()).toEqual({ ran: 0, failed: 0 });
    await first.close();
    expect(firstCalls).toBe(0);

    clock.advance(61_000);
    const second = await appOn(clock);
    let calls = 0;
    second.services.jobs.register<{ key: string }>('test.effect', async ({ key }) => {
      calls++;
      await withTransaction(db, (tx) => effect(tx, key));
    });
    expect(await second.services.jobs.drain()).toEqual({ ran: 1, failed: 0 });
    expect(await second.services.jobs.drain()).toEqual({ ran: 0, failed: 0 });
    await second.close();
    expect(calls).toBe(1);
    expect(await runsOf('restart')).toBe(1);
    expect(await stateOf('restart')).toEqual(['completed']);
  });

  it('a handler that throws half way is retried after the delay and its effect happens once', async () => {
    const clock = manualClock(TEST_NOW);
    const app = await appOn(clock);
    let calls = 0;
    app.services.jobs.register<{ key: string }>('test.half-way', async ({ key }) => {
      calls++;
      await withTransaction(db, async (tx) => {
        await effect(tx, key);
        if (calls === 1) throw new Error('crashed after the first write');
      });
    });
    await app.services.jobs.send('test.half-way', { key: 'half-way' });
    expect(await app.services.jobs.drain()).toEqual({ ran: 0, failed: 1 });
    expect(await runsOf('half-way')).toBe(0);
    expect(await stateOf('half-way')).toEqual(['retry']);
    // Not before the retry delay on the app clock.
    expect(await app.services.jobs.drain()).toEqual({ ran: 0, failed: 0 });
    clock.advance(JOB_RETRY_DELAY_SECONDS * 1000);
    expect(await app.services.jobs.drain()).toEqual({ ran: 1, failed: 0 });
    expect(calls).toBe(2);
    expect(await runsOf('half-way')).toBe(1);
    expect(await stateOf('half-way')).toEqual(['completed']);
    await app.close();
  });

  it('one pending job per singleton key; two apps draining at once run each job once', async () => {
    const clock = manualClock(TEST_NOW);
    const a = await appOn(clock);
    const b = await appOn(clock);
    const calls: string[] = [];
    for (const app of [a, b]) {
      app.services.jobs.register<{ key: string }>('test.shared', async ({ key }) => {
        calls.push(key);
        await withTransaction(db, (tx) => effect(tx, key));
      });
    }
    await a.services.jobs.send('test.shared', { key: 'single' }, { singletonKey: 'one' });
    await b.services.jobs.send('test.shared', { key: 'single' }, { singletonKey: 'one' });
    for (let i = 0; i < 10; i++) await a.services.jobs.send('test.shared', { key: `many-${i}` });
    const [ra, rb] = await Promise.all([a.services.jobs.drain(), b.services.jobs.drain()]);
    expect(ra.ran + rb.ran).toBe(11);
    expect(calls.length).toBe(11);
    expect(new Set(calls).size).toBe(11);
    await a.close();
    await b.close();
  });

  it('the minute sweep of intents and offers is a job that sends itself again a minute on', async () => {
    const clock = manualClock(TEST_NOW);
    const app = await appOn(clock);
    await app.services.jobs.send(SWEEP_JOB, {}, { singletonKey: 'sweep' });
    await app.services.jobs.send(SWEEP_JOB, {}, { singletonKey: 'sweep' });
    expect(await app.services.jobs.drain()).toEqual({ ran: 1, failed: 0 });
    clock.advance(59_000);
    expect(await app.services.jobs.drain()).toEqual({ ran: 0, failed: 0 });
    clock.advance(1_000);
    expect(await app.services.jobs.drain()).toEqual({ ran: 1, failed: 0 });
    await app.close();
  });
});
