import { contractSubscriptionSchema, publisherSubscriptionSchema } from '@vitrine/domain/catalog-responses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../http/guard';
import { errorResponses } from '../../http/schemas';
import { contractParams, publisherParams } from './social.schemas';

/**
 * Follow / unfollow a publisher or a contract (000 §7). Idempotent; answers the state after the write.
 * Accepts an `Idempotency-Key` (decision 007).
 */
export const followRoute: FastifyPluginAsyncZod = async (app) => {
  for (const action of ['follow', 'unfollow'] as const) {
    app.post(
      `/v2/subscriptions/publishers/:slug/${action}/`,
      {
        config: { auth: 'user', idempotency: true },
        schema: {
          tags: ['social'],
          summary: `${action === 'follow' ? 'Follow' : 'Unfollow'} a publisher`,
          params: publisherParams,
          response: { 200: publisherSubscriptionSchema, ...errorResponses },
        },
      },
      async (request) => {
        const { userId } = signedIn(request);
        return app.services.social.setPublisherFollow(userId, request.params.slug, action === 'follow');
      },
    );

    app.post(
      `/v2/subscriptions/contracts/:address/${action}/`,
      {
        config: { auth: 'user', idempotency: true },
        schema: {
          tags: ['social'],
          summary: `${action === 'follow' ? 'Follow' : 'Unfollow'} a contract (collection)`,
          params: contractParams,
          response: { 200: contractSubscriptionSchema, ...errorResponses },
        },
      },
      async (request) => {
        const { userId } = signedIn(request);
        return app.services.social.setContractFollow(userId, request.params.address, action === 'follow');
      },
    );
  }
};
