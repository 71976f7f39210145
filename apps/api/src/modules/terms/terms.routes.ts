import { termsAgreementSchema, termsVersionSchema } from '@vitrine/domain/trading-responses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedIn } from '../../http/guard';
import { errorBody, errorResponses } from '../../http/schemas';
import { bearerToken } from '../platform/platform.schemas';

/**
 * Terms of service (000 §7 "fetch (list whose first item has markdown) and agree (paths not shown)"):
 * `GET /api/v2/terms-of-service/` lists the published versions, current first; `POST
 * /api/v2/terms-of-service/agree/` records the signed-in user's agreement to the current one.
 */
export const termsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v2/terms-of-service/',
    {
      schema: {
        tags: ['terms'],
        summary: 'The published Terms of Service, current version first (markdown)',
        response: { 200: z.array(termsVersionSchema), 500: errorBody },
      },
    },
    async () =>
      (await app.services.terms.list()).map((t) => ({
        id: t.id,
        version: t.version,
        markdown: t.markdown,
        publishedAt: t.publishedAt.toISOString(),
      })),
  );

  app.post(
    '/v2/terms-of-service/agree/',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['terms'],
        summary: 'Agree to the current Terms of Service (records the version and the time)',
        body: z.object({ version: z.string().min(1).max(100).optional() }),
        response: {
          200: termsAgreementSchema,
          ...errorResponses,
          409: errorBody,
        },
      },
    },
    async (request) => {
      const { userId } = signedIn(request);
      const agreed = await app.services.terms.agree(userId, request.body.version);
      return {
        version: agreed.version,
        agreedAt: agreed.agreedAt.toISOString(),
        needsTermsAndConditionsApproval: await app.services.terms.needsApproval(userId),
      };
    },
  );

  app.post(
    '/v2/terms-of-service/require-approval/',
    {
      schema: {
        tags: ['terms'],
        summary: 'Ask an account to agree to the terms again (operators: Authorization: Bearer $ADMIN_TOKEN)',
        security: [{ adminToken: [] }],
        body: z.object({ email: z.string().email().max(320) }),
        response: { 200: z.object({ needsTermsAndConditionsApproval: z.literal(true) }), ...errorResponses },
      },
    },
    async (request) => {
      app.services.platform.requireOperator(
        bearerToken(request.headers.authorization),
        'Requiring terms approval',
      );
      await app.services.terms.requireApproval(request.body.email);
      return { needsTermsAndConditionsApproval: true as const };
    },
  );
};
