// Several API processes on one store behind a load balancer (PostgreSQL + REDIS_URL): a bid taken by one
// process shows as 'Highest Bid:' on the drop page and the drop lists another process has kept, at once
// (not once its kept answer is 30 s old). Runs when TEST_REDIS_URL is set (project int-redis), on
// PostgreSQL when TEST_DATABASE_URL is set too; each run with its own key prefix.
//
// And one process loses its Redis connections for a moment: the touches others sent meanwhile never
// reach it, so once back it computes every kept answer again (lib/live-events.ts, a second 'ready' of
// the subscriber). Process B reaches Redis through a small TCP relay the test controls: `cut()` drops
// B's connections and refuses new ones until `restore()`, so the bid surely lands while B is away (with
// CLIENT KILL, ioredis would be back within 50 ms, perhaps before the bid, and B would then get the touch
// the ordinary way). Not cut, the relay passes everything through.
import { randomBytes } from 'node:crypto';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { type FreshDatabase, freshDatabase } from '@vitrine/db/testing';
import { topics } from '@vitrine/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { manualClock } from '../../lib/clock';
import { createRedisLiveEvents } from '../../lib/live-events';
import { TEST_NOW } from '../../testing/test-app';
import { memoryMediaStore } from '../media/media-store';
import { buyer, fund } from '../trading/trading-helpers';
import { auctionNifty, placeBid } from './bids-helpers';

const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `vitrine-test:${randomBytes(6).toString('hex')}:`;
let database: FreshDatabase;
let relay: Relay;
/** A, then B (through the relay). */
const apps: FastifyInstance[] = [];

interface Relay {
  /** The Redis URL that goes through the relay. */
  url: string;
  /** Connections to Redis made through the relay so far. */
  opened: number;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

/** A TCP relay to the Redis of `target` that can be cut. */
async function redisRelay(target: string): Promise<Relay> {
  const upstream = new URL(target);
  const pairs = new Set<[Socket, Socket]>();
  let down = false;
  const server: Server = createServer((client) => {
    if (down) {
      client.destroy();
      return;
    }
    const redis = createConnection({ host: upstream.hostname, port: Number(upstream.port || 6379) });
    const pair: [Socket, Socket] = [client, redis];
    pairs.add(pair);
    relay.opened += 1;
    const drop = () => {
      pairs.delete(pair);
      client.destroy();
      redis.destroy();
    };
    client.on('error', drop).on('close', drop);
    redis.on('error', drop).on('close', drop);
    client.pipe(redis);
    redis.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const through = new URL(target);
  through.hostname = '127.0.0.1';
  through.port = String(port);
  const relay: Relay = {
    url: through.toString(),
    opened: 0,
    cut() {
      down = true;
      for (const [client, redis] of pairs) {
        client.destroy();
        redis.destroy();
      }
      pairs.clear();
    },
    restore() {
      down = false;
    },
    close: () => {
      relay.cut();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return relay;
}

beforeAll(async () => {
  database = await freshDatabase();
  relay = await redisRelay(url);
  const clock = manualClock(TEST_NOW);
  for (const redisUrl of [url, relay.url]) {
    apps.push(
      await buildApp({
        database,
        clock,
        media: memoryMediaStore(),
        logLevel: 'silent',
        nodeEnv: 'test',
        webDist: null,
        liveEvents: createRedisLiveEvents(redisUrl, { prefix }),
      }),
    );
  }
});
afterAll(async () => {
  relay?.restore();
  for (const app of apps) await app.close();
  await relay?.close();
  await database?.drop();
});

type Card = { id: number; saleDetails: { highestBid: number | null } };

async function dropCard(app: FastifyInstance, slug: string, niftyId: number) {
  const res = await app.inject({ url: `/api/v1/drops/${slug}/` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { cards: Card[] }).cards.find((c) => c.id === niftyId)?.saleDetails.highestBid;
}

async function listedCard(app: FastifyInstance, slug: string, niftyId: number) {
  const res = await app.inject({ url: '/api/v1/drops/?status=live&page_size=100' });
  expect(res.statusCode, res.body).toBe(200);
  const drop = (res.json() as { results: { slug: string; cards: Card[] }[] }).results.find(
    (d) => d.slug === slug,
  );
  return drop?.cards.find((c) => c.id === niftyId)?.saleDetails.highestBid;
}

describe('drop sale cards across processes', () => {
  it('a bid through one process shows on the drop page and drop list the other process kept', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const { drop, nifty } = await auctionNifty(a, { minimumBidInCents: 50_000, bidIncrementInCents: 5_000 });
    // Both processes take what others publish before the bid.
    await Promise.all(apps.map((app) => app.services.events.ready(topics.drop(drop.id))));
    // Process B keeps both answers before the bid.
    expect(await dropCard(b, drop.slug, nifty.id)).toBeNull();
    expect(await listedCard(b, drop.slug, nifty.id)).toBeNull();

    const bidder = await buyer(a);
    await fund(database.db, bidder.userId, 1_000_000, TEST_NOW);
    expect((await placeBid(a, bidder.headers, nifty, '500')).statusCode).toBe(201);

    // The bump reaches B through Redis a moment after the bid; B's clock does not move meanwhile.
    await expect.poll(() => dropCard(b, drop.slug, nifty.id)).toBe(50_000);
    await expect.poll(() => listedCard(b, drop.slug, nifty.id)).toBe(50_000);
  });
});

describe('drop sale cards after a process lost Redis for a moment', () => {
  it('a bid taken while the other process was cut off shows on its drop page once it is back', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const { drop, nifty } = await auctionNifty(a, { minimumBidInCents: 50_000, bidIncrementInCents: 5_000 });
    await Promise.all(apps.map((app) => app.services.events.ready(topics.drop(drop.id))));
    // Process B keeps its answer before the bid.
    expect(await dropCard(b, drop.slug, nifty.id)).toBeNull();
    const bidder = await buyer(a);
    await fund(database.db, bidder.userId, 1_000_000, TEST_NOW);

    relay.cut();
    const before = relay.opened;
    expect((await placeBid(a, bidder.headers, nifty, '500')).statusCode).toBe(201);
    // A's touch went out while B was away: B still shows its kept answer (what the reconnect must mend).
    expect(await dropCard(b, drop.slug, nifty.id)).toBeNull();
    relay.restore();

    // B's connections come back (ioredis retries within a few hundred ms); B's clock does not move.
    await expect.poll(() => relay.opened - before, { timeout: 5_000 }).toBeGreaterThanOrEqual(2);
    await expect.poll(() => dropCard(b, drop.slug, nifty.id), { timeout: 5_000 }).toBe(50_000);
  });
});
