// The embedded store on a thread of its own. PGlite runs PostgreSQL as WebAssembly on the thread that
// calls it: on the API's thread, every statement stopped HTTP parsing, validation and JSON for as long as
// it ran, and the two queued behind each other (decision 006). Here a worker thread owns the PGlite
// database and this side offers the part of its interface drizzle uses (query, exec, transaction), so
// the API's work and the store's overlap on two cores.
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results, Transaction } from '@electric-sql/pglite';

/** json and jsonb: read as text on the store's thread and parsed here (one string copy across). */
const JSON_TYPES = new Set([114, 3802]);

/** The wait before starting the store's thread again, doubled after each failed try up to the most. */
const FIRST_RESTART_DELAY_MS = 200;
const MAX_RESTART_DELAY_MS = 10_000;

/** Marks a database client (not a transaction) of this kind; see `isEmbeddedClient`. */
export const EMBEDDED_CLIENT = Symbol.for('vitrine.embedded-client');

interface Reply {
  id: number;
  result?: unknown;
  error?: { message: string; name?: string; stack?: string; fields: Record<string, unknown> };
}

/** The store's error rebuilt with its fields (code, constraint, detail...), as drizzle and callers read them. */
function rebuild(data: NonNullable<Reply['error']>): Error {
  const error = new Error(data.message);
  if (data.name) error.name = data.name;
  Object.assign(error, data.fields);
  if (data.stack) error.stack = `${data.stack}\n    at (embedded store thread)\n${new Error().stack ?? ''}`;
  return error;
}

function parseJsonColumns(result: Results, rowMode: QueryOptions['rowMode']): Results {
  const fields = result.fields;
  for (let i = 0; i < fields.length; i++) {
    const field = fields[i];
    if (!field || !JSON_TYPES.has(field.dataTypeID)) continue;
    const key: string | number = rowMode === 'array' ? i : field.name;
    for (const row of result.rows as Record<string | number, unknown>[]) {
      const value = row[key];
      if (typeof value === 'string') row[key] = JSON.parse(value);
    }
  }
  return result;
}

/** Only options that mean the same on the other thread; parsers are the store's own (see createDatabase). */
function portable(options: QueryOptions | undefined, textTypes: Set<number>): QueryOptions['rowMode'] {
  if (!options) return undefined;
  if (options.parsers && !Object.keys(options.parsers).every((type) => textTypes.has(Number(type)))) {
    throw new Error('the embedded store takes no per-query parsers other than its own');
  }
  if (options.serializers || options.blob || options.onNotice || options.paramTypes) {
    throw new Error('the embedded store takes only rowMode per query');
  }
  return options.rowMode;
}

export interface EmbeddedClient {
  readonly [EMBEDDED_CLIENT]: true;
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string): Promise<Results[]>;
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
  /**
   * Which thread answers: 1 for the first, one more after each restart. What a thread holds (PREPAREd
   * statements) is gone with it.
   */
  readonly incarnation: number;
  /** Writes the whole data directory to `path` as a tar, which `loadDataDir` starts from (tests). */
  dumpTo(path: string): Promise<void>;
  close(): Promise<void>;
}

/** What happens to the store's thread, for the process log. */
export interface StoreEvent {
  kind: 'stopped' | 'restarted' | 'restart-failed';
  message: string;
}

/** Ends the store's thread from outside, as a crash would (tests of the restart). */
export const STOP_AS_IF_CRASHED = Symbol.for('vitrine.embedded-client.stop-as-if-crashed');

interface Thread {
  worker: Worker;
  waiting: Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>;
}

