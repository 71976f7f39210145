// Two-factor verify: POST /o/twofa/ (token, code) and the JSON call POST /users/login/twofa/
// (twoFAToken, code). Without a code it is the one-touch check: 202 while pending.
import {
  pendingOneTouchSchema,
  tokenResponseSchema,
  twoFactorCodeSchema,
  twoFactorLoginResponseSchema,
} from '@vitrine/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formBody } from '../../http/parse';
import { requestMeta } from './request-meta';
import { accountErrors } from './schemas';

const twofaToken = z
  .string({ error: 'Required' })
  .min(1, 'Required')
  .max(200, 'Invalid token')
  .describe('The twofa_token of the challenge');
/** Without a code (or with an empty one) the call is the one-touch check. */
const code = z.preprocess(
  (v) => (v === '' ? undefined : v),
  twoFactorCodeSchema.shape.code.optional().describe('Omit for the one-touch check'),
);

export const twofaVerifyRoute: FastifyPluginAsyncZod = async (app) => {
  const verify = (request: FastifyRequest, input: { token: string; code?: string | undefined }) =>
    app.services.accounts.auth.verifyTwoFactor(
      { twofaToken: input.token, code: input.code },
      requestMeta(request, app.services.accounts.origins),
    );

  app.post(
    '/o/twofa/',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Two-factor step of the token call (form-encoded): token and code, or token only (one-touch check)',
        body: formBody(z.object({ token: twofaToken, code }), {
          token: ['token', 'twofa_token', 'twoFAToken'],
        }),
        response: { 200: tokenResponseSchema, 202: pendingOneTouchSchema, ...accountErrors },
      },
    },
    async (request, reply) => {
      const outcome = await verify(request, request.body);
      if (outcome.kind === 'pending')
        return reply.code(202).send({ status: 'pending' as const, expires_in: outcome.expiresIn });
      return outcome.tokens;
    },
  );

  app.post(
    '/users/login/twofa/',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Two-factor step of the JSON login: twoFAToken and code, or the token only (one-touch check)',
        body: formBody(z.object({ twoFAToken: twofaToken, code }), {
          twoFAToken: ['twoFAToken', 'twofa_token', 'token'],
        }),
        response: { 200: twoFactorLoginResponseSchema, 202: pendingOneTouchSchema, ...accountErrors },
      },
    },
    async (request, reply) => {
      const { twoFAToken, code } = request.body;
      const outcome = await verify(request, { token: twoFAToken, code });
      if (outcome.kind === 'pending')
        return reply.code(202).send({ status: 'pending' as const, expires_in: outcome.expiresIn });
      return {
        data: outcome.tokens,
        prompt2fa: outcome.tokens.prompt2fa,
        shouldSkipTwofaPrompt: outcome.tokens.shouldSkipTwofaPrompt,
      };
    },
  );

  app.post(
    '/user/twofa/unauthenticatedrequest/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Resend the two-factor code (or one-touch request) of a sign-in in progress',
        body: formBody(z.object({ twoFAToken: twofaToken }), {
          twoFAToken: ['twoFAToken', 'twofa_token', 'token'],
        }),
        response: {
          200: z.object({ sent: z.literal(true), method: z.string(), expires_in: z.number().int() }),
          ...accountErrors,
        },
      },
    },
    async (request) =>
      app.services.accounts.auth.resendTwoFactor(
        request.body.twoFAToken,
        requestMeta(request, app.services.accounts.origins),
      ),
  );
};
