// `npm run bench [-- --scale N --duration S --connections C --store pglite|postgres
//   --figures all|browse|writes|purchases|bids|lighthouse|live --streams N --events N]`
// --figures browse runs the HTTP figures, their SQL baseline and the first-load bytes; writes the
// write-path figure (PostgreSQL); purchases the purchase figure (200 concurrent buyers, both stores);
// bids the bid figure (bids per second on one hot auction, decision 012);
// lighthouse the Lighthouse figures; live the time from a purchase's commit to its 'sold' event at
// --streams open event streams (--events purchases; REDIS_URL set: the server fans out through Redis);
// all of them by default. Every
// run reports the server's idle memory after it started and after the figures ran.
// --store postgres uses BENCH_DATABASE_URL (default: database vitrine_bench_<N> on the local
// PostgreSQL, created when missing), the store for several processes; the default is PGlite.
// Seeds (once, cached) a large store, starts the real server as a child process, drives it with
// autocannon from this process, and writes a JSON and a Markdown report to bench/results/.
// Every figure stands beside a baseline measured in the same run on the same server (a bare JSON
// route), so machine noise cancels out. Budgets (ARCHITECTURE §6) are checked here, never in tests.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { SortOption, TimeFilter } from '@vitrine/domain';
import autocannon from 'autocannon';
import pg from 'pg';
import { readEnv } from '../../apps/api/src/env';
import { DEFAULT_RESPONSE_CACHE_MAX_BYTES } from '../../apps/api/src/services';
import { apiSignUp } from '../../e2e/support/accounts';
import { repoRoot, startServer } from '../../e2e/support/server';
import { type BidFigure, type BidWorld, measureBids, prepareBids } from './bid-load';
import { type ExplorePageAsk, measureExploreSql } from './explore-sql';
import { firstLoadBytes, type RouteBytes } from './first-load';
import { type LighthouseFigure, measureLighthouse } from './lighthouse';
import { type LiveFigures, type LiveWorld, measureLive, prepareLive } from './live-load';
import {
  BUYERS,
  DROP_EDITIONS,
  measurePurchases,
  type PurchaseFigures,
  type PurchaseWorld,
  preparePurchases,
} from './purchase-load';
import { cpuProfile, type IdleMemory, idleMemory, inspectorUrl } from './server-memory';
import { measureWrites, type WriteFigure } from './write-load';

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '32' },
    store: { type: 'string', default: 'pglite' },
    figures: { type: 'string', default: 'all' },
    streams: { type: 'string', default: '1000' },
    events: { type: 'string', default: '20' },
  },
});
const store = values.store;
if (store !== 'pglite' && store !== 'postgres') {
  process.stderr.write('--store must be pglite or postgres\n');
  process.exit(2);
}
const which = values.figures;
if (!['all', 'browse', 'writes', 'purchases', 'bids', 'lighthouse', 'live'].includes(which)) {
  process.stderr.write('--figures must be all, browse, writes, purchases, bids, lighthouse or live\n');
  process.exit(2);
}
const browse = which === 'all' || which === 'browse';
const lighthouseOn = which === 'all' || which === 'lighthouse';
const writesOn = which === 'all' || which === 'writes';
const purchasesOn = which === 'all' || which === 'purchases';
const bidsOn = which === 'all' || which === 'bids';
const liveOn = which === 'all' || which === 'live';
/** The live figure's budget (issue 15): a commit's event at every one of the open streams. */
const LIVE_P99_BUDGET_MS = 1000;
const liveStreams = Number(values.streams);
const liveEvents = Number(values.events);
/** The purchase figure's p99 budget (issue #14), on PostgreSQL: Buy Now + pay at 200 concurrent buyers. */
const PURCHASE_P99_BUDGET_MS = 250;
/** Lighthouse runs of each page; the report gives the median of each figure. */
const LIGHTHOUSE_RUNS = 3;
const scale = Number(values.scale);
const duration = Number(values.duration);
const connections = Number(values.connections);
if (![scale, duration, connections].every((n) => Number.isInteger(n) && n > 0)) {
  process.stderr.write('--scale, --duration and --connections must be positive whole numbers\n');
  process.exit(2);
}

const log = (msg: string) => process.stdout.write(`${msg}\n`);
/** The machine's 1-minute load average when the run began (the figures are read beside it). */
const loadAtStart = Math.round(loadavg()[0] ?? 0);
/** Ends the browsing figures early when they are not asked for. */
class SkipBrowsing extends Error {}

// The server's memory settings, as it reads them (apps/api/src/env.ts), for the report and for the
// SQL baseline, which opens the same store with the same settings.
const memoryEnv = readEnv({
  PGLITE_SHARED_BUFFERS: process.env.PGLITE_SHARED_BUFFERS,
  PGLITE_WORK_MEM: process.env.PGLITE_WORK_MEM,
  RESPONSE_CACHE_MAX_BYTES: process.env.RESPONSE_CACHE_MAX_BYTES,
});
const memorySettings = {
  pgliteSharedBuffers: memoryEnv.PGLITE_SHARED_BUFFERS,
  pgliteWorkMem: memoryEnv.PGLITE_WORK_MEM,
  responseCacheMaxBytes: memoryEnv.RESPONSE_CACHE_MAX_BYTES ?? DEFAULT_RESPONSE_CACHE_MAX_BYTES,
};

