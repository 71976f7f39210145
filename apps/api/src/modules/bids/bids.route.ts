import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { optionalAuth, signedIn } from '../../http/guard';
import { offsetOf, pageQuery, toPage } from '../../http/pagination';
import { errorResponses } from '../../http/schemas';

const money = z.object({
  amount: z.union([
    z.string().regex(/^\d{1,12}(\.\d{1,2})?$/, 'Enter an amount like 125 or 12.50'),
    z.number().positive(),
  ]),
  currency: z.literal('USD'),
});
const target = z.object({
  contractAddress: z.string().min(1).max(100),
  niftyType: z.coerce.number().int().positive().max(2_147_483_647),
});
const answers = {
  ...errorResponses,
  402: errorResponses[400],
  409: errorResponses[400],
  422: errorResponses[400],
};

const bidInfo = z.object({
  minBid: z.number().int(),
  highestBid: z.number().int().nullable(),
  bidCurrency: z.literal('USD'),
  bidIncrement: z.number().int(),
  firstPlaceBid: z.number().int().nullable(),
  leaderboardMinBid: z.number().int(),
});

/** 000 §3 Bid; amounts are null on another bidder's silent (sealed) bid. */
const bidSchema = z.object({
  id: z.number().int(),
  Timestamp: z.string(),
  amount: z.string().nullable(),
  amount_in_cents: z.number().int().nullable(),
  currency: z.string(),
  currently_active: z.boolean(),
  status: z.string(),
  rank: z.number().int().optional(),
  user_prof: z
    .object({
      id: z.number().int().nullable(),
      name: z.string(),
      bio: z.string(),
      profile_pic_url: z.string().nullable(),
      profile_url: z.string().nullable(),
      userCanCreateNiftyStores: z.boolean(),
    })
    .nullable(),
});

const bidPage = z.object({
  count: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  total_pages: z.number().int(),
  results: z.array(bidSchema),
});

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
        }),
        response: {
          201: z.object({
            bid: bidSchema,
            rank: z.number().int(),
            endsAt: z.string(),
            bidInfo,
          }),
          ...answers,
        },
      },
    },
    async (request, reply) => {
      const { userId } = signedIn(request);
      const b = request.body;
      const placed = await bids().place(userId, {
        contractAddress: b.contractAddress,
        niftyType: b.niftyType,
        amount: b.amount,
        paymentMethod: b.payment_method,
        paymentToken: b.payment_token,
      });
      reply.code(201);
      return placed;
    },
  );

  app.get(
    '/v2/bids/info',
    {
      schema: {
        tags: ['bids'],
        summary: 'Bid info and auction info of a nifty sold by bids',
        querystring: target,
        response: {
          200: z.object({
            contractAddress: z.string(),
            niftyType: z.number().int(),
            saleType: z.string(),
            editionSize: z.number().int(),
            winningSlots: z.number().int(),
            auctionInfo: z.object({
              variant: z.string(),
              minimumBidInCents: z.number().int(),
              minBidIncreaseInCents: z.number().int(),
              scheduledStartDateTime: z.string().nullable(),
              scheduledEndDateTime: z.string().nullable(),
            }),
            bidInfo,
            endsAt: z.string().nullable(),
            bidCount: z.number().int(),
            settled: z.boolean(),
            status: z.enum(['upcoming', 'live', 'ended']),
          }),
          ...answers,
        },
      },
    },
    async (request) => bids().info(request.query.contractAddress, request.query.niftyType),
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
          response: { 200: bidPage, ...answers },
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
