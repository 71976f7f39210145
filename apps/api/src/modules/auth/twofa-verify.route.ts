// Two-factor verify: POST /o/twofa/ (token, code) and the JSON call POST /users/login/twofa/
// (twoFAToken, code). Without a code it is the one-touch check: 202 while pending.
import {
  pendingOneTouchSchema,
  tokenResponseSchema,
  twoFactorCodeSchema,
  twoFactorLoginResponseSchema,
} from '@vitrine/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { looseBody, parseWith, pick } from '../../http/parse';
import { requestMeta } from './request-meta';
import { accountErrors } from './schemas';

const tokenField = z.object({
  token: z.string({ error: 'Required' }).min(1, 'Required').max(200, 'Invalid token'),
});

export const twofaVerifyRoute: FastifyPluginAsyncZod = async (app) => {
  async function verify(
    raw: { token: string | undefined; code: string | undefined },
    meta: ReturnType<typeof requestMeta>,
  ) {
    const { token } = parseWith(tokenField, { token: raw.token });
    const code =
      raw.code === undefined || raw.code === ''
        ? undefined
        : parseWith(twoFactorCodeSchema, { code: raw.code }).code;
    return app.services.accounts.auth.verifyTwoFactor({ twofaToken: token, code }, meta);
  }

  app.post(
    '/o/twofa/',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Two-factor step of the token call (form-encoded): token and code, or token only (one-touch check)',
        body: looseBody(['token', 'twofa_token', 'twoFAToken', 'code']),
        response: { 200: tokenResponseSchema, 202: pendingOneTouchSchema, ...accountErrors },
      },
    },
    async (request, reply) => {
      const b = request.body;
      const outcome = await verify(
        { token: pick(b, 'token', 'twofa_token', 'twoFAToken'), code: pick(b, 'code') },
        requestMeta(request, app.services.accounts.origins),
      );
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
        body: looseBody(['twoFAToken', 'twofa_token', 'token', 'code']),
        response: { 200: twoFactorLoginResponseSchema, 202: pendingOneTouchSchema, ...accountErrors },
      },
    },
    async (request, reply) => {
      const b = request.body;
      const outcome = await verify(
        { token: pick(b, 'twoFAToken', 'twofa_token', 'token'), code: pick(b, 'code') },
        requestMeta(request, app.services.accounts.origins),
      );
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
        body: looseBody(['twoFAToken', 'twofa_token', 'token']),
        response: {
          200: z.object({ sent: z.literal(true), method: z.string(), expires_in: z.number().int() }),
          ...accountErrors,
        },
      },
    },
    async (request) => {
      const { token } = parseWith(tokenField, {
        token: pick(request.body, 'twoFAToken', 'twofa_token', 'token'),
      });
      return app.services.accounts.auth.resendTwoFactor(
        token,
        requestMeta(request, app.services.accounts.origins),
      );
    },
  );
};
