import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../http/schemas';
import { bearerToken } from './platform.schemas';

export const setFeatureFlagRoute: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/feature-flag/:key/',
    {
      schema: {
        tags: ['platform'],
        summary: 'Switch a feature flag (operators: Authorization: Bearer $ADMIN_TOKEN)',
        security: [{ adminToken: [] }],
        params: z.object({
          key: z.string().regex(/^[A-Z][A-Z0-9_]{1,63}$/, 'Flag names are UPPER_SNAKE_CASE'),
        }),
        body: z.object({ enabled: z.boolean() }),
        response: { 200: z.record(z.string(), z.boolean()), ...errorResponses },
      },
    },
    async (request) =>
      app.services.platform.setFeatureFlag(
        bearerToken(request.headers.authorization),
        request.params.key,
        request.body.enabled,
      ),
  );
};
