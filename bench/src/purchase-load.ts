// The purchase figure (issue #14): 200 concurrent buyers, each its own user with its own session, doing
// Buy Now (`POST /api/v2/listing-match/`) and pay (`POST /api/v2/purchase-intent/{id}/pay`) over HTTP
// against the real server. Even buyers pay by card (a `pm_sim_…` id of the simulated processor, made
// through its tokenise call), odd buyers by balance (funded in the store before the server starts), so
// both payment paths run side by side as in purchase-race.int.test.ts.
//  - hot: one listing, all 200 buyers at once (Buy Now, then pay): 1 sale, 199 refusals (409
//    listing-unavailable). One unmeasured burst on its own listing first, then 8 measured bursts (with 3,
//    the p99 was the tail of the one slowest burst and moved by a third from run to run).
//  - spread: 64 listings of one collection; the buyers loop for the figure's seconds, each buying a
//    random listing it does not sell; a buyer who wins lists the token again at the same price, so 64
//    listings stay on offer. Purchases per second, and the latency of every attempt (won or refused).
//  - drop day: a live fcfs drop's nifty of 50 editions, all 200 buyers at once (hold an edition with a
//    primary purchase intent, `POST /api/payments/purchase-intents/`, then pay): exactly 50 sales, 150
//    refused at the hold (409: sold-out, or editions-held while the last are in checkouts not paid yet), never
//    an oversell. One unmeasured burst, then 3 measured ones,
//    each on a nifty of its own. Besides the latency, the refusals' alone, and the time from the burst's
//    start to its last sale.
//  - baseline: the same 200 buyers at once, each a trivial authenticated write on the same server
//    (`PATCH /api/v2/listing-match/{id}`, setting its open intent's payment method to the one it uses).
// The buyers' requests go through node:http with keep-alive, one socket each, as in the floor
// (bench/floor): the load runs on the server's cores, and with fetch (undici) it took more of them (the
// baseline's p50 was 204 to 244 ms with fetch, 150 to 157 ms with node:http; purchases-2026-11-25.md, "Clients").
// The store's rows (buyers, sessions, balances, the collection and its listings) are written before the
// server starts (`preparePurchases`): PGlite is one process's store.
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import { createDatabase, type DatabaseOptions, withTransaction } from '@vitrine/db';
import { fixtures } from '@vitrine/db/testing';
import { createAuthRepo } from '../../apps/api/src/modules/auth/auth.repo';
import { hashToken, newId, newToken } from '../../apps/api/src/modules/auth/tokens';
import { createLedgerRepo } from '../../apps/api/src/modules/trading/ledger.repo';
import { generator } from './write-load';

export const BUYERS = 200;
export const SPREAD_LISTINGS = 64;
/** The 64-listing bursts: one unmeasured, then these, each on 64 listings of its own in the one collection. */
const SPREAD_BURSTS = 3;
/** One unmeasured burst on the hot listing, then these measured ones (each on a listing of its own). */
const HOT_BURSTS = 8;
const PRICE_CENTS = 2_500;
/** The drop day figure: editions of each burst's nifty, and its bursts (one unmeasured, then these). */
export const DROP_EDITIONS = 50;
const DROP_BURSTS = 3;
/** What each balance buyer is given: far more than the figure can spend. */
const FUNDS_CENTS = 100_000_000;

interface Buyer {
  userId: number;
  token: string;
  byCard: boolean;
  /** The card's `pm_sim_…` id (card buyers, made once the server runs). */
  paymentToken: string | null;
}

interface Offer {
  contractAddress: string;
  tokenId: string;
  listingId: number;
  sellerId: number;
}

export interface PurchaseWorld {
  buyers: Buyer[];
  /** Listing of the baseline's intents (never bought). */
  baselineListing: number;
  /** The warm-up burst's listing, then one per measured burst. */
  hotListings: number[];
  spread: Offer[];
  /** The 64-listing bursts' listings: the warm-up burst's 64, then 64 per measured burst. */
  spreadBursts: number[][];
  /** The drop day's niftys of DROP_EDITIONS each: the warm-up burst's, then one per measured burst. */
  dropNifties: { contractAddress: string; niftyType: number }[];
}

