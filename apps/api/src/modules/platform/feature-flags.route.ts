import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const featureFlagsRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/feature-flag/',
    {
      schema: {
        tags: ['platform'],
        summary: 'Feature flags (000 §7 "Other")',
        response: { 200: z.record(z.string(), z.boolean()) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return app.services.platform.featureFlags();
    },
  );
};
