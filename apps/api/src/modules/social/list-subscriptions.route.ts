import { contractSubscriptionSchema, publisherSubscriptionSchema } from '@vitrine/domain/catalog-responses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../http/schemas';
import { contractSubscriptionsQuery, publisherSubscriptionsQuery } from './social.schemas';

/** Follower counts and the viewer's follow state, for publisher cards and NFT cards (001 §3 "subscription"). */
export const listSubscriptionsRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v2/subscriptions/publishers/',
    {
      schema: {
        tags: ['social'],
        summary: 'Followers of publishers, and whether the caller follows them',
        querystring: publisherSubscriptionsQuery,
        response: { 200: z.object({ results: z.array(publisherSubscriptionSchema) }), ...errorResponses },
      },
    },
    async (request) =>
      app.services.social.publisherSubscriptions(
        request.query.slugs,
        await app.services.viewers.idOf(request),
      ),
  );

  app.get(
    '/v2/subscriptions/contracts/',
    {
      schema: {
        tags: ['social'],
        summary: 'Followers of contracts (collections), and whether the caller follows them',
        querystring: contractSubscriptionsQuery,
        response: { 200: z.object({ results: z.array(contractSubscriptionSchema) }), ...errorResponses },
      },
    },
    async (request) =>
      app.services.social.contractSubscriptions(
        request.query.contractAddress,
        await app.services.viewers.idOf(request),
      ),
  );
};