// 1. A seeded store, cached between runs (seeding 100k NFTs takes a few minutes).
const dataDir = join(repoRoot, 'bench/.data', store === 'pglite' ? `scale-${scale}` : `pg-scale-${scale}`);
const storeEnv: Record<string, string> = {};
if (store === 'postgres') {
  const url = process.env.BENCH_DATABASE_URL ?? `postgres://postgres@127.0.0.1:5432/vitrine_bench_${scale}`;
  await ensureDatabase(url);
  storeEnv.DATABASE_URL = url;
}
mkdirSync(dataDir, { recursive: true });
if (store === 'postgres' || !existsSync(join(dataDir, 'pglite'))) {
  log(
    `Seeding a ${store} store with ${scale} NFTs (kept for later runs; an already seeded store is left as is)…`,
  );
  const seed = spawnSync('npm', ['run', 'seed', '--silent', '--', '--scale', String(scale)], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, DATA_DIR: dataDir, ...storeEnv },
  });
  if (seed.status !== 0) process.exit(seed.status ?? 1);
}

/** Creates the benchmark database when it does not exist yet. */
async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

// The purchase figure's buyers, sessions, balances and listings, written before the server starts
// (PGlite is one process's store).
let purchaseWorld: PurchaseWorld | null = null;
if (purchasesOn) {
  log('Preparing the purchase figure: 200 buyers, their sessions and balances, a collection of listings…');
  purchaseWorld = await preparePurchases(
    storeEnv.DATABASE_URL
      ? { databaseUrl: storeEnv.DATABASE_URL }
      : {
          dataDir: join(dataDir, 'pglite'),
          settings: {
            sharedBuffers: memorySettings.pgliteSharedBuffers,
            workMem: memorySettings.pgliteWorkMem,
          },
        },
  );
}

// The bid figure's bidders, sessions, balances and hot auction, written before the server starts.
let bidWorld: BidWorld | null = null;
if (bidsOn) {
  log('Preparing the bid figure: 100 bidders, their sessions and balances, one live 1/1 auction…');
  bidWorld = await prepareBids(
    storeEnv.DATABASE_URL
      ? { databaseUrl: storeEnv.DATABASE_URL }
      : {
          dataDir: join(dataDir, 'pglite'),
          settings: {
            sharedBuffers: memorySettings.pgliteSharedBuffers,
            workMem: memorySettings.pgliteWorkMem,
          },
        },
  );
}

// The live figure's nifty and buyers, written before the server starts.
let liveWorld: LiveWorld | null = null;
if (liveOn) {
  log(`Preparing the live figure: a live nifty and ${liveEvents} funded buyers…`);
  liveWorld = await prepareLive(
    storeEnv.DATABASE_URL
      ? { databaseUrl: storeEnv.DATABASE_URL }
      : {
          dataDir: join(dataDir, 'pglite'),
          settings: {
            sharedBuffers: memorySettings.pgliteSharedBuffers,
            workMem: memorySettings.pgliteWorkMem,
          },
        },
    liveEvents,
  );
}
/** REDIS_URL, when set, goes to the server: live events fan out through Redis (decision 014). */
const redisEnv: Record<string, string> = process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {};

// 2. The built web app, for the first-load bytes and Lighthouse.
if (browse || lighthouseOn) {
  const build = spawnSync('npm', ['run', 'build', '--silent', '-w', '@vitrine/web'], {
    cwd: repoRoot,
    stdio: 'ignore',
  });
  if (build.status !== 0) log('web build failed: first-load bytes and Lighthouse not measured');
}