export async function openEmbeddedThread(options: {
  dataDir: string | undefined;
  /** A tar of a data directory (`dumpTo`) the store starts from, instead of an empty one (tests). */
  loadDataDir?: string;
  /** PostgreSQL settings given at the store's start (name to value). */
  settings?: Record<string, string>;
  /** Types read as text rather than parsed (drizzle's). */
  textTypes: number[];
  onEvent?: (event: StoreEvent) => void;
}): Promise<EmbeddedClient> {
  const textTypes = new Set(options.textTypes);
  let nextId = 1;
  let incarnation = 0;
  let closed = false;
  /** Why statements are refused now; null while a thread is up. */
  let down: Error | null = null;

  /** Starts a thread and resolves once its store is open. */
  function spawn(): Promise<Thread> {
    const worker = new Worker(new URL('./pglite-thread.worker.mjs', import.meta.url), {
      workerData: {
        dataDir: options.dataDir,
        loadDataDir: options.loadDataDir,
        settings: options.settings ?? {},
        textTypes: [...options.textTypes, ...JSON_TYPES],
      },
    });
    const thread: Thread = { worker, waiting: new Map() };
    let up = false;
    let failure: Error | null = null;
    const failAll = (error: Error) => {
      for (const w of thread.waiting.values()) w.reject(error);
      thread.waiting.clear();
    };
    const ready = new Promise<void>((resolve, reject) => {
      thread.waiting.set(0, { resolve: () => resolve(), reject });
    });
    worker.on('message', (reply: Reply) => {
      const w = thread.waiting.get(reply.id);
      if (!w) return;
      thread.waiting.delete(reply.id);
      if (reply.error) w.reject(rebuild(reply.error));
      else w.resolve(reply.result);
    });
    worker.on('error', (error) => {
      failure = error;
      failAll(error);
    });
    worker.on('exit', (code) => {
      const cause = failure?.message ?? `exit code ${code}`;
      const error = new Error(`the embedded store's thread stopped: ${cause}`);
      failAll(error);
      if (up && current === thread && !closed) stopped(error);
    });
    return ready.then(
      () => {
        up = true;
        return thread;
      },
      async (error: unknown) => {
        await worker.terminate();
        throw error;
      },
    );
  }

  /**
   * The thread ended on its own (a crash of the store): every statement waiting failed with the cause,
   * new ones are refused until a new thread has opened the store again, which replays its log as
   * PostgreSQL does after a crash. An in-memory store (tests) is gone with its thread and stays down.
   */
  function stopped(error: Error) {
    down = error;
    options.onEvent?.({ kind: 'stopped', message: error.message });
    if (options.dataDir === undefined) return;
    let delay = FIRST_RESTART_DELAY_MS;
    const attempt = () => {
      if (closed) return;
      spawn().then(
        (thread) => {
          if (closed) {
            void thread.worker.terminate();
            return;
          }
          current = thread;
          incarnation += 1;
          down = null;
          options.onEvent?.({ kind: 'restarted', message: "the embedded store's thread is back" });
        },
        (error: unknown) => {
          const message = error instanceof Error ? error.message : String(error);
          options.onEvent?.({
            kind: 'restart-failed',
            message: `the embedded store's thread could not start again (${message}); next try in ${delay} ms`,
          });
          setTimeout(attempt, delay).unref();
          delay = Math.min(delay * 2, MAX_RESTART_DELAY_MS);
        },
      );
    };
    setTimeout(attempt, delay).unref();
  }

  let current: Thread = await spawn();
  incarnation = 1;

  const call = <T>(message: Record<string, unknown>, id = nextId++): Promise<T> => {
    if (down) return Promise.reject(down);
    const thread = current;
    return new Promise<T>((resolve, reject) => {
      thread.waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      thread.worker.postMessage({ ...message, id });
    });
  };

  const query = async <T>(
    text: string,
    params: unknown[] | undefined,
    queryOptions: QueryOptions | undefined,
    tx: number | undefined,
  ): Promise<Results<T>> => {
    const rowMode = portable(queryOptions, textTypes);
    const result = await call<Results>({ op: 'query', text, params: params ?? [], rowMode, tx });
    return parseJsonColumns(result, rowMode) as Results<T>;
  };
  const exec = async (text: string, tx: number | undefined): Promise<Results[]> => {
    const results = await call<Results[]>({ op: 'exec', text, tx });
    return results.map((r) => parseJsonColumns(r, undefined));
  };

  let closing: Promise<void> | null = null;
  return {
    [EMBEDDED_CLIENT]: true,
    [STOP_AS_IF_CRASHED]: () => current.worker.terminate(),
    get incarnation() {
      return incarnation;
    },
    query: (text, params, queryOptions) => query(text, params, queryOptions, undefined),
    exec: (text) => exec(text, undefined),
    async transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
      // The worker keys the open transaction by the id of its `begin` message; a thread started after
      // a crash knows no transaction of the one before, so the statements of one cut short fail.
      const id = nextId++;
      await call({ op: 'begin' }, id);
      let finished = false;
      const tx = {
        query: <R>(text: string, params?: unknown[], queryOptions?: QueryOptions) =>
          query<R>(text, params, queryOptions, id),
        exec: (text: string) => exec(text, id),
        sql: () => Promise.reject(new Error('tx.sql is not offered by the embedded store')),
        listen: () => Promise.reject(new Error('tx.listen is not offered by the embedded store')),
        rollback: () => Promise.reject(new Error('throw from the transaction to roll it back')),
        get closed() {
          return finished;
        },
      } as unknown as Transaction;
      let result: T;
      try {
        result = await fn(tx);
      } catch (error) {
        finished = true;
        await call({ op: 'end', tx: id, commit: false }).catch(() => {});
        throw error;
      }
      finished = true;
      await call({ op: 'end', tx: id, commit: true });
      return result;
    },
    dumpTo: (path: string) => call<void>({ op: 'dump', path }),
    close() {
      closing ??= (async () => {
        const wasUp = down === null;
        closed = true;
        if (wasUp) await call({ op: 'close' }).catch(() => {});
        down = new Error('the embedded store is closed');
        await current.worker.terminate();
      })();
      return closing;
    },
  } as EmbeddedClient;
}

export function isEmbeddedClient(client: unknown): client is EmbeddedClient {
  return typeof client === 'object' && client !== null && EMBEDDED_CLIENT in client;
}
