import { tableNiftySchema } from '@vitrine/domain/catalog-responses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageOf } from '../../http/pagination';
import { errorResponses } from '../../http/schemas';
import { collectionTokensQuery, keyParam } from './catalog.schemas';

/** The collection listing table (001 §2 "Collection listing table", §3 "Table nifty"). */
export const listCollectionTokensRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/marketplace/collections/:key/tokens/',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Minted tokens of a collection, sortable, with numeric and date ranges',
        params: z.object({ key: keyParam }),
        querystring: collectionTokensQuery,
        response: { 200: pageOf(tableNiftySchema), ...errorResponses },
      },
    },
    async (request) => app.services.catalog.collectionTokens(request.params.key, request.query),
  );
};
