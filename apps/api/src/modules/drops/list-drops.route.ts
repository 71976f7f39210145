import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageOf, pageQuery } from '../../http/pagination';
import { errorResponses } from '../../http/schemas';
import { dropSummary } from './drops.schemas';

export const listDropsRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/drops/',
    {
      schema: {
        tags: ['drops'],
        summary: 'Published drops that are live, upcoming or past, by the server clock',
        querystring: pageQuery.extend({ status: z.enum(['live', 'upcoming', 'past']).default('live') }),
        response: { 200: pageOf(dropSummary), ...errorResponses },
      },
    },
    async (request) => {
      const { status, ...page } = request.query;
      return app.services.drops.list(status, page);
    },
  );
};
