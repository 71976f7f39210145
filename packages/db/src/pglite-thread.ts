// The embedded store on a thread of its own. PGlite runs PostgreSQL as WebAssembly on the thread that
// calls it: on the API's thread, every statement stopped HTTP parsing, validation and JSON for as long as
// it ran, and the two queued behind each other (decision 006). Here a worker thread owns the PGlite
// database and this side offers the part of its interface drizzle uses (query, exec, transaction), so
// the API's work and the store's overlap on two cores.
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results, Transaction } from '@electric-sql/pglite';

/** json and jsonb: read as text on the store's thread and parsed here (one string copy across). */
const JSON_TYPES = new Set([114, 3802]);

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
  /**
   * EXECUTE of a statement PREPAREd from a SELECT (or WITH) that writes nothing. With `reuse`, the last
   * answer to the same text is given again while no statement that may write has arrived since (the
   * store's thread checks the PREPAREd text; anything else counts as a write).
   */
  read<T>(text: string, options?: { reuse?: boolean }): Promise<Results<T>>;
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export async function openEmbeddedThread(options: {
  dataDir: string | undefined;
  /** Types read as text rather than parsed (drizzle's). */
  textTypes: number[];
}): Promise<EmbeddedClient> {
  const textTypes = new Set(options.textTypes);
  const worker = new Worker(new URL('./pglite-thread.worker.mjs', import.meta.url), {
    workerData: { dataDir: options.dataDir, textTypes: [...options.textTypes, ...JSON_TYPES] },
  });
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let nextId = 1;
  let gone: Error | null = null;

  const failAll = (error: Error) => {
    gone = error;
    for (const w of waiting.values()) w.reject(error);
    waiting.clear();
  };
  const ready = new Promise<void>((resolve, reject) => {
    waiting.set(0, { resolve: () => resolve(), reject });
  });
  worker.on('message', (reply: Reply) => {
    const w = waiting.get(reply.id);
    if (!w) return;
    waiting.delete(reply.id);
    if (reply.error) w.reject(rebuild(reply.error));
    else w.resolve(reply.result);
  });
  worker.on('error', (error) => failAll(error));
  worker.on('exit', (code) =>
    failAll(gone ?? new Error(`the embedded store's thread stopped (exit code ${code})`)),
  );

  const call = <T>(message: Record<string, unknown>, id = nextId++): Promise<T> => {
    if (gone) return Promise.reject(gone);
    return new Promise<T>((resolve, reject) => {
      waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      worker.postMessage({ ...message, id });
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

  try {
    await ready;
  } catch (error) {
    await worker.terminate();
    throw error;
  }

  let closing: Promise<void> | null = null;
  return {
    [EMBEDDED_CLIENT]: true,
    query: (text, params, queryOptions) => query(text, params, queryOptions, undefined),
    exec: (text) => exec(text, undefined),
    async read<T>(text: string, readOptions?: { reuse?: boolean }) {
      const result = await call<Results>({
        op: 'query',
        text,
        params: [],
        read: true,
        reuse: readOptions?.reuse,
      });
      return parseJsonColumns(result, undefined) as Results<T>;
    },
    async transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
      // The worker keys the open transaction by the id of its `begin` message.
      const id = nextId++;
      await call({ op: 'begin' }, id);
      let closed = false;
      const tx = {
        query: <R>(text: string, params?: unknown[], queryOptions?: QueryOptions) =>
          query<R>(text, params, queryOptions, id),
        exec: (text: string) => exec(text, id),
        sql: () => Promise.reject(new Error('tx.sql is not offered by the embedded store')),
        listen: () => Promise.reject(new Error('tx.listen is not offered by the embedded store')),
        rollback: () => Promise.reject(new Error('throw from the transaction to roll it back')),
        get closed() {
          return closed;
        },
      } as unknown as Transaction;
      let result: T;
      try {
        result = await fn(tx);
      } catch (error) {
        closed = true;
        await call({ op: 'end', tx: id, commit: false }).catch(() => {});
        throw error;
      }
      closed = true;
      await call({ op: 'end', tx: id, commit: true });
      return result;
    },
    close() {
      closing ??= (async () => {
        if (!gone) await call({ op: 'close' }).catch(() => {});
        gone = new Error('the embedded store is closed');
        await worker.terminate();
      })();
      return closing;
    },
  };
}

export function isEmbeddedClient(client: unknown): client is EmbeddedClient {
  return typeof client === 'object' && client !== null && EMBEDDED_CLIENT in client;
}
