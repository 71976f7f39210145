import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../http/schemas';
import { bearerToken, currency, decimal, fxRate } from './platform.schemas';

export const addFxRateRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/v1/fxrates/',
    {
      schema: {
        tags: ['platform'],
        summary: 'Record a new exchange rate (operators: Authorization: Bearer $ADMIN_TOKEN)',
        security: [{ adminToken: [] }],
        body: z.object({ source_currency: currency, base_currency: currency, price: decimal }),
        response: { 201: fxRate, ...errorResponses },
      },
    },
    async (request, reply) => {
      const row = await app.services.platform.addFxRate(
        bearerToken(request.headers.authorization),
        request.body,
      );
      return reply.code(201).send(row);
    },
  );
};