// 3. The server, as `npm start` runs it (it applies new migrations to the store), with its inspector
// on a loopback port for the idle-memory readings (nothing attaches to it in between).
const server = await startServer({
  dataDir,
  env: {
    SEED: 'off',
    LOG_LEVEL: 'error',
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --inspect=127.0.0.1:0`.trim(),
    ...storeEnv,
    ...redisEnv,
  },
});
log(`Server up on ${server.url}`);
const inspector = inspectorUrl(server.output());
const memory: IdleMemory[] = [];
const readMemory = async (when: string) => {
  if (!inspector) return;
  const m = await idleMemory(inspector, when);
  memory.push(m);
  log(`idle memory ${when}: RSS ${m.rssMb} MB (JS heap ${m.heapUsedMb} of ${m.heapTotalMb} MB)`);
};

interface Figure {
  name: string;
  path: string;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/**
 * Each figure is measured after the same load ran this long unmeasured: the JIT has compiled the route,
 * and every pooled connection has planned its statements (PostgreSQL settles on a statement's generic
 * plan after five runs per connection; the first runs cost a few ms of planning each).
 */
const WARM_UP_SECONDS = 3;

/** How often the catalog changes during the uncached explore figure (and its SQL baseline). */
const UNCACHED_WRITE_EVERY_MS = 500;

type Req = { method: 'GET' | 'POST'; path: string; body?: string; headers?: Record<string, string> };

/**
 * Like `measure`, but every request asks for a different page (`pathFor(n)`), so the shared-answer
 * cache cannot answer it: the figure of visitors paging through explore. Meanwhile `write` runs every
 * `writeEveryMs` (a like or an unlike): the catalog changes as it does on a live marketplace
 * (decision 005).
 */
async function measureUncached(
  name: string,
  pathFor: (n: number) => string,
  warmPathFor: (n: number) => string,
  writes: { everyMs: number; write: () => Promise<void> },
): Promise<Figure> {
  const run = async (seconds: number, path: (n: number) => string) => {
    let n = 0;
    let failed: unknown = null;
    const timer = setInterval(() => {
      writes.write().catch((error: unknown) => {
        failed = error;
      });
    }, writes.everyMs);
    try {
      const result = await autocannon({
        url: server.url,
        connections,
        duration: seconds,
        requests: [
          {
            method: 'GET',
            setupRequest: (req) => {
              n += 1;
              return { ...req, path: path(n) };
            },
          },
        ],
      });
      if (failed) throw failed;
      return result;
    } finally {
      clearInterval(timer);
    }
  };
  await run(WARM_UP_SECONDS, warmPathFor);
  const result = await run(duration, pathFor);
  return toFigure(
    name,
    `${pathFor(1)} … (a new page every request; a like or unlike every ${writes.everyMs} ms)`,
    result,
  );
}

async function measure(name: string, requests: Req[]): Promise<Figure> {
  const json = { 'content-type': 'application/json' };
  const options = {
    url: server.url,
    connections,
    requests: requests.map((r) => ({
      method: r.method,
      path: r.path,
      body: r.body,
      headers: r.body ? json : r.headers,
    })),
  };
  await autocannon({ ...options, duration: WARM_UP_SECONDS });
  const result = await autocannon({ ...options, duration });
  const path = requests
    .map((r) => r.path)
    .join(' | ')
    .slice(0, 120);
  return toFigure(name, path, result);
}

/** One report row from an autocannon result, logged as it is measured. */
function toFigure(name: string, path: string, result: autocannon.Result): Figure {
  const latency = result.latency as unknown as Record<string, number>;
  const figure: Figure = {
    name,
    path,
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    p50: latency.p50 ?? Number.NaN,
    p95: latency.p95 ?? latency.p97_5 ?? Number.NaN,
    p99: latency.p99 ?? Number.NaN,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
  logFigure(figure);
  return figure;
}

function logFigure(f: Figure): void {
  log(`${f.name.padEnd(28)} p50 ${f.p50} ms  p95 ${f.p95} ms  p99 ${f.p99} ms  ${f.rps} req/s`);
}

const figures: Figure[] = [];
/** The uncached figure's pages, for its SQL baseline once the server has stopped. */
let uncachedAsk: ((n: number, first: number) => ExplorePageAsk) | null = null;
const budgets: { name: string; figure: string; limit: string; value: number; ok: boolean }[] = [];
let firstLoad: RouteBytes[] = [];
let purchases: PurchaseFigures | null = null;
let bids: BidFigure | null = null;
let live: LiveFigures | null = null;
let lighthouse: LighthouseFigure[] = [];
/** Why the Lighthouse figures are missing, when they are. */
let lighthouseFailure: string | null = null;
try {
  await readMemory('after start');
  const dist = join(repoRoot, 'apps/web/dist');
  if (browse && existsSync(join(dist, 'index.html'))) firstLoad = await firstLoadBytes(dist, server.url);
  if (which !== 'lighthouse' && which !== 'live') {
    const baseline = await measure('baseline: bare JSON route', [{ method: 'GET', path: '/api/health' }]);
    figures.push(baseline);
  }
  try {
    if (!browse) throw new SkipBrowsing();

    const prefixes = ['mir', 'neon', 'atl', 'sun', 'ca', 'orbit', 'mira solsi', 'tide'];
    const autocomplete = await measure(
      'autocomplete (universal)',
      prefixes.map((q) => ({
        method: 'POST',
        path: '/search/api/v2/universal',
        body: JSON.stringify({ query: q }),
      })),
    );
    figures.push(autocomplete);
    figures.push(
      await measure(
        'search index: products',
        prefixes.map((q) => ({
          method: 'POST',
          path: '/search/api/v2/indexes/products/search',
          body: JSON.stringify({ query: q, tokenizer: 'autocomplete' }),
        })),
      ),
    );

    const explorePages: Req[] = [
      { method: 'GET', path: '/api/v1/explore/nfts/' },
      { method: 'GET', path: '/api/v1/explore/nfts/?sort=-last_sale_at&page=3' },
      { method: 'GET', path: '/api/v1/explore/nfts/?categories=art&minPrice=1000&maxPrice=500000' },
      { method: 'GET', path: '/api/v1/explore/nfts/?sort=floor_price_in_cents&status=past' },
    ];
    const explore = await measure('explore NFTs page (repeat)', explorePages);
    figures.push(explore);
    // The same pages for a signed-in collector who likes a card on the first one: the shared answer
    // with their likes laid over it.
    const viewer = await apiSignUp(server.url, 'bench');
    const auth = { authorization: `Bearer ${viewer.grant.access_token}` };
    const firstPage = (await (await fetch(`${server.url}/api/v1/explore/nfts/`)).json()) as {
      results: { contractAddress: string; tokenId: string }[];
    };
    const liked = firstPage.results[0];
    if (liked) {
      await fetch(`${server.url}/api/v2/users/me/boards/favorites/nifties/save/`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ contractAddress: liked.contractAddress, tokenId: liked.tokenId }),
      });
    }
    const exploreSignedIn = await measure(
      'explore NFTs page (repeat, signed in)',
      explorePages.map((r) => ({ ...r, headers: auth })),
    );
    figures.push(exploreSignedIn);
    // Every request a page no one asked for yet: 20 filter sets (sorts x status or category) x the
    // first 100 pages (2,000 NFTs deep, further than visitors page), so the shared-answer cache
    // cannot help (it keeps 500); facet counts per filter set stay cached as in production. The
    // collector likes and unlikes a token every 500 ms meanwhile, as on a live marketplace.
    const toggled = firstPage.results[1];
    let likeNext = true;
    const toggleLike = async () => {
      if (!toggled) return;
      const action = likeNext ? 'save' : 'remove';
      likeNext = !likeNext;
      const res = await fetch(`${server.url}/api/v2/users/me/boards/favorites/nifties/${action}/`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ contractAddress: toggled.contractAddress, tokenId: toggled.tokenId }),
      });
      if (!res.ok) throw new Error(`${action} answered ${res.status}: ${await res.text()}`);
    };
    const sorts: (SortOption | null)[] = [null, '-last_sale_at', 'floor_price_in_cents', '-likes'];
    const filters: { status: TimeFilter | null; categories: string[] }[] = [
      { status: null, categories: [] },
      { status: 'live', categories: [] },
      { status: 'past', categories: [] },
      { status: null, categories: ['art'] },
      { status: null, categories: ['collectibles'] },
    ];
    const variants = sorts.flatMap((sort) => filters.map((f) => ({ sort, ...f })));
    const askOf = (n: number, first: number): ExplorePageAsk => {
      const v = variants[n % variants.length] ?? { sort: null, status: null, categories: [] };
      return {
        page: first + (Math.floor(n / variants.length) % 100),
        sort: v.sort ?? '-last_sale_at',
        status: v.status,
        categories: v.categories,
      };
    };
    const urlOf = (n: number, first: number) => {
      const v = variants[n % variants.length];
      const ask = askOf(n, first);
      return `/api/v1/explore/nfts/?page=${ask.page}${v?.sort ? `&sort=${v.sort}` : ''}${
        ask.status ? `&status=${ask.status}` : ''
      }${ask.categories.map((c) => `&categories=${c}`).join('')}`;
    };
    const exploreUncached = await measureUncached(
      'explore NFTs page (uncached)',
      (n) => urlOf(n, 1),
      // The warm-up asks pages 101 to 200 of the same filter sets, none of which are measured.
      (n) => urlOf(n, 101),
      { everyMs: UNCACHED_WRITE_EVERY_MS, write: toggleLike },
    );
    uncachedAsk = askOf;
    figures.push(exploreUncached);
    figures.push(
      await measure('explore collections', [{ method: 'GET', path: '/api/v1/explore/collections/' }]),
    );
    figures.push(
      await measure('home: live drops', [{ method: 'GET', path: '/api/v1/drops/?status=live&page_size=12' }]),
    );

    const check = (name: string, figure: string, limit: number, value: number) =>
      budgets.push({ name, figure, limit: `< ${limit} ms`, value, ok: value < limit });
    check('autocomplete', 'p95', 50, autocomplete.p95);
    check('explore page (repeat)', 'p99', 100, explore.p99);
    check('explore page (repeat, signed in)', 'p99', 100, exploreSignedIn.p99);
    check('explore page (uncached)', 'p99', 100, exploreUncached.p99);
  } catch (error) {
    if (!(error instanceof SkipBrowsing)) throw error;
  }

  if (purchaseWorld) {
    const world = purchaseWorld;
    const run = () =>
      measurePurchases({ baseUrl: server.url, world, seconds: duration, warmUpSeconds: WARM_UP_SECONDS });
    const profileTo = process.env.BENCH_CPU_PROFILE;
    purchases = profileTo && inspector ? await cpuProfile(inspector, profileTo, run) : await run();
    const p = purchases;
    for (const f of [p.baseline, p.hot, p.hotPay, p.spreadBurst, p.drop, p.dropRefusals]) {
      log(`${f.name}: p50 ${f.p50} ms  p99 ${f.p99} ms  max ${f.max} ms  ${JSON.stringify(f.statuses)}`);
    }
    log(
      `64 listings at once: sales per burst ${p.spreadBurstSales.join(', ')} (listings drawn ${p.spreadBurstDrawn.join(', ')}), ${p.spreadBurstPurchasesPerSecond} purchases/s`,
    );
    log(
      `${p.spread.name}: ${p.spread.purchasesPerSecond} purchases/s, ${p.spread.attemptsPerSecond} attempts/s, p50 ${p.spread.p50} ms  p99 ${p.spread.p99} ms  ${JSON.stringify(p.spread.statuses)}`,
    );
    const errors = (statuses: Record<string, number>) =>
      Object.entries(statuses)
        .filter(([status]) => Number(status) >= 500 || status === '0')
        .reduce((n, [, c]) => n + c, 0);
    budgets.push({
      name: 'purchases: hot listing',
      figure: 'sales per burst of 200 buyers',
      limit: '= 1',
      value: Math.max(...p.hotSales),
      ok: p.hotSales.every((n) => n === 1) && errors(p.hot.statuses) === 0,
    });
    budgets.push({
      name: 'purchases: 64 listings at once',
      figure: 'sales per burst = listings drawn',
      limit: '= drawn',
      value: Math.max(...p.spreadBurstSales),
      ok:
        p.spreadBurstSales.every((n, i) => n === p.spreadBurstDrawn[i]) &&
        errors(p.spreadBurst.statuses) === 0,
    });
    budgets.push({
      name: 'purchases: drop day',
      figure: `sales per burst of ${BUYERS} buyers for ${DROP_EDITIONS} editions`,
      limit: `= ${DROP_EDITIONS}`,
      value: Math.max(...p.dropSales),
      ok: p.dropSales.every((n) => n === DROP_EDITIONS) && errors(p.drop.statuses) === 0,
    });
    if (store === 'postgres') {
      budgets.push(
        {
          name: 'purchases: hot listing, 200 buyers',
          figure: 'p99 Buy Now + pay',
          limit: `< ${PURCHASE_P99_BUDGET_MS} ms`,
          value: p.hot.p99,
          ok: p.hot.p99 < PURCHASE_P99_BUDGET_MS,
        },
        {
          name: `purchases: 64 listings, 200 buyers at once`,
          figure: 'p99 Buy Now + pay',
          limit: `< ${PURCHASE_P99_BUDGET_MS} ms`,
          value: p.spreadBurst.p99,
          ok: p.spreadBurst.p99 < PURCHASE_P99_BUDGET_MS && errors(p.spreadBurst.statuses) === 0,
        },
      );
    }
  }

  if (bidWorld) {
    bids = await measureBids({ baseUrl: server.url, world: bidWorld, seconds: duration });
    log(
      `${bids.name}: ${bids.bidsPerSecond} bids/s accepted, ${bids.attemptsPerSecond} attempts/s, p50 ${bids.p50} ms  p99 ${bids.p99} ms  ${JSON.stringify(bids.statuses)} (baseline p50 ${figures[0]?.p50 ?? '?'} ms; ${bids.bidders} authenticated reads at once: p50 ${bids.baseline.p50} ms p99 ${bids.baseline.p99} ms)`,
    );
  }

  if (liveWorld) {
    live = await measureLive({ baseUrl: server.url, world: liveWorld, streams: liveStreams });
    for (const f of [live.baseline, live.live, live.spread]) {
      log(
        `${f.name}: p50 ${f.p50} ms  p99 ${f.p99} ms  max ${f.max} ms  (${f.arrivals} arrivals, ${f.missing} missing)`,
      );
    }
    log(`pay requests: p50 ${live.payP50} ms  p99 ${live.payP99} ms`);
    budgets.push({
      name: `live: ${liveStreams} event streams${redisEnv.REDIS_URL ? ' (Redis)' : ''}`,
      figure: 'p99 commit → arrival at every stream',
      limit: `< ${LIVE_P99_BUDGET_MS} ms`,
      value: live.live.p99,
      ok: live.live.p99 < LIVE_P99_BUDGET_MS && live.live.missing === 0,
    });
  }

  if (lighthouseOn && existsSync(join(dist, 'index.html'))) {
    // Home, explore (its landing tab) and the item page of the first NFT explore lists.
    const newest = (await (await fetch(`${server.url}/api/v1/explore/nfts/?page_size=1`)).json()) as {
      results: { contractAddress: string; tokenId: string }[];
    };
    const item = newest.results[0];
    try {
      lighthouse = await measureLighthouse({
        baseUrl: server.url,
        runs: LIGHTHOUSE_RUNS,
        pages: [
          { name: 'home', path: '/' },
          { name: 'explore', path: '/explore/drops' },
          ...(item
            ? [{ name: 'item', path: `/marketplace/item/${item.contractAddress}/${item.tokenId}` }]
            : []),
        ],
        onRun: (page, run, performance) =>
          log(`lighthouse ${page.name} run ${run}: performance ${performance}`),
      });
    } catch (error) {
      lighthouseFailure = error instanceof Error ? error.message : String(error);
      log(lighthouseFailure);
    }
    for (const f of lighthouse) {
      log(
        `lighthouse ${f.name.padEnd(8)} performance ${f.performance}  accessibility ${f.accessibility}  LCP ${f.lcpMs} ms  CLS ${f.cls}`,
      );
      budgets.push(
        {
          name: `Lighthouse ${f.name}`,
          figure: 'performance (median)',
          limit: '>= 90',
          value: f.performance,
          ok: f.performance >= 90,
        },
        {
          name: `Lighthouse ${f.name}`,
          figure: 'accessibility (median)',
          limit: '= 100',
          value: f.accessibility,
          ok: f.accessibility === 100,
        },
        {
          name: `Lighthouse ${f.name}`,
          figure: 'CLS (median)',
          limit: '< 0.1',
          value: f.cls,
          ok: f.cls < 0.1,
        },
      );
    }
  }
  await readMemory("after the bench's figures");
} finally {
  await server.dispose();
}

// The SQL baseline of the uncached figure, with the server stopped (PGlite is one process's store).
if (uncachedAsk) {
  const ask = uncachedAsk;
  const sqlOnly = await measureExploreSql({
    store: storeEnv.DATABASE_URL
      ? { databaseUrl: storeEnv.DATABASE_URL }
      : {
          dataDir: join(dataDir, 'pglite'),
          settings: {
            sharedBuffers: memorySettings.pgliteSharedBuffers,
            workMem: memorySettings.pgliteWorkMem,
          },
        },
    connections,
    seconds: duration,
    warmUpSeconds: WARM_UP_SECONDS,
    pageFor: (n) => ask(n, 1),
    warmPageFor: (n) => ask(n, 101),
  });
  const figure: Figure = {
    name: 'explore page: its SQL only (uncached)',
    path: 'the page-id and cards statements of the uncached pages, no HTTP',
    requests: sqlOnly.requests,
    rps: sqlOnly.rps,
    p50: sqlOnly.p50,
    p95: sqlOnly.p95,
    p99: sqlOnly.p99,
    errors: 0,
    non2xx: 0,
  };
  logFigure(figure);
  const at = figures.findIndex((f) => f.name === 'explore NFTs page (uncached)');
  figures.splice(at + 1, 0, figure);
}

// The write path (issue #12): concurrent writers on one hot collection beside writers spread over as
// many collections, with the server stopped; the hot collection must keep 80 % of the spread rate.
let writes: { hot: WriteFigure; spread: WriteFigure; ratio: number } | null = null;
if (storeEnv.DATABASE_URL && writesOn) {
  writes = await measureWrites({
    databaseUrl: storeEnv.DATABASE_URL,
    writers: 64,
    seconds: duration,
    warmUpSeconds: WARM_UP_SECONDS,
  });
  for (const f of [writes.hot, writes.spread]) {
    log(`${f.name.padEnd(28)} p50 ${f.p50} ms  p99 ${f.p99} ms  ${f.wps} writes/s  (${f.errors} errors)`);
  }
  budgets.push({
    name: 'writes: hot collection vs spread',
    figure: 'writes/s ratio, %',
    limit: '>= 80 %',
    value: Math.round(writes.ratio * 100),
    ok: writes.ratio >= 0.8 && writes.hot.errors === 0 && writes.spread.errors === 0,
  });
}

// Issue #13: the shell under 100 KB and every page's first load under 150 KB, as the server sends its scripts and
// style sheets (decision 011 counts both).
for (const route of firstLoad) {
  const limit = route.route === 'shell (entry)' ? 100 : 150;
  budgets.push({
    name: `first load ${route.route}`,
    figure: 'KB sent (JS + CSS)',
    limit: `< ${limit} KB`,
    value: route.transferredKb,
    ok: route.transferredKb < limit,
  });
}

const report = {
  at: new Date().toISOString(),
  machine: {
    node: process.version,
    cpus: (await import('node:os')).cpus().length,
    loadAverage: { start: loadAtStart, end: Math.round(loadavg()[0] ?? 0) },
  },
  settings: { scale, duration, connections, store, figures: which, ...memorySettings },
  figures: figures.map((f) => ({ ...f, p50VsBaseline: round(f.p50 - (figures[0]?.p50 ?? 0)) })),
  writes,
  purchases,
  bids,
  live,
  redis: Boolean(redisEnv.REDIS_URL),
  firstLoad,
  lighthouse,
  memory,
  budgets,
  notMeasured: [
    ...(purchases ? [] : ['the purchase figure: run with --figures purchases or all']),
    ...(bids ? [] : ['the bid figure: run with --figures bids or all']),
    ...(live ? [] : ['the live figure: run with --figures live or all']),
    ...(lighthouseFailure ? [`Lighthouse: ${lighthouseFailure}`] : []),
    ...(writes || store === 'postgres'
      ? []
      : ['the write-path figure: PostgreSQL only (PGlite runs one transaction at a time)']),
  ],
};

const stamp = report.at.replace(/[:.]/g, '-');
const outDir = join(repoRoot, 'bench/results');
mkdirSync(outDir, { recursive: true });
writeFileSync(join(outDir, `${stamp}.json`), `${JSON.stringify(report, null, 2)}\n`);
// A run of some figures only keeps its own latest report beside the full one.
const latest = which === 'all' ? `latest-${store}` : `latest-${store}-${which}`;
writeFileSync(join(outDir, `${latest}.json`), `${JSON.stringify(report, null, 2)}\n`);
const md = toMarkdown(report);
writeFileSync(join(outDir, `${stamp}.md`), md);
writeFileSync(join(outDir, `${latest}.md`), md);
log(`\n${md}`);
log(`Report: bench/results/${stamp}.md`);
if (budgets.some((b) => !b.ok)) process.exitCode = 1;

function round(n: number): number {
  return Math.round(n * 100) / 100;
}

function toMarkdown(r: typeof report): string {
  const rows = r.figures.map(
    (f) =>
      `| ${f.name} | ${f.p50} | ${f.p95} | ${f.p99} | ${f.rps} | ${f.p50VsBaseline} | ${f.errors + f.non2xx} |`,
  );
  const budgetRows = r.budgets.map(
    (b) => `| ${b.name} | ${b.figure} | ${b.limit} | ${b.value} | ${b.ok ? 'ok' : '**over**'} |`,
  );
  const w = r.writes;
  const writeRows = w
    ? [
        '| writes through | figure | writers | writes/s | p50 ms | p99 ms | errors |',
        '| --- | --- | --- | --- | --- | --- | --- |',
        ...[w.hot, w.spread].map(
          (f) =>
            `| SQL of the API | ${f.name} | ${f.writers} | ${f.wps} | ${f.p50} | ${f.p99} | ${f.errors} |`,
        ),
        '',
        `Hot collection at ${Math.round(w.ratio * 100)} % of the spread writes/s (a write: a listing price change or a like/unlike, one statement each).`,
        '',
      ]
    : [];
  const pf = r.purchases;
  const purchaseRows = pf
    ? [
        `| purchases, ${pf.buyers} concurrent buyers | requests | p50 ms | p99 ms | max ms | purchases/s | answers |`,
        '| --- | --- | --- | --- | --- | --- | --- |',
        ...[pf.baseline, pf.hot, pf.hotPay, pf.spreadBurst, pf.drop, pf.dropRefusals].map(
          (f) =>
            `| ${f.name} | ${f.requests} | ${f.p50} | ${f.p99} | ${f.max} | ${f === pf.spreadBurst ? pf.spreadBurstPurchasesPerSecond : ''} | ${Object.entries(
              f.statuses,
            )
              .map(([k, v]) => `${k}: ${v}`)
              .join(', ')} |`,
        ),
        `| ${pf.spread.name} | ${pf.spread.attempts} | ${pf.spread.p50} | ${pf.spread.p99} | ${pf.spread.max} | ${pf.spread.purchasesPerSecond} | ${Object.entries(
          pf.spread.statuses,
        )
          .map(([k, v]) => `${k}: ${v}`)
          .join(', ')} |`,
        '',
        `Hot listing: ${pf.hotSales.length} measured bursts (after one unmeasured), sales per burst ${pf.hotSales.join(', ')}; 409: listing-unavailable. ` +
          'Even buyers pay by card (simulated processor), odd buyers by balance. The baseline is the same buyers, each one trivial authenticated write at once (3 bursts after one unmeasured).',
        '',
        `64 listings at once: ${pf.spreadBurstSales.length} measured bursts (after one unmeasured), each on 64 listings of its own in the one collection, every buyer on a listing drawn at random; sales per burst ${pf.spreadBurstSales.join(', ')} (listings drawn: ${pf.spreadBurstDrawn.join(', ')}); purchases/s: their sales over their time. ` +
          'The loop below it is a throughput figure: its 200 buyers never pause, so its latency is 200 over its attempts per second (decision 021).',
        '',
        `Drop day: ${pf.dropSales.length} measured bursts (after one unmeasured), each a live fcfs nifty of ${DROP_EDITIONS} editions; sales per burst ${pf.dropSales.join(', ')}; sold out ${pf.dropSoldOutMs.join(', ')} ms after the burst began; 409: sold-out or editions-held at the hold.`,
        '',
      ]
    : [];
  const bf = r.bids;
  const bidRows = bf
    ? [
        '| bids, one hot 1/1 auction | attempts | p50 ms | p99 ms | max ms | bids/s | attempts/s | answers |',
        '| --- | --- | --- | --- | --- | --- | --- | --- |',
        `| ${bf.name} | ${bf.attempts} | ${bf.p50} | ${bf.p99} | ${bf.max} | ${bf.bidsPerSecond} | ${bf.attemptsPerSecond} | ${Object.entries(
          bf.statuses,
        )
          .map(([k, v]) => `${k}: ${v}`)
          .join(', ')} |`,
        `| baseline: ${bf.bidders} authenticated reads at once (GET /api/user/profile/) | ${bf.baseline.requests} | ${bf.baseline.p50} | ${bf.baseline.p99} | ${bf.baseline.max} | | | ${Object.entries(
          bf.baseline.statuses,
        )
          .map(([k, v]) => `${k}: ${v}`)
          .join(', ')} |`,
        '',
        `Beside the bare baseline above (GET /api/health, p50 ${r.figures[0]?.p50 ?? '?'} ms). 409: a bid below the minimum another bid just raised.`,
        '',
      ]
    : [];
  const lf = r.live;
  const liveRows = lf
    ? [
        `| live updates, ${lf.live.streams} streams × ${lf.live.events} events${r.redis ? ', through Redis' : ''} | arrivals | missing | p50 ms | p99 ms | max ms |`,
        '| --- | --- | --- | --- | --- | --- |',
        ...[lf.baseline, lf.live, lf.spread].map(
          (f) => `| ${f.name} | ${f.arrivals} | ${f.missing} | ${f.p50} | ${f.p99} | ${f.max} |`,
        ),
        '',
        `The live figure starts at the pay request, so it holds the write and its commit as well as the publish and the fan-out (an upper bound of commit → arrival; the pay requests alone: p50 ${lf.payP50} ms, p99 ${lf.payP99} ms); one unmeasured purchase first. Clients: one node:http socket each, in the bench process.`,
        '',
      ]
    : [];
  const firstLoadRows = r.firstLoad.length
    ? [
        '| first load, as sent | files | JS KB | CSS KB | JS + CSS KB | encoding |',
        '| --- | --- | --- | --- | --- | --- |',
        ...r.firstLoad.map(
          (f) =>
            `| ${f.route} | ${f.files} | ${f.jsKb} | ${f.cssKb} | ${f.transferredKb} | ${f.encodings.join(', ')} |`,
        ),
        '',
        'Bytes as the server sent them to `Accept-Encoding: br, gzip`, bodies still encoded (KB: 1,024 bytes).',
        '',
      ]
    : [];
  const lighthouseRows = r.lighthouse.length
    ? [
        `| Lighthouse 12, mobile (median of ${LIGHTHOUSE_RUNS}) | path | performance (runs) | accessibility | LCP ms | FCP ms | TBT ms | CLS (runs) |`,
        '| --- | --- | --- | --- | --- | --- | --- | --- |',
        ...r.lighthouse.map(
          (f) =>
            `| ${f.name} | ${f.path} | ${f.performance} (${f.performanceRuns.join(', ')}) | ${f.accessibility} | ${f.lcpMs} | ${f.fcpMs} | ${f.tbtMs} | ${f.cls} (${f.clsRuns.join(', ')}) |`,
        ),
        '',
      ]
    : [];
  const memoryRows = r.memory.length
    ? [
        '| server memory, idle | RSS MB | peak RSS MB | JS heap used MB | JS heap MB | external MB |',
        '| --- | --- | --- | --- | --- | --- |',
        ...r.memory.map(
          (m) =>
            `| ${m.when} | ${m.rssMb} | ${m.peakRssMb ?? '?'} | ${m.heapUsedMb} | ${m.heapTotalMb} | ${m.externalMb} |`,
        ),
        '',
        `Read after a full garbage collection and 2 s of quiet. RSS is the whole process (the embedded store's thread with it); ` +
          `settings: PGLITE_SHARED_BUFFERS ${r.settings.pgliteSharedBuffers}, PGLITE_WORK_MEM ${r.settings.pgliteWorkMem}, ` +
          `RESPONSE_CACHE_MAX_BYTES ${r.settings.responseCacheMaxBytes}.`,
        '',
      ]
    : [];
  return [
    `# Vitrine benchmark, ${r.at}`,
    '',
    `Store: ${r.settings.store === 'pglite' ? 'PGlite' : 'PostgreSQL'} seeded with ${r.settings.scale} NFTs; ${r.settings.connections} connections, ${r.settings.duration} s per figure; figures: ${r.settings.figures}; Node ${r.machine.node}, ${r.machine.cpus} cores, load average ${r.machine.loadAverage.start} at the start and ${r.machine.loadAverage.end} at the end.`,
    '',
    ...(rows.length
      ? [
          '| figure | p50 ms | p95 ms | p99 ms | req/s | p50 over baseline ms | errors/non-2xx |',
          '| --- | --- | --- | --- | --- | --- | --- |',
          ...rows,
          '',
        ]
      : []),
    ...writeRows,
    ...purchaseRows,
    ...bidRows,
    ...liveRows,
    ...firstLoadRows,
    ...lighthouseRows,
    ...memoryRows,
    '| budget | figure | limit | measured | verdict |',
    '| --- | --- | --- | --- | --- |',
    ...budgetRows,
    '',
    ...r.notMeasured.map((n) => `Not measured: ${n}.`),
    '',
  ].join('\n');
}