/** Writes the run's buyers, sessions, balances and listings (a new collection every run). */
export async function preparePurchases(store: DatabaseOptions): Promise<PurchaseWorld> {
  const database = await createDatabase(store);
  try {
    await database.migrate();
    const db = database.db;
    const at = new Date();
    const tag = randomUUID().slice(0, 8);
    const f = fixtures(db, { now: at });
    const auth = createAuthRepo(db);
    const ledger = createLedgerRepo(db);
    const session = async (userId: number) => {
      const token = newToken('vat');
      const hour = 60 * 60 * 1000;
      await auth.createSession({
        id: newId(),
        userId,
        method: 'password',
        ip: null,
        userAgent: 'bench',
        at,
        access: { hash: hashToken(token), expiresAt: new Date(at.getTime() + 2 * hour) },
        refresh: { hash: hashToken(newToken('vrt')), expiresAt: new Date(at.getTime() + 24 * hour) },
      });
      return token;
    };
    const person = (label: string) =>
      f.user({
        email: `bench-${label}-${tag}@bench.vitrine.test`,
        name: `Bench ${label} ${tag}`,
        firstName: 'Bench',
        lastName: label,
        profileUrl: `bench-${label}-${tag}`,
      });
    const creator = await person('creator');
    const seller = await person('seller');
    const publisher = await f.publisher({ slug: `bench-purchases-${tag}`, name: `Bench Purchases ${tag}` });
    const collection = await f.collection({
      publisherId: publisher.id,
      slug: `bench-purchases-${tag}`,
      name: `Bench Purchases ${tag}`,
      contractAddress: `0x${'b'.repeat(32)}${tag}`,
      creatorIds: [creator.id],
    });
    const nifty = await f.nifty({
      collectionId: collection.id,
      typeNumber: Number.parseInt(tag.slice(0, 6), 16) + 1_000_000,
      title: `Bench purchase ${tag}`,
      editionSize: 1 + 1 + HOT_BURSTS + SPREAD_LISTINGS * (2 + SPREAD_BURSTS),
      royaltyPercentage: 10,
    });
    const tokens = await f.tokens({
      niftyId: nifty.id,
      count: 1 + 1 + HOT_BURSTS + SPREAD_LISTINGS * (2 + SPREAD_BURSTS),
      ownerId: seller.id,
    });
    const listings: { id: number; token: (typeof tokens)[number] }[] = [];
    for (const token of tokens) {
      listings.push({ id: (await f.listing({ tokenRowId: token.id, priceInCents: PRICE_CENTS })).id, token });
    }
    // The drop day: a live fcfs drop (started a day ago, ends in a day), one nifty per burst.
    const drop = await f.drop({ publisherId: publisher.id, slug: `bench-drop-${tag}`, dropType: 'fcfs' });
    const dropCollection = await f.collection({
      publisherId: publisher.id,
      dropId: drop.id,
      slug: `bench-drop-${tag}`,
      name: `Bench Drop ${tag}`,
      contractAddress: `0x${'d'.repeat(32)}${tag}`,
      creatorIds: [creator.id],
    });
    const dropNifties: PurchaseWorld['dropNifties'] = [];
    for (let i = 0; i < 1 + DROP_BURSTS; i++) {
      const n = await f.nifty({
        collectionId: dropCollection.id,
        typeNumber: i + 1,
        title: `Bench drop ${tag} ${i + 1}`,
        editionSize: DROP_EDITIONS,
        totalSold: 0,
        priceInCents: PRICE_CENTS,
        maxPurchaseQuantity: 1,
        limitPerUser: 0,
        royaltyPercentage: 10,
      });
      dropNifties.push({ contractAddress: n.contractAddress, niftyType: n.typeNumber });
    }
    const clearing = await ledger.houseAccount('payments_clearing');
    const buyers: Buyer[] = [];
    for (let i = 0; i < BUYERS; i++) {
      const user = await person(`buyer-${i}`);
      const byCard = i % 2 === 0;
      if (!byCard) {
        const account = await ledger.userAccount(user.id);
        await withTransaction(db, async (tx) => {
          const l = createLedgerRepo(tx);
          await l.lock([account, clearing]);
          await l.post({
            kind: 'deposit',
            reference: `bench-fund:${tag}:${user.id}`,
            at,
            postings: [
              { accountId: clearing, amountCents: -FUNDS_CENTS, memo: 'card_payment' },
              { accountId: account, amountCents: FUNDS_CENTS, memo: 'deposit' },
            ],
          });
        });
      }
      buyers.push({ userId: user.id, token: await session(user.id), byCard, paymentToken: null });
    }
    const [baseline, ...rest] = listings;
    if (!baseline) throw new Error('bench: no listings');
    return {
      buyers,
      baselineListing: baseline.id,
      hotListings: rest.slice(0, 1 + HOT_BURSTS).map((l) => l.id),
      spread: rest.slice(1 + HOT_BURSTS, 1 + HOT_BURSTS + SPREAD_LISTINGS).map((l) => ({
        contractAddress: l.token.contractAddress,
        tokenId: l.token.tokenId,
        listingId: l.id,
        sellerId: seller.id,
      })),
      spreadBursts: Array.from({ length: 1 + SPREAD_BURSTS }, (_, b) =>
        rest
          .slice(1 + HOT_BURSTS + SPREAD_LISTINGS * (1 + b), 1 + HOT_BURSTS + SPREAD_LISTINGS * (2 + b))
          .map((l) => l.id),
      ),
      dropNifties,
    };
  } finally {
    await database.close();
  }
}

