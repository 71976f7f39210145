import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../http/schemas';
import { currency, fxRate } from './platform.schemas';

export const listFxRatesRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/fxrates/',
    {
      schema: {
        tags: ['platform'],
        summary: 'Exchange rates, newest first by default (000 §7 "Other")',
        querystring: z.object({
          source_currency: currency,
          base_currency: currency,
          order_by: z.enum(['-created_at', 'created_at']).default('-created_at'),
          limit: z.coerce.number().int().min(1).max(100).default(1),
          offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
        }),
        response: { 200: z.object({ count: z.number().int(), results: z.array(fxRate) }), ...errorResponses },
      },
    },
    async (request) => app.services.platform.fxRates(request.query),
  );
};
