import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { looseBody, parseWith, pick } from '../../http/parse';
import { accountErrors } from './schemas';

export const revokeTokenRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/oauth2/revoke-token/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Revoke an access or refresh token: ends its whole session (logout)',
        body: looseBody(['token']),
        response: { 200: z.object({ revoked: z.literal(true) }), ...accountErrors },
      },
    },
    async (request) => {
      const { token } = parseWith(
        z.object({ token: z.string({ error: 'Required' }).min(1, 'Required').max(200) }),
        {
          token: pick(request.body, 'token'),
        },
      );
      await app.services.accounts.auth.revoke(token);
      return { revoked: true as const };
    },
  );
};
