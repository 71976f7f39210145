// Durable jobs on pg-boss 10 (decision 013): its own schema (`pgboss`) in the app's store, created at
// first use from the app's database handle, on PostgreSQL (the app's pool) and on PGlite (its
// `db.executeSql` adapter over the embedded store's client). No outside service.
//
// Due times follow the APP clock: a job's `start_after` holds the app clock's due time, and the jobs
// are claimed by one statement of pg-boss's own shape (`FOR UPDATE SKIP LOCKED`, state to active)
// that compares `start_after` with the app clock's now instead of the database's. Tests move a manual
// clock and call drain(); in production (poll) a timer drains every second, where the app clock is
// the system clock. pg-boss sends (with its singleton policy), completes, keeps the retry counts and,
// in production, supervises (expires jobs left active by a dead process, archives finished ones).
import PgBoss from 'pg-boss';
import type { Clock } from './clock';
import type { DrainResult, JobHandler, JobOptions, Jobs } from './jobs';

/** A failed job waits this long (app clock) before it is tried again, up to RETRY_LIMIT times. */
export const JOB_RETRY_DELAY_SECONDS = 5;
export const JOB_RETRY_LIMIT = 5;
const SCHEMA = 'pgboss';
const BATCH = 20;

/** What the app's database handle offers: a pg Pool (`query`) or the embedded client (`query`, `exec`). */
interface SqlClient {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  exec?(text: string): Promise<{ rows: unknown[] }[]>;
}

/** pg-boss's `db` option over the app's client: statements with values go through `query`; pg-boss's
 * plans without values may hold several statements (BEGIN … COMMIT), which PGlite runs only by `exec`. */
export function executeSqlAdapter(client: SqlClient): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if ((values && values.length > 0) || !client.exec) return client.query(text, values);
      try {
        const results = await client.exec(text);
        return results[results.length - 1] ?? { rows: [] };
      } catch (error) {
        // A plan that failed after its BEGIN would leave the embedded store's one connection in an
        // aborted transaction: end it (a ROLLBACK outside a transaction only warns).
        await client.exec('ROLLBACK').catch(() => undefined);
        throw error;
      }
    },
  };
}

export interface PgBossJobsOptions {
  /** The drizzle database of the app: its `$client` is the pool or the embedded store's client. */
  db: unknown;
  clock: Clock;
  /** Drain every `pollIntervalMs` after start() and supervise (production); tests drain themselves. */
  poll: boolean;
  pollIntervalMs?: number;
  onError?: (error: unknown, job: { name: string; id: string }) => void;
}

interface ClaimedJob {
  id: string;
  data: object;
}

