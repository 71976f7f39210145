// The bid figure (issue 15, decision 012): bids per second on one hot 1/1 auction. 100 bidders, each its own
// user with its own session and a funded balance (holds back their bids), loop for the figure's seconds
// placing `POST /api/v2/bids` at the minimum they last heard of (plus 0 to 2 increments, from crypto), so
// most attempts race each other for the nifty's row lock and many are refused as too low once another lands.
// Accepted bids per second, attempts per second and the latency of every attempt; read beside the run's
// bare baseline (GET /api/health). The store's rows are written before the server starts (`prepareBids`).
import { randomInt, randomUUID } from 'node:crypto';
import { createDatabase, type DatabaseOptions, schema, withTransaction } from '@vitrine/db';
import { fixtures } from '@vitrine/db/testing';
import { createAuthRepo } from '../../apps/api/src/modules/auth/auth.repo';
import { hashToken, newId, newToken } from '../../apps/api/src/modules/auth/tokens';
import { createLedgerRepo } from '../../apps/api/src/modules/trading/ledger.repo';

export const BIDDERS = 100;
const START_CENTS = 1_000;
const INCREMENT_CENTS = 100;
const FUNDS_CENTS = 100_000_000;

export interface BidWorld {
  bidders: { userId: number; token: string }[];
  contractAddress: string;
  niftyType: number;
}

export interface BidFigure {
  name: string;
  bidders: number;
  seconds: number;
  attempts: number;
  accepted: number;
  bidsPerSecond: number;
  attemptsPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  statuses: Record<string, number>;
  /** The same bidders at once, each one trivial authenticated read (GET /api/user/profile/): 3 bursts after 1. */
  baseline: { requests: number; p50: number; p99: number; max: number; statuses: Record<string, number> };
}

