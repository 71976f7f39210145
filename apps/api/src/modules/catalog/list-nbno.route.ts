import { nbnoItemSchema } from '@vitrine/domain/catalog-responses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageOf } from '../../http/pagination';
import { errorResponses } from '../../http/schemas';
import { nbnoQuery } from './catalog.schemas';

/** GET /v1/nbno/?search (001 §7): nifties (editions) for pickers. */
export const listNbnoRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/nbno/',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Nifties (editions) matching a search text, newest first',
        querystring: nbnoQuery,
        response: { 200: pageOf(nbnoItemSchema), ...errorResponses },
      },
    },
    async (request) => app.services.catalog.nbno(request.query),
  );
};
