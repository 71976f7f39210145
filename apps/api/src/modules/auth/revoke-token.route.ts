import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formBody } from '../../http/parse';
import { accountErrors } from './schemas';

const body = formBody(
  z.object({
    token: z
      .string({ error: 'Required' })
      .min(1, 'Required')
      .max(200)
      .describe('An access or a refresh token (RFC 7009)'),
  }),
);

export const revokeTokenRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/oauth2/revoke-token/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Revoke an access or refresh token: ends its whole session (logout)',
        body,
        response: { 200: z.object({ revoked: z.literal(true) }), ...accountErrors },
      },
    },
    async (request) => {
      await app.services.accounts.auth.revoke(request.body.token);
      return { revoked: true as const };
    },
  );
};
