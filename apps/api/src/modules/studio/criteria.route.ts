// A drop NFT's participation criteria and allowlist, edited in the studio (decision 017 "Criteria"): the
// eligibility module's tables (decision 015), one criteria per NFT, replaced whole by PUT.
import { criteriaSchema } from '@vitrine/domain/studio-responses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../http/guard';
import { errorBody, errorResponses } from '../../http/schemas';
import { criteriaBody, nftParams } from './studio.schemas';

export const criteriaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/publisher/:slug/collections/:id/nfts/:nftId/criteria',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['studio'],
        summary: "An NFT's participation criteria (ALL / ANY, rules, allowlist) and their expression",
        params: nftParams,
        response: { 200: criteriaSchema, ...errorResponses },
      },
    },
    async (request) => {
      const p = request.params;
      return app.services.studio.getCriteria(p.slug, signedIn(request).userId, p.id, p.nftId);
    },
  );

  app.put(
    '/publisher/:slug/collections/:id/nfts/:nftId/criteria',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['studio'],
        summary:
          "Replace an NFT's criteria: counts of 1 or more, allowlist entries that are accounts ('There are N invalid entries')",
        params: nftParams,
        body: criteriaBody,
        response: { 200: criteriaSchema, ...errorResponses, 409: errorBody },
      },
    },
    async (request) => {
      const p = request.params;
      return app.services.studio.putCriteria(p.slug, signedIn(request).userId, p.id, p.nftId, request.body);
    },
  );
};
