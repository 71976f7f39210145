// The live-update figure (issue 15, decision 014): STREAMS open event streams on one nifty's topic, then
// EVENTS primary purchases of that nifty one after another (each pays by balance over HTTP; the server
// commits, then publishes 'sold'). Each figure is the time from the pay request's start (so it includes
// the write and its commit: an upper bound of publish → arrival) to the 'sold' event's arrival at every
// one of the streams, p50 / p99 / max over all STREAMS × EVENTS arrivals.
// Baseline: a bare node:http server in this process holding the same number of event streams and writing
// each event to all of them (no framework, no store, no Redis), timed from the write to the arrival, with
// the same clients. The clients run in this process (node:http, one socket each).
import { randomUUID } from 'node:crypto';
import { createServer, get, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createDatabase, type DatabaseOptions, withTransaction } from '@vitrine/db';
import { fixtures } from '@vitrine/db/testing';
import { topics } from '@vitrine/domain';
import { createAuthRepo } from '../../apps/api/src/modules/auth/auth.repo';
import { hashToken, newId, newToken } from '../../apps/api/src/modules/auth/tokens';
import { createLedgerRepo } from '../../apps/api/src/modules/trading/ledger.repo';

export interface LiveWorld {
  contractAddress: string;
  typeNumber: number;
  /** One buyer (bearer token) per event. */
  buyers: string[];
}

export interface LatencyFigure {
  name: string;
  streams: number;
  events: number;
  arrivals: number;
  missing: number;
  p50: number;
  p99: number;
  max: number;
}

export interface LiveFigures {
  live: LatencyFigure;
  /** Per event: its arrival at the last stream minus its arrival at the first (the fan-out's own spread). */
  spread: LatencyFigure;
  baseline: LatencyFigure;
  /** The pay requests' own time (the write), p50 / p99. */
  payP50: number;
  payP99: number;
}

/** A live fcfs nifty with editions to spare, and `events` funded buyers with sessions. */
export async function prepareLive(store: DatabaseOptions, measured: number): Promise<LiveWorld> {
  // One unmeasured purchase first (the route's and the statements' first run).
  const events = measured + 1;
  const database = await createDatabase(store);
  try {
    await database.migrate();
    const db = database.db;
    const at = new Date();
    const tag = randomUUID().slice(0, 8);
    const f = fixtures(db, { now: at });
    const auth = createAuthRepo(db);
    const ledger = createLedgerRepo(db);
    const publisher = await f.publisher({ slug: `bench-live-${tag}`, name: `Bench Live ${tag}` });
    const drop = await f.drop({ publisherId: publisher.id, slug: `bench-live-${tag}`, dropType: 'fcfs' });
    const collection = await f.collection({
      publisherId: publisher.id,
      dropId: drop.id,
      slug: `bench-live-${tag}`,
      name: `Bench Live ${tag}`,
      contractAddress: `0x${'c'.repeat(32)}${tag}`,
    });
    const nifty = await f.nifty({
      collectionId: collection.id,
      typeNumber: Number.parseInt(tag.slice(0, 6), 16) + 2_000_000,
      title: `Bench live ${tag}`,
      editionSize: events + 10,
      priceInCents: 100,
      maxPurchaseQuantity: 1,
      limitPerUser: 0,
    });
    const clearing = await ledger.houseAccount('payments_clearing');
    const buyers: string[] = [];
    for (let i = 0; i < events; i++) {
      const user = await f.user({
        email: `bench-live-${i}-${tag}@bench.vitrine.test`,
        profileUrl: `bench-live-${i}-${tag}`,
      });
      const account = await ledger.userAccount(user.id);
      await withTransaction(db, async (tx) => {
        const l = createLedgerRepo(tx);
        await l.lock([account, clearing]);
        await l.post({
          kind: 'deposit',
          reference: `bench-live-fund:${tag}:${user.id}`,
          at,
          postings: [
            { accountId: clearing, amountCents: -10_000, memo: 'card_payment' },
            { accountId: account, amountCents: 10_000, memo: 'deposit' },
          ],
        });
      });
      const token = newToken('vat');
      await auth.createSession({
        id: newId(),
        userId: user.id,
        method: 'password',
        ip: null,
        userAgent: 'bench',
        at,
        access: { hash: hashToken(token), expiresAt: new Date(at.getTime() + 2 * 3_600_000) },
        refresh: { hash: hashToken(newToken('vrt')), expiresAt: new Date(at.getTime() + 24 * 3_600_000) },
      });
      buyers.push(token);
    }
    return { contractAddress: collection.contractAddress, typeNumber: nifty.typeNumber, buyers };
  } finally {
    await database.close();
  }
}

interface Client {
  /** Resolves once the stream is open (its first frame arrived). */
  ready: Promise<void>;
  close(): void;
}

/** A text/event-stream client on one socket: `onEvent(type, data, at)` for each event frame. */
function streamClient(url: string, onEvent: (type: string, data: string, at: number) => void): Client {
  let req: ReturnType<typeof get> | null = null;
  const ready = new Promise<void>((resolve, reject) => {
    req = get(url, { agent: false, headers: { accept: 'text/event-stream' } }, (res: IncomingMessage) => {
      if (res.statusCode !== 200) {
        reject(new Error(`stream answered ${res.statusCode}`));
        res.resume();
        return;
      }
      res.setEncoding('utf8');
      let buffer = '';
      let opened = false;
      res.on('data', (chunk: string) => {
        const at = performance.now();
        buffer += chunk;
        let i = buffer.indexOf('\n\n');
        while (i >= 0) {
          const block = buffer.slice(0, i);
          buffer = buffer.slice(i + 2);
          if (!opened) {
            opened = true;
            resolve();
          }
          let type = '';
          let data = '';
          for (const line of block.split('\n')) {
            if (line.startsWith('event: ')) type = line.slice(7);
            else if (line.startsWith('data: ')) data = line.slice(6);
          }
          if (type) onEvent(type, data, at);
          i = buffer.indexOf('\n\n');
        }
      });
    });
    req.on('error', reject);
  });
  return { ready, close: () => req?.destroy() };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round((sorted[Math.max(0, i)] ?? Number.NaN) * 10) / 10;
}

