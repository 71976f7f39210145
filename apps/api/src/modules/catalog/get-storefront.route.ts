import { storefrontSchema } from '@vitrine/domain/catalog-responses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../http/schemas';
import { keyParam } from './catalog.schemas';

/** A publisher's or creator's storefront (/{publisherSlug}, /{storefrontSlug}). */
export const getStorefrontRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/storefronts/:slug/',
    {
      schema: {
        tags: ['catalog'],
        summary: 'A storefront: a publisher by slug, else a creator by profile_url',
        params: z.object({ slug: keyParam }),
        response: { 200: storefrontSchema, ...errorResponses },
      },
    },
    async (request) =>
      app.services.catalog.storefront(request.params.slug, await app.services.viewers.idOf(request)),
  );
};
