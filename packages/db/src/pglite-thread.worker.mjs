// The embedded store's own thread: one PGlite database, answering the messages of pglite-thread.ts.
// Plain JavaScript so it loads the same under tsx, vitest and node without a TypeScript loader.
import { readFileSync, writeFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

if (!parentPort) throw new Error('pglite-thread.worker.mjs runs only as a worker thread');
const port = parentPort;

/** @type {{ dataDir: string | undefined, loadDataDir: string | undefined, settings: Record<string, string>, textTypes: number[] }} */
const { dataDir, loadDataDir, settings, textTypes } = workerData;
const asText = (value) => value;
// Every type the main thread reads as text (drizzle's timestamp types, and json, which the main thread
// parses itself: a string crosses threads in one copy, a parsed object field by field).
const parsers = Object.fromEntries(textTypes.map((type) => [type, asText]));

/** Open transactions by id: the PGlite transaction and how to finish it. */
const open = new Map();

/** A PGlite error as plain data: its message and every field of the server's error (code, constraint...). */
function errorData(error) {
  if (!(error instanceof Error)) return { message: String(error), fields: {} };
  const fields = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function') continue;
    if (typeof value === 'object' && value !== null) continue;
    fields[key] = value;
  }
  return { message: error.message, name: error.name, stack: error.stack, fields };
}

/** The result without what cannot cross threads; json columns stay text (see `parsers`). */
const plain = (result) => ({
  rows: result.rows,
  fields: result.fields,
  affectedRows: result.affectedRows,
});

let db;
try {
  // PGlite's own start parameters, then ours (a later `-c` wins).
  const startParams = [
    ...PGlite.defaultStartParams,
    ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
  ];
  // A snapshot (`dumpTo`, tests) starts the store as it was, without initdb and migrations.
  const loaded = loadDataDir === undefined ? {} : { loadDataDir: new Blob([readFileSync(loadDataDir)]) };
  db = await PGlite.create(dataDir, { extensions: { pg_trgm }, parsers, startParams, ...loaded });
} catch (error) {
  port.postMessage({ id: 0, error: errorData(error) });
  process.exit(1);
}

const target = (tx) => {
  if (tx === undefined) return db;
  const entry = open.get(tx);
  if (!entry) throw new Error(`transaction ${tx} is not open`);
  return entry.tx;
};

async function handle(message) {
  switch (message.op) {
    case 'query': {
      const options = message.rowMode ? { rowMode: message.rowMode } : undefined;
      return plain(await target(message.tx).query(message.text, message.params, options));
    }
    case 'exec':
      return (await target(message.tx).exec(message.text)).map(plain);
    case 'begin': {
      // Answers as soon as the transaction has begun; the outcome goes out with the `end` message.
      let begun;
      const started = new Promise((resolve) => {
        begun = resolve;
      });
      const finished = db.transaction(
        (tx) =>
          new Promise((resolve, reject) => {
            open.set(message.id, { tx, resolve, reject, finished: undefined });
            begun();
          }),
      );
      // If BEGIN itself failed, the transaction never opened: say so now.
      const early = await Promise.race([
        started.then(() => null),
        finished.then(
          () => null,
          (e) => e,
        ),
      ]);
      if (early) throw early;
      open.get(message.id).finished = finished;
      return null;
    }
    case 'end': {
      const entry = open.get(message.tx);
      if (!entry) throw new Error(`transaction ${message.tx} is not open`);
      open.delete(message.tx);
      if (message.commit) entry.resolve();
      else entry.reject(new Error('rolled back'));
      try {
        await entry.finished;
      } catch (error) {
        if (message.commit) throw error;
      }
      return null;
    }
    case 'close':
      await db.close();
      return null;
    case 'dump': {
      // The whole data directory as an uncompressed tar (PGlite's `dumpDataDir`), for `loadDataDir`.
      const tar = await db.dumpDataDir('none');
      writeFileSync(message.path, Buffer.from(await tar.arrayBuffer()));
      return null;
    }
    default:
      throw new Error(`unknown operation ${message.op}`);
  }
}

port.on('message', (message) => {
  handle(message).then(
    (result) => port.postMessage({ id: message.id, result }),
    (error) => port.postMessage({ id: message.id, error: errorData(error) }),
  );
});
port.postMessage({ id: 0, result: 'ready' });
