import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const captchaChallengeRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/captcha/challenge/',
    {
      schema: {
        tags: ['auth'],
        summary: 'A proof-of-work bot check (ALTCHA v1 challenge) for login and signup',
        description:
          '`level=hard` answers the stronger check a sign-in needs once its account has passed the limit of failed sign-ins (errorType `bot_check_required`).',
        querystring: z.object({ level: z.enum(['normal', 'hard']).default('normal') }),
        response: {
          200: z.object({
            algorithm: z.string(),
            challenge: z.string(),
            maxnumber: z.number().int().optional(),
            salt: z.string(),
            signature: z.string(),
          }),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return app.services.accounts.auth.captchaChallenge(request.query.level);
    },
  );
};
