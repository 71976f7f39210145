import { verificationCodeSchema } from '@vitrine/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { optionalAuth, signedIn } from '../../http/guard';
import { formBody } from '../../http/parse';
import { requestMeta } from './request-meta';
import { accountErrors } from './schemas';

export const verifyEmailRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/users/verify-email/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Verify the email: the 6-digit code (signed in) or the link token (any time within 1 hour)',
        body: formBody(verificationCodeSchema),
        response: { 200: z.object({ verified: z.literal(true) }), ...accountErrors },
      },
    },
    async (request) => {
      await app.services.accounts.auth.verifyEmail(
        request.body.code,
        await optionalAuth(request),
        requestMeta(request, app.services.accounts.origins),
      );
      return { verified: true as const };
    },
  );

  app.get(
    '/users/verify-email/',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['auth'],
        summary: 'Send a new verification email to the signed-in user',
        response: { 200: z.object({ sent: z.boolean(), email_verified: z.boolean() }), ...accountErrors },
      },
    },
    async (request) => {
      const auth = signedIn(request);
      return app.services.accounts.auth.resendEmailVerification(
        auth,
        requestMeta(request, app.services.accounts.origins),
      );
    },
  );
};
