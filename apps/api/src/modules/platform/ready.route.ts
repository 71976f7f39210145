import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../../http/schemas';

export const readyRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/ready',
    {
      schema: {
        tags: ['platform'],
        summary: 'The database answers and every migration is applied',
        response: {
          200: z.object({ status: z.literal('ready'), store: z.string() }),
          503: errorBody,
        },
      },
    },
    async (_request, reply) => {
      const { database } = app.config;
      if (await database.ready()) return { status: 'ready' as const, store: database.kind };
      return reply
        .code(503)
        .send({ statusCode: 503, errorType: 'not-ready', message: 'The store is not ready' });
    },
  );
};
