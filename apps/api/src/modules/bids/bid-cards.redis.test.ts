// Several API processes on one store behind a load balancer (PostgreSQL + REDIS_URL): a bid taken by one
// process shows as 'Highest Bid:' on the drop page and the drop lists another process has kept, at once
// (not once its kept answer is 30 s old). Runs when TEST_REDIS_URL is set (project int-redis), on
// PostgreSQL when TEST_DATABASE_URL is set too; each run with its own key prefix.
import { randomBytes } from 'node:crypto';
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
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  database = await freshDatabase();
  const clock = manualClock(TEST_NOW);
  for (let i = 0; i < 2; i += 1) {
    apps.push(
      await buildApp({
        database,
        clock,
        media: memoryMediaStore(),
        logLevel: 'silent',
        nodeEnv: 'test',
        webDist: null,
        liveEvents: createRedisLiveEvents(url, { prefix }),
      }),
    );
  }
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await database.drop();
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