export function createPgBossJobs(options: PgBossJobsOptions): Jobs & { boss: PgBoss } {
  const { clock, poll } = options;
  const client = (options.db as { $client: SqlClient }).$client;
  const sql = executeSqlAdapter(client);
  const boss = new PgBoss({
    db: sql,
    schema: SCHEMA,
    migrate: true,
    supervise: poll,
    schedule: false,
  });
  boss.on('error', (error) => options.onError?.(error, { name: 'pg-boss', id: '' }));
  const handlers = new Map<string, JobHandler<object>>();
  const queues = new Map<string, Promise<void>>();
  let started: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let draining: Promise<DrainResult> | null = null;
  let stopped = false;

  const ready = () => {
    started ??= boss.start().then(() => undefined);
    return started;
  };
  // Queues are made one at a time: each is a partition of pg-boss's job table, and PostgreSQL deadlocks two
  // partitions attached at once (seen at a production start, where several modules send their first jobs
  // together). Another process making one at the same moment can still deadlock: that attempt is retried.
  let creating: Promise<unknown> = Promise.resolve();
  const createQueue = async (name: string) => {
    for (let attempt = 1; ; attempt++) {
      try {
        await boss.createQueue(name, {
          name,
          // One job per singleton key in `created`; sends without a key get a key of their own.
          policy: 'short',
          retryLimit: JOB_RETRY_LIMIT,
          retryDelay: JOB_RETRY_DELAY_SECONDS,
        });
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== '40P01' || attempt >= 5) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      }
    }
  };
  const queue = (name: string) => {
    let created = queues.get(name);
    if (!created) {
      created = creating.then(ready).then(() => createQueue(name));
      creating = created.catch(() => undefined);
      created.catch(() => queues.delete(name));
      queues.set(name, created);
    }
    return created;
  };

  const claim = async (name: string, now: Date): Promise<ClaimedJob[]> => {
    const result = await sql.executeSql(
      `WITH next AS (
         SELECT id FROM ${SCHEMA}.job
         WHERE name = $1 AND state < 'active' AND start_after <= $2::timestamptz
         ORDER BY priority DESC, start_after, created_on, id
         LIMIT $3
         FOR UPDATE SKIP LOCKED
       )
       UPDATE ${SCHEMA}.job j SET
         state = 'active',
         started_on = now(),
         retry_count = CASE WHEN j.started_on IS NOT NULL THEN j.retry_count + 1 ELSE j.retry_count END
       FROM next
       WHERE j.name = $1 AND j.id = next.id
       RETURNING j.id, j.data`,
      [name, now.toISOString(), BATCH],
    );
    return result.rows as ClaimedJob[];
  };

  const fail = async (name: string, id: string, error: unknown, now: Date) => {
    const message = error instanceof Error ? error.message : String(error);
    await sql.executeSql(
      `UPDATE ${SCHEMA}.job SET
         state = CASE WHEN retry_count < retry_limit THEN 'retry' ELSE 'failed' END::${SCHEMA}.job_state,
         start_after = CASE WHEN retry_count < retry_limit
           THEN $3::timestamptz + retry_delay * interval '1 second' ELSE start_after END,
         completed_on = CASE WHEN retry_count < retry_limit THEN NULL ELSE now() END,
         output = $4::jsonb
       WHERE name = $1 AND id = $2 AND state = 'active'`,
      [name, id, now.toISOString(), JSON.stringify({ message })],
    );
  };

  const drainOnce = async (): Promise<DrainResult> => {
    const result: DrainResult = { ran: 0, failed: 0 };
    await ready();
    for (;;) {
      let claimedAny = false;
      for (const [name, handler] of handlers) {
        await queue(name);
        const now = clock.now();
        const claimed = await claim(name, now);
        for (const job of claimed) {
          claimedAny = true;
          try {
            await handler(job.data);
            await boss.complete(name, job.id);
            result.ran++;
          } catch (error) {
            result.failed++;
            options.onError?.(error, { name, id: job.id });
            // A failed job waits RETRY_DELAY past now, so one drain tries it once.
            await fail(name, job.id, error, now);
          }
        }
      }
      if (!claimedAny) return result;
    }
  };

  const jobs: Jobs & { boss: PgBoss } = {
    boss,
    register(name, handler) {
      handlers.set(name, handler as JobHandler<object>);
    },
    async send(name, data, sendOptions?: JobOptions) {
      await queue(name);
      await boss.send(name, data, {
        startAfter: sendOptions?.startAfter ?? clock.now(),
        singletonKey: sendOptions?.singletonKey ?? crypto.randomUUID(),
      });
    },
    drain() {
      // One drain at a time in this process (the poller's and a caller's share it); other processes
      // claim other rows (SKIP LOCKED).
      if (draining) return draining.then(() => jobs.drain());
      draining = drainOnce().finally(() => {
        draining = null;
      });
      return draining;
    },
    async start() {
      await ready();
      await Promise.all([...handlers.keys()].map(queue));
      if (!poll || timer) return;
      stopped = false;
      const tick = () => {
        if (stopped) return;
        jobs
          .drain()
          .catch((error: unknown) => options.onError?.(error, { name: 'drain', id: '' }))
          .finally(() => {
            if (stopped) return;
            timer = setTimeout(tick, options.pollIntervalMs ?? 1000);
            timer.unref();
          });
      };
      timer = setTimeout(tick, options.pollIntervalMs ?? 1000);
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      // The job under way finishes (its handler's transaction commits or rolls back), then pg-boss stops.
      await draining?.catch(() => undefined);
      if (started) await boss.stop({ graceful: true, close: false, wait: true, timeout: 5000 });
    },
  };
  return jobs;
}
