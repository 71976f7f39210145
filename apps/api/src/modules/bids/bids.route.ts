import {
  auctionStateSchema,
  bidPageSchema,
  cardVerificationRequiredSchema,
  placedBidSchema,
} from '@vitrine/domain/trading-responses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireDevKey } from '../../http/dev-key';
import { optionalAuth, signedIn } from '../../http/guard';
import { processorRequestId } from '../../http/idempotency';
import { offsetOf, pageQuery, toPage } from '../../http/pagination';
import { errorResponses, rowId, typeNumber } from '../../http/schemas';
import { usdAmount } from '../../http/usd-amount';

const money = z.object({
  amount: usdAmount,
  currency: z.literal('USD'),
});
const target = z.object({
  contractAddress: z.string().min(1).max(100),
  niftyType: typeNumber.min(1),
});
const answers = {
  ...errorResponses,
  402: errorResponses[400],
  409: errorResponses[400],
  422: errorResponses[400],
};

/**
 * Bids on auction, ranked_auction and silent_auction nifties (000 §2, §3, §5, §9; 001 §5, §9; decision 012):
 * place a bid, bid and auction info, the bid table and the ranked leaderboard.
 */
export const bidsRoute: FastifyPluginAsyncZod = async (app) => {
  const bids = () => app.services.bids;

  app.post(
    '/v2/bids',
    {
      config: { auth: 'user', terms: true, idempotency: true },
      schema: {
        tags: ['bids'],
        summary: 'Place a bid on an auction, ranked auction or silent auction nifty',
        body: target.extend({
          amount: money,
          payment_method: z.enum(['balance', 'stripe_card']),
          payment_token: z.string().max(200).optional(),
          /** The card verification (3-D Secure) the bidder completed after a 202: it backs this bid. */
          card_verification_id: rowId.optional(),
        }),
        response: {
          201: placedBidSchema,
          202: cardVerificationRequiredSchema,
          ...answers,
        },
      },
    },
    async (request, reply) => {
      const { userId } = signedIn(request);
      const b = request.body;
      const placed = await bids().place(
        userId,
        {
          contractAddress: b.contractAddress,
          niftyType: b.niftyType,
          amount: b.amount,
          paymentMethod: b.payment_method,
          paymentToken: b.payment_token,
          cardVerificationId: b.card_verification_id,
        },
        processorRequestId(request.headers['idempotency-key']),
      );
      reply.code('requiresAction' in placed ? 202 : 201);
      return placed;
    },
  );

  app.get(
    '/v2/bids/info',
    {
      schema: {
        tags: ['bids'],
        summary:
          "Bid info and auction info of a nifty sold by bids, with the signed-in viewer's own bid state",
        querystring: target,
        response: {
          200: auctionStateSchema,
          ...answers,
        },
      },
    },
    async (request, reply) => {
      const viewer = await optionalAuth(request);
      // The viewer's own bid is in the answer: not to be kept by a shared cache.
      if (viewer) reply.header('cache-control', 'private, no-store');
      return bids().info(request.query.contractAddress, request.query.niftyType, viewer?.userId ?? null);
    },
  );

  for (const [path, ranked, summary] of [
    ['/v2/bids', false, 'The bid table of a nifty, newest first (000 §2 /auctionbid/)'],
    ['/v2/bids/leaderboard', true, 'The active bids of a nifty in rank order (000 §2 /rankedbid/)'],
  ] as const) {
    app.get(
      path,
      {
        schema: {
          tags: ['bids'],
          summary,
          querystring: pageQuery.extend(target.shape),
          response: { 200: bidPageSchema, ...answers },
        },
      },
      async (request) => {
        const q = request.query;
        const viewer = await optionalAuth(request);
        const { count, results } = await bids().list(q.contractAddress, q.niftyType, {
          ranked,
          limit: q.page_size,
          offset: offsetOf(q),
          viewerId: viewer?.userId ?? null,
        });
        return toPage(q, count, results);
      },
    );
  }
};

/**
 * Outside production: end and settle an auction now, with the dev outbox's key (browser tests: they cannot
 * move the server's clock), as `/dev/drawings/…/run` runs a drawing.
 */
export const devBidsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/dev/auctions/:contractAddress/:niftyType/settle',
    { schema: { hide: true, params: target }, preHandler: requireDevKey(app) },
    async (request) => {
      const { contractAddress, niftyType } = request.params;
      return { result: await app.services.bids.settleNow(contractAddress, niftyType) };
    },
  );
};
