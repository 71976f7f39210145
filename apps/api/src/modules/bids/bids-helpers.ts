// Test helpers for bids: a live auction nifty of a published drop (its publisher owned by a user, who
// receives the publisher's share), and placing a bid through the app.
import { schema } from '@vitrine/db';
import { fixtures } from '@vitrine/db/testing';
import type { FastifyInstance } from 'fastify';

export async function auctionNifty(
  app: FastifyInstance,
  o: {
    saleType?: 'auction' | 'ranked_auction' | 'silent_auction';
    editionSize?: number;
    minimumBidInCents?: number;
    bidIncrementInCents?: number;
    /** The end, from the clock's now (default one hour). */
    endsInMs?: number;
  } = {},
) {
  const db = app.config.database.db;
  const now = app.config.clock.now();
  const f = fixtures(db, { now });
  const publisher = await f.publisher();
  const owner = await f.user();
  await db
    .insert(schema.publisherMembers)
    .values({ publisherId: publisher.id, userId: owner.id, role: 'owner' });
  const saleType = o.saleType ?? 'auction';
  const drop = await f.drop({ publisherId: publisher.id, dropType: saleType });
  const collection = await f.collection({ publisherId: publisher.id, dropId: drop.id });
  const nifty = await f.nifty({
    collectionId: collection.id,
    saleType,
    editionSize: o.editionSize ?? (saleType === 'auction' ? 1 : 3),
    priceInCents: 0,
    minimumBidInCents: o.minimumBidInCents ?? 1_000,
    bidIncrementInCents: o.bidIncrementInCents ?? 100,
    startAt: new Date(now.getTime() - 60 * 60 * 1000),
    endAt: new Date(now.getTime() + (o.endsInMs ?? 60 * 60 * 1000)),
  });
  return { publisher, owner, drop, collection, nifty };
}

export function placeBid(
  app: FastifyInstance,
  headers: Record<string, string>,
  nifty: { contractAddress: string; typeNumber: number },
  dollars: string,
  extra: Record<string, unknown> = { payment_method: 'balance' },
) {
  return app.inject({
    method: 'POST',
    url: '/api/v2/bids',
    headers,
    payload: {
      contractAddress: nifty.contractAddress,
      niftyType: nifty.typeNumber,
      amount: { amount: dollars, currency: 'USD' },
      ...extra,
    },
  });
}

export function bidInfo(
  app: FastifyInstance,
  nifty: { contractAddress: string; typeNumber: number },
  headers: Record<string, string> = {},
) {
  return app.inject({
    url: `/api/v2/bids/info?contractAddress=${nifty.contractAddress}&niftyType=${nifty.typeNumber}`,
    headers,
  });
}
