import { collectionDetailSchema, collectionNiftyDetailSchema } from '@vitrine/domain/catalog-responses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, typeNumber } from '../../http/schemas';
import { keyParam } from './catalog.schemas';

const key = keyParam;

/** Collection pages: by slug, contract address or drop slug; and one nifty by contract + type. */
export const getCollectionRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/marketplace/collections/:key/',
    {
      schema: {
        tags: ['catalog'],
        summary: 'A collection by slug, contract address or drop slug',
        params: z.object({ key }),
        response: { 200: collectionDetailSchema, ...errorResponses },
      },
    },
    async (request) =>
      app.services.catalog.collection(request.params.key, await app.services.viewers.idOf(request)),
  );

  app.get(
    '/v1/marketplace/collections/:key/nifties/:type/',
    {
      schema: {
        tags: ['catalog'],
        summary: 'One nifty (edition) of a collection: /marketplace/collection/{contractAddress}/{type}',
        params: z.object({ key, type: typeNumber }),
        response: { 200: collectionNiftyDetailSchema, ...errorResponses },
      },
    },
    async (request) =>
      app.services.catalog.collectionNifty(
        request.params.key,
        request.params.type,
        await app.services.viewers.idOf(request),
      ),
  );
};