export interface BurstFigure {
  name: string;
  requests: number;
  p50: number;
  p99: number;
  max: number;
  /** Answers by status code. */
  statuses: Record<string, number>;
}

export interface SpreadFigure {
  name: string;
  /** From the first attempt to the last answer (attempts begun before the deadline finish after it). */
  seconds: number;
  attempts: number;
  purchases: number;
  purchasesPerSecond: number;
  attemptsPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  statuses: Record<string, number>;
}

export interface PurchaseFigures {
  buyers: number;
  baseline: BurstFigure;
  /** Buy Now + pay, from the Buy Now request to the pay answer, for all 200 buyers of each burst. */
  hot: BurstFigure;
  /** The pay request alone of the same bursts. */
  hotPay: BurstFigure;
  /** Sales per measured burst (must be exactly 1 each). */
  hotSales: number[];
  spread: SpreadFigure;
  /** 64 listings, all 200 buyers at once (each Buy Now + pay on a listing drawn at random). */
  spreadBurst: BurstFigure;
  /** Sales per measured 64-listing burst (a listing sells at most once: one per listing some buyer drew). */
  spreadBurstSales: number[];
  /** Listings some buyer drew, per measured 64-listing burst (what the sales must equal). */
  spreadBurstDrawn: number[];
  /** Purchases per second of the 64-listing bursts: their sales over their time, start to last answer. */
  spreadBurstPurchasesPerSecond: number;
  /** The drop day: hold + pay (winners) or the hold's refusal, for all 200 buyers of each burst. */
  drop: BurstFigure;
  /** The drop day's refusals alone ('Sold Out' at the hold): how long a late buyer waits to hear it. */
  dropRefusals: BurstFigure;
  /** Sales per measured drop burst (must be exactly DROP_EDITIONS each: never more, none left unsold). */
  dropSales: number[];
  /** Per measured drop burst: ms from its start to its last sale's answer (the drop sold out). */
  dropSoldOutMs: number[];
}

const ms = (n: number) => Math.round(n * 10) / 10;

function quantiles(latencies: number[]) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => ms(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0);
  return { p50: at(0.5), p99: at(0.99), max: ms(sorted[sorted.length - 1] ?? 0) };
}

function count(statuses: Record<string, number>, status: number) {
  statuses[String(status)] = (statuses[String(status)] ?? 0) + 1;
}

