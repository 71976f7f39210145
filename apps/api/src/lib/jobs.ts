// Durable jobs (issue 15): settlement work that must survive a restart and take effect once (auction
// close, ranked and silent settlement, drawings, open-edition minting, pack opening, intent expiry,
// releases of losing bids). Every handler is idempotent by its own conditional updates: a job may run
// again after a crash, its effect happens once.
//
// This file holds the interface every module codes against and an in-process implementation, which
// is not durable. The pg-boss implementation (lib/pg-boss-jobs.ts: PostgreSQL, and PGlite through its
// executeSql adapter) is the one services.ts builds (decision 013).
import type { Clock } from './clock';

export interface JobOptions {
  /** Not before this time (server clock). */
  startAfter?: Date;
  /** One pending job per key and name: sending the same key again while one waits does nothing. */
  singletonKey?: string;
}

export type JobHandler<T> = (data: T) => Promise<void>;

/** What one drain did: jobs whose handler returned, and those that threw (to be retried later). */
export interface DrainResult {
  ran: number;
  failed: number;
}

export interface Jobs {
  /** Registers the handler of a job name (once per name, at start-up). */
  register<T extends object>(name: string, handler: JobHandler<T>): void;
  send<T extends object>(name: string, data: T, options?: JobOptions): Promise<void>;
  /**
   * Runs every job due at the clock's now, to completion (tests move the clock, then drain). A job whose
   * handler throws is tried again at a later drain, after the retry delay.
   */
  drain(): Promise<DrainResult>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createInProcessJobs(clock: Clock): Jobs {
  const handlers = new Map<string, JobHandler<object>>();
  const queue: { name: string; data: object; at: number; key?: string }[] = [];
  let timer: NodeJS.Timeout | null = null;
  const jobs: Jobs = {
    register(name, handler) {
      handlers.set(name, handler as JobHandler<object>);
    },
    async send(name, data, options) {
      const key = options?.singletonKey;
      if (key && queue.some((j) => j.name === name && j.key === key)) return;
      queue.push({ name, data, at: options?.startAfter?.getTime() ?? 0, key });
    },
    async drain() {
      const result: DrainResult = { ran: 0, failed: 0 };
      for (;;) {
        const now = clock.now().getTime();
        const i = queue.findIndex((j) => j.at <= now);
        if (i < 0) return result;
        const [job] = queue.splice(i, 1);
        const handler = job && handlers.get(job.name);
        if (job && handler) {
          await handler(job.data);
          result.ran++;
        }
      }
    },
    async start() {
      timer = setInterval(() => void jobs.drain().catch((err) => console.error(err)), 1000);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
    },
  };
  return jobs;
}
