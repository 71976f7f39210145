import { homeDropSchema } from '@vitrine/domain/catalog-responses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../http/schemas';
import { sendSharedAnswer } from '../../http/shared-answer';
import { scope } from '../catalog/answer-scopes';

/** A drop page's sales: the drop with the sale cards of every one of its collections (decision 015). */
export const getDropRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/drops/:slug/',
    {
      schema: {
        tags: ['drops'],
        summary: 'One published drop with the sale cards of all its collections',
        params: z.object({ slug: z.string().min(1).max(200) }),
        response: { 200: homeDropSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      sendSharedAnswer(
        reply,
        app.services.answers,
        `drop:${request.params.slug.toLowerCase()}`,
        // Its sale cards show highest bids: a bid touches the drop's scope (services.ts, onAuctionChange).
        [scope.drop(request.params.slug)],
        homeDropSchema,
        () => app.services.drops.bySlug(request.params.slug),
      ),
  );
};
