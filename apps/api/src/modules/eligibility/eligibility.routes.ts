// Eligibility of the viewer for a drop's nifties (docs/decisions/015). Public routes: signed out answers
// 'Eligibility Required' with the criteria; a signed-in viewer gets 'Eligible' / 'Not Eligible'.
import { dropEligibilitySchema, niftyEligibilitySchema } from '@vitrine/domain/catalog-responses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, typeNumber } from '../../http/schemas';

export const eligibilityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v2/eligibility/:contractAddress/:niftyType/',
    {
      schema: {
        tags: ['drops'],
        summary: "The viewer's eligibility for one drop nifty (contract address and nifty type)",
        params: z.object({
          contractAddress: z.string().min(1).max(100),
          niftyType: typeNumber,
        }),
        response: { 200: niftyEligibilitySchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return app.services.eligibility.forNifty(
        request.params.contractAddress,
        request.params.niftyType,
        await app.services.viewers.idOf(request),
      );
    },
  );

  app.get(
    '/v2/drops/:slug/eligibility/',
    {
      schema: {
        tags: ['drops'],
        summary: "The viewer's eligibility for every nifty of every collection of a drop",
        params: z.object({ slug: z.string().min(1).max(200) }),
        response: { 200: dropEligibilitySchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return {
        results: await app.services.eligibility.forDrop(
          request.params.slug,
          await app.services.viewers.idOf(request),
        ),
      };
    },
  );
};