/** The three figures, on the running server at `baseUrl`. */
export async function measurePurchases(options: {
  baseUrl: string;
  world: PurchaseWorld;
  seconds: number;
  warmUpSeconds: number;
}): Promise<PurchaseFigures> {
  const { baseUrl, world, seconds, warmUpSeconds } = options;
  const agent = new Agent({ keepAlive: true, maxSockets: BUYERS * 2 });
  const call = async (
    buyer: { token: string },
    method: 'POST' | 'PATCH',
    path: string,
    body: unknown,
  ): Promise<{ status: number; json: Record<string, unknown> }> => {
    // A connection the server closed under us (a reset on a loaded machine) counts as status 0, an
    // error in the figure, instead of ending the run.
    const payload = JSON.stringify(body);
    const res = await new Promise<{ status: number; text: string } | null>((resolve) => {
      const req = request(
        new URL(path, baseUrl),
        {
          method,
          agent,
          // As the web app sends them: a new Idempotency-Key per user action on the trading writes.
          headers: {
            authorization: `Bearer ${buyer.token}`,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
            ...(method === 'POST' && path.startsWith('/api/v2/') ? { 'idempotency-key': randomUUID() } : {}),
          },
        },
        (r) => {
          let text = '';
          r.setEncoding('utf8');
          r.on('data', (d: string) => {
            text += d;
          });
          r.on('end', () => resolve({ status: r.statusCode ?? 0, text }));
          r.on('error', () => resolve(null));
        },
      );
      req.on('error', () => resolve(null));
      req.end(payload);
    });
    if (!res) return { status: 0, json: {} };
    const text = res.text;
    let json: Record<string, unknown> = {};
    try {
      json = JSON.parse(text) as Record<string, unknown>;
    } catch {
      json = { text };
    }
    return { status: res.status, json };
  };
  const inBatches = async <T>(items: T[], size: number, each: (item: T) => Promise<void>) => {
    for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(each));
  };

  // Cards, through the simulated processor's tokenise call (it keeps them in the server's memory).
  await inBatches(
    world.buyers.filter((b) => b.byCard),
    20,
    async (b) => {
      const pm = await call(b, 'POST', '/api/sim-card-processor/payment_methods', {
        number: '4242424242424242',
        exp_month: 12,
        exp_year: 2031,
        cvc: '123',
      });
      if (pm.status !== 200) throw new Error(`bench: card tokenise answered ${pm.status}`);
      b.paymentToken = String(pm.json.id);
    },
  );
  const payBody = (b: Buyer) =>
    b.byCard
      ? { payment_method: 'stripe_card', payment_token: b.paymentToken }
      : { payment_method: 'balance' };

  /** Buy Now then pay; answers the statuses and latencies (whole, and pay alone). */
  const buy = async (b: Buyer, listingId: number) => {
    const started = performance.now();
    const match = await call(b, 'POST', '/api/v2/listing-match/', { listing_id: listingId });
    if (match.status !== 200) {
      return { status: match.status, total: performance.now() - started, pay: null as number | null };
    }
    const payStarted = performance.now();
    const paid = await call(
      b,
      'POST',
      `/api/v2/purchase-intent/${match.json.listingMatchId}/pay`,
      payBody(b),
    );
    const done = performance.now();
    return { status: paid.status, total: done - started, pay: done - payStarted };
  };

  // Baseline: every buyer has an open intent on the baseline listing; all 200 set its payment method at once.
  const baselineIntents = new Map<Buyer, number>();
  await inBatches(world.buyers, 20, async (b) => {
    const m = await call(b, 'POST', '/api/v2/listing-match/', { listing_id: world.baselineListing });
    if (m.status !== 200) throw new Error(`bench: baseline Buy Now answered ${m.status}`);
    baselineIntents.set(b, Number(m.json.listingMatchId));
  });
  const baselineBurst = async () => {
    const results = await Promise.all(
      world.buyers.map(async (b) => {
        const started = performance.now();
        const r = await call(b, 'PATCH', `/api/v2/listing-match/${baselineIntents.get(b)}`, {
          payment_method: b.byCard ? 'stripe_card' : 'balance',
        });
        return { status: r.status, ms: performance.now() - started };
      }),
    );
    return results;
  };
  await baselineBurst();
  const baselineRuns = [...(await baselineBurst()), ...(await baselineBurst()), ...(await baselineBurst())];
  const baselineStatuses: Record<string, number> = {};
  for (const r of baselineRuns) count(baselineStatuses, r.status);
  const baseline: BurstFigure = {
    name: `baseline: ${BUYERS} authenticated writes at once (PATCH listing-match)`,
    requests: baselineRuns.length,
    ...quantiles(baselineRuns.map((r) => r.ms)),
    statuses: baselineStatuses,
  };

  // Hot: all buyers on one listing at once; the first burst warms up.
  const hotTotals: number[] = [];
  const hotPays: number[] = [];
  const hotStatuses: Record<string, number> = {};
  const hotSales: number[] = [];
  for (const [i, listingId] of world.hotListings.entries()) {
    const results = await Promise.all(world.buyers.map((b) => buy(b, listingId)));
    if (i === 0) continue;
    hotSales.push(results.filter((r) => r.status === 200).length);
    for (const r of results) {
      count(hotStatuses, r.status);
      hotTotals.push(r.total);
      if (r.pay !== null) hotPays.push(r.pay);
    }
  }
  const hot: BurstFigure = {
    name: `hot listing: ${BUYERS} buyers at once, Buy Now + pay`,
    requests: hotTotals.length,
    ...quantiles(hotTotals),
    statuses: hotStatuses,
  };
  const hotPay: BurstFigure = {
    name: 'hot listing: the pay request alone',
    requests: hotPays.length,
    ...quantiles(hotPays),
    statuses: hotStatuses,
  };

  // 64 listings at once: every buyer Buy Now + pay on a listing drawn at random (never their own: the seller
  // buys nothing), all 200 at once; the first burst warms up.
  const burstTotals: number[] = [];
  const burstStatuses: Record<string, number> = {};
  const spreadBurstSales: number[] = [];
  const spreadBurstDrawn: number[] = [];
  let burstSeconds = 0;
  for (const [i, listingIds] of world.spreadBursts.entries()) {
    const rand = generator(1_000 + i);
    const drawn = world.buyers.map(() => listingIds[rand(listingIds.length)] as number);
    const started = performance.now();
    const results = await Promise.all(world.buyers.map((b, k) => buy(b, drawn[k] as number)));
    if (i === 0) continue;
    burstSeconds += (performance.now() - started) / 1000;
    spreadBurstSales.push(results.filter((r) => r.status === 200).length);
    spreadBurstDrawn.push(new Set(drawn).size);
    for (const r of results) {
      count(burstStatuses, r.status);
      burstTotals.push(r.total);
    }
  }
  const spreadBurst: BurstFigure = {
    name: `${SPREAD_LISTINGS} listings of one collection: ${BUYERS} buyers at once, Buy Now + pay`,
    requests: burstTotals.length,
    ...quantiles(burstTotals),
    statuses: burstStatuses,
  };
  const spreadBurstPurchasesPerSecond =
    Math.round((spreadBurstSales.reduce((a, n) => a + n, 0) / burstSeconds) * 10) / 10;

  // Spread: 64 listings, buyers loop; winners list again.
  const offers = world.spread.map((o) => ({ ...o }));
  const runSpread = async (forSeconds: number) => {
    const latencies: number[] = [];
    const statuses: Record<string, number> = {};
    let purchases = 0;
    const started = performance.now();
    const deadline = started + forSeconds * 1000;
    let firstError: string | null = null;
    await Promise.all(
      world.buyers.map(async (b, i) => {
        const rand = generator(i + 7);
        while (performance.now() < deadline) {
          const offer = offers[rand(offers.length)];
          if (!offer || offer.sellerId === b.userId) continue;
          const r = await buy(b, offer.listingId);
          latencies.push(r.total);
          count(statuses, r.status);
          if (r.status >= 500 || r.status === 0) firstError ??= `${r.status}`;
          if (r.status !== 200) continue;
          purchases += 1;
          // The token is the buyer's now: list it again at the same price.
          const listed = await call(b, 'POST', '/api/v2/listings', {
            contractAddress: offer.contractAddress,
            tokenId: offer.tokenId,
            price: { amount: String(PRICE_CENTS / 100), currency: 'USD' },
          });
          if (listed.status !== 200) {
            firstError ??= `relist ${listed.status}: ${JSON.stringify(listed.json)}`;
            continue;
          }
          offer.listingId = Number(listed.json.id);
          offer.sellerId = b.userId;
        }
      }),
    );
    if (firstError) process.stderr.write(`purchases (spread): first failure ${firstError}\n`);
    // Attempts begun before the deadline finish after it: the rates count until the last one answered.
    return { latencies, statuses, purchases, elapsedSeconds: (performance.now() - started) / 1000 };
  };
  await runSpread(warmUpSeconds);
  const measured = await runSpread(seconds);
  const spread: SpreadFigure = {
    name: `${SPREAD_LISTINGS} listings of one collection: ${BUYERS} buyers in a loop (winners list again)`,
    seconds: Math.round(measured.elapsedSeconds * 10) / 10,
    attempts: measured.latencies.length,
    purchases: measured.purchases,
    purchasesPerSecond: Math.round((measured.purchases / measured.elapsedSeconds) * 10) / 10,
    attemptsPerSecond: Math.round(measured.latencies.length / measured.elapsedSeconds),
    ...quantiles(measured.latencies),
    statuses: measured.statuses,
  };
  // Drop day: all buyers at once for each nifty's editions; the first burst warms up.
  const holdAndPay = async (b: Buyer, nifty: PurchaseWorld['dropNifties'][number], t0: number) => {
    const started = performance.now();
    const hold = await call(b, 'POST', '/api/payments/purchase-intents/', {
      contract_address: nifty.contractAddress,
      nifty_type: nifty.niftyType,
      requested_quantity: 1,
      payment_method: b.byCard ? 'stripe_card' : 'balance',
    });
    if (hold.status !== 200) return { status: hold.status, total: performance.now() - started, at: null };
    const paid = await call(
      b,
      'POST',
      `/api/v2/purchase-intent/${hold.json.purchaseIntentId}/pay`,
      payBody(b),
    );
    const done = performance.now();
    return { status: paid.status, total: done - started, at: paid.status === 200 ? done - t0 : null };
  };
  const dropTotals: number[] = [];
  const dropRefused: number[] = [];
  const dropStatuses: Record<string, number> = {};
  const dropSales: number[] = [];
  const dropSoldOutMs: number[] = [];
  for (const [i, nifty] of world.dropNifties.entries()) {
    const t0 = performance.now();
    const results = await Promise.all(world.buyers.map((b) => holdAndPay(b, nifty, t0)));
    if (i === 0) continue;
    const sales = results.filter((r) => r.status === 200);
    dropSales.push(sales.length);
    dropSoldOutMs.push(ms(Math.max(0, ...sales.map((r) => r.at ?? 0))));
    for (const r of results) {
      count(dropStatuses, r.status);
      dropTotals.push(r.total);
      if (r.status === 409) dropRefused.push(r.total);
    }
  }
  const drop: BurstFigure = {
    name: `drop day: ${BUYERS} buyers at once for ${DROP_EDITIONS} editions, hold + pay`,
    requests: dropTotals.length,
    ...quantiles(dropTotals),
    statuses: dropStatuses,
  };
  const dropRefusals: BurstFigure = {
    name: "drop day: the 'Sold Out' answers alone",
    requests: dropRefused.length,
    ...quantiles(dropRefused),
    statuses: { '409': dropRefused.length },
  };
  return {
    buyers: BUYERS,
    baseline,
    hot,
    hotPay,
    hotSales,
    spread,
    spreadBurst,
    spreadBurstSales,
    spreadBurstDrawn,
    spreadBurstPurchasesPerSecond,
    drop,
    dropRefusals,
    dropSales,
    dropSoldOutMs,
  };
}