function figure(name: string, streams: number, events: number, latencies: number[]): LatencyFigure {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    name,
    streams,
    events,
    arrivals: sorted.length,
    missing: streams * events - sorted.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: percentile(sorted, 100),
  };
}

/** Opens `count` clients in batches (a burst of 1,000 connects at once overflows the accept queue). */
async function openAll(count: number, make: () => Client): Promise<Client[]> {
  const clients: Client[] = [];
  for (let i = 0; i < count; i += 100) {
    const batch = Array.from({ length: Math.min(100, count - i) }, make);
    await Promise.all(batch.map((c) => c.ready));
    clients.push(...batch);
  }
  return clients;
}

async function until(check: () => boolean, timeoutMs: number): Promise<void> {
  const end = performance.now() + timeoutMs;
  while (!check() && performance.now() < end) await new Promise((r) => setTimeout(r, 5));
}

async function post(url: string, token: string, body: unknown): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${text}`);
  return JSON.parse(text);
}

export async function measureLive(o: {
  baseUrl: string;
  world: LiveWorld;
  streams: number;
}): Promise<LiveFigures> {
  const { world, streams } = o;
  const events = world.buyers.length - 1;

  // The real server: purchases publish 'sold' on the nifty's topic.
  const topic = topics.nifty(world.contractAddress, world.typeNumber);
  const startedAt = new Map<number, number>();
  const latencies: number[] = [];
  const arrivals = new Map<number, { first: number; last: number }>();
  const clients = await openAll(streams, () =>
    streamClient(`${o.baseUrl}/api/v2/events/?topic=${encodeURIComponent(topic)}`, (type, data, at) => {
      if (type !== 'sold') return;
      const sold = (JSON.parse(data) as { data: { sold: number } }).data.sold;
      const t0 = startedAt.get(sold);
      if (t0 === undefined) return;
      latencies.push(at - t0);
      const seen = arrivals.get(sold);
      if (seen) seen.last = at;
      else arrivals.set(sold, { first: at, last: at });
    }),
  );
  const pays: number[] = [];
  try {
    for (let i = 0; i <= events; i++) {
      const token = world.buyers[i] ?? '';
      const intent = (await post(`${o.baseUrl}/api/payments/purchase-intents/`, token, {
        contract_address: world.contractAddress,
        nifty_type: world.typeNumber,
        requested_quantity: 1,
      })) as { purchaseIntentId: number; nifty: { totalSold: number } | null };
      const expected = (intent.nifty?.totalSold ?? i) + 1;
      const before = latencies.length;
      const t0 = performance.now();
      // The first purchase warms up, unmeasured.
      if (i > 0) startedAt.set(expected, t0);
      await post(`${o.baseUrl}/api/v2/purchase-intent/${intent.purchaseIntentId}/pay`, token, {
        payment_method: 'balance',
      });
      if (i === 0) continue;
      pays.push(performance.now() - t0);
      await until(() => latencies.length >= before + streams, 10_000);
    }
  } finally {
    for (const c of clients) c.close();
  }

  // The bare baseline: the same fan-out from a plain node:http server.
  const held = new Set<ServerResponse>();
  const bare = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    res.write(': connected\n\n');
    held.add(res);
    res.on('close', () => held.delete(res));
  });
  bare.maxConnections = streams + 10;
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const port = (bare.address() as AddressInfo).port;
  const sentAt = new Map<number, number>();
  const bareLatencies: number[] = [];
  const bareClients = await openAll(streams, () =>
    streamClient(`http://127.0.0.1:${port}/`, (type, data, at) => {
      if (type !== 'sold') return;
      const t0 = sentAt.get((JSON.parse(data) as { data: { sold: number } }).data.sold);
      if (t0 !== undefined) bareLatencies.push(at - t0);
    }),
  );
  try {
    for (let i = 1; i <= events; i++) {
      const before = bareLatencies.length;
      const frame = `id: ${i}\nevent: sold\ndata: ${JSON.stringify({ topic, data: { sold: i } })}\n\n`;
      sentAt.set(i, performance.now());
      for (const res of held) res.write(frame);
      await until(() => bareLatencies.length >= before + streams, 10_000);
    }
  } finally {
    for (const c of bareClients) c.close();
    for (const res of held) res.end();
    await new Promise<void>((resolve) => bare.close(() => resolve()));
  }

  const sortedPays = [...pays].sort((a, b) => a - b);
  return {
    live: figure('sold event: pay request start → arrival at every stream', streams, events, latencies),
    spread: figure(
      'sold event: first → last stream (per event)',
      1,
      events,
      [...arrivals.values()].map((a) => a.last - a.first),
    ),
    baseline: figure('bare node:http SSE fan-out: write → arrival', streams, events, bareLatencies),
    payP50: percentile(sortedPays, 50),
    payP99: percentile(sortedPays, 99),
  };
}
