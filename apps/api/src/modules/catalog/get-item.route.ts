import { itemDetailSchema } from '@vitrine/domain/catalog-responses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../http/schemas';
import { addressParam, tokenIdParam } from './catalog.schemas';

/** The item page /marketplace/item/{contractAddress}/{tokenId}. */
export const getItemRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/marketplace/items/:contractAddress/:tokenId/',
    {
      schema: {
        tags: ['catalog'],
        summary: 'One NFT: owner, listings, offers, sale history, price history',
        params: z.object({ contractAddress: addressParam, tokenId: tokenIdParam }),
        response: { 200: itemDetailSchema, ...errorResponses },
      },
    },
    async (request) =>
      app.services.catalog.item(
        request.params.contractAddress,
        request.params.tokenId,
        await app.services.viewers.idOf(request),
      ),
  );
};