/** Writes the bidders, their sessions and balances, and a live 1/1 auction (a new one every run). */
export async function prepareBids(store: DatabaseOptions): Promise<BidWorld> {
  const database = await createDatabase(store);
  try {
    await database.migrate();
    const db = database.db;
    const at = new Date();
    const tag = randomUUID().slice(0, 8);
    const f = fixtures(db, { now: at });
    const auth = createAuthRepo(db);
    const ledger = createLedgerRepo(db);
    const owner = await f.user({
      profileUrl: `bench-bid-owner-${tag}`,
      email: `bench-bid-owner-${tag}@bench.vitrine.test`,
    });
    const publisher = await f.publisher({ slug: `bench-bids-${tag}`, name: `Bench Bids ${tag}` });
    await db
      .insert(schema.publisherMembers)
      .values({ publisherId: publisher.id, userId: owner.id, role: 'owner' });
    const hour = 60 * 60 * 1000;
    const drop = await f.drop({
      publisherId: publisher.id,
      slug: `bench-bids-${tag}`,
      dropType: 'auction',
      startAt: new Date(at.getTime() - hour),
      endAt: new Date(at.getTime() + 24 * hour),
    });
    const collection = await f.collection({
      publisherId: publisher.id,
      dropId: drop.id,
      slug: `bench-bids-${tag}`,
      name: `Bench Bids ${tag}`,
      contractAddress: `0x${'d'.repeat(32)}${tag}`,
    });
    const nifty = await f.nifty({
      collectionId: collection.id,
      typeNumber: Number.parseInt(tag.slice(0, 6), 16) + 1_000_000,
      title: `Bench auction ${tag}`,
      saleType: 'auction',
      editionSize: 1,
      priceInCents: 0,
      minimumBidInCents: START_CENTS,
      bidIncrementInCents: INCREMENT_CENTS,
      startAt: new Date(at.getTime() - hour),
      endAt: new Date(at.getTime() + 24 * hour),
    });
    const clearing = await ledger.houseAccount('payments_clearing');
    const bidders: BidWorld['bidders'] = [];
    for (let i = 0; i < BIDDERS; i++) {
      const user = await f.user({
        email: `bench-bidder-${i}-${tag}@bench.vitrine.test`,
        profileUrl: `bench-bidder-${i}-${tag}`,
        name: `Bench bidder ${i}`,
      });
      const account = await ledger.userAccount(user.id);
      await withTransaction(db, async (tx) => {
        const l = createLedgerRepo(tx);
        await l.lock([account, clearing]);
        await l.post({
          kind: 'deposit',
          reference: `bench-bid-fund:${tag}:${user.id}`,
          at,
          postings: [
            { accountId: clearing, amountCents: -FUNDS_CENTS, memo: 'card_payment' },
            { accountId: account, amountCents: FUNDS_CENTS, memo: 'deposit' },
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
        access: { hash: hashToken(token), expiresAt: new Date(at.getTime() + 2 * hour) },
        refresh: { hash: hashToken(newToken('vrt')), expiresAt: new Date(at.getTime() + 24 * hour) },
      });
      bidders.push({ userId: user.id, token });
    }
    return { bidders, contractAddress: collection.contractAddress, niftyType: nifty.typeNumber };
  } finally {
    await database.close();
  }
}

const ms = (n: number) => Math.round(n * 10) / 10;

/** Bids per second on the one hot auction, on the running server at `baseUrl`. */
export async function measureBids(options: {
  baseUrl: string;
  world: BidWorld;
  seconds: number;
}): Promise<BidFigure> {
  const { baseUrl, world, seconds } = options;
  const quantiles = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const q = (x: number) => ms(sorted[Math.min(sorted.length - 1, Math.ceil(x * sorted.length) - 1)] ?? 0);
    return { p50: q(0.5), p99: q(0.99), max: ms(sorted[sorted.length - 1] ?? 0) };
  };
  // Baseline: every bidder at once, one trivial authenticated read; one unmeasured burst, then 3.
  const baselineTimes: number[] = [];
  const baselineStatuses: Record<string, number> = {};
  for (let burst = 0; burst < 4; burst++) {
    const results = await Promise.all(
      world.bidders.map(async (b) => {
        const t0 = performance.now();
        const res = await fetch(`${baseUrl}/api/user/profile/`, {
          headers: { authorization: `Bearer ${b.token}` },
        }).catch(() => null);
        await res?.arrayBuffer().catch(() => undefined);
        return { status: res?.status ?? 0, ms: performance.now() - t0 };
      }),
    );
    if (burst === 0) continue;
    for (const r of results) {
      baselineTimes.push(r.ms);
      baselineStatuses[String(r.status)] = (baselineStatuses[String(r.status)] ?? 0) + 1;
    }
  }
  const baseline = {
    requests: baselineTimes.length,
    ...quantiles(baselineTimes),
    statuses: baselineStatuses,
  };
  let known = START_CENTS - INCREMENT_CENTS;
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let accepted = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    world.bidders.map(async (b) => {
      while (performance.now() < deadline) {
        const cents = known + INCREMENT_CENTS * (1 + randomInt(0, 3));
        const t0 = performance.now();
        const res = await fetch(`${baseUrl}/api/v2/bids`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${b.token}`,
            'content-type': 'application/json',
            'idempotency-key': randomUUID(),
          },
          body: JSON.stringify({
            contractAddress: world.contractAddress,
            niftyType: world.niftyType,
            amount: { amount: (cents / 100).toFixed(2), currency: 'USD' },
            payment_method: 'balance',
          }),
        }).catch(() => null);
        latencies.push(performance.now() - t0);
        const status = res?.status ?? 0;
        statuses[String(status)] = (statuses[String(status)] ?? 0) + 1;
        const body = res
          ? ((await res.json().catch(() => ({}))) as { fields?: { minBidInCents?: string } })
          : {};
        if (status === 201) {
          accepted += 1;
          known = Math.max(known, cents);
        } else if (body.fields?.minBidInCents) {
          known = Math.max(known, Number(body.fields.minBidInCents) - INCREMENT_CENTS);
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => ms(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0);
  return {
    name: `hot auction: ${BIDDERS} bidders placing bids`,
    bidders: BIDDERS,
    seconds: ms(elapsed),
    attempts: latencies.length,
    accepted,
    bidsPerSecond: Math.round((accepted / elapsed) * 10) / 10,
    attemptsPerSecond: Math.round((latencies.length / elapsed) * 10) / 10,
    p50: at(0.5),
    p99: at(0.99),
    max: ms(sorted[sorted.length - 1] ?? 0),
    statuses,
    baseline,
  };
}
