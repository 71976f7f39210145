// The JSON login calls (000 §7 "The login call"; paths chosen in decision 003).
import { loginResponseSchema, loginSchema } from '@vitrine/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formBody } from '../../http/parse';
import type { LoginOutcome } from './auth.service';
import { requestMeta } from './request-meta';
import { accountErrors } from './schemas';
import { captchaToken, walletFields } from './token.route';

const asLoginResponse = (o: LoginOutcome) =>
  o.kind === 'tokens'
    ? { data: o.tokens, prompt2fa: o.tokens.prompt2fa }
    : { data: o.challenge, prompt2fa: false };

const captchaSpellings = { captchaTokenV3: ['captcha_token_v3', 'captchaTokenV3'] } as const;

export const loginRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/users/login/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password: tokens, or a two-factor challenge',
        body: formBody(loginSchema.extend({ captchaTokenV3: captchaToken }), captchaSpellings),
        response: { 200: loginResponseSchema, ...accountErrors },
      },
    },
    async (request) => {
      const { email, password, captchaTokenV3 } = request.body;
      const { auth, origins } = app.services.accounts;
      const outcome = await auth.passwordGrant(
        { email, password, captchaToken: captchaTokenV3 },
        requestMeta(request, origins),
      );
      return asLoginResponse(outcome);
    },
  );

  app.post(
    '/users/login/wallet/',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Sign in with a wallet (EIP-4361 message from /user/nonce/): tokens, or a two-factor challenge',
        body: formBody(
          z.object({
            walletAddress: walletFields.shape.address,
            signedMessage: walletFields.shape.signature,
            message: walletFields.shape.message,
            captchaTokenV3: captchaToken,
          }),
          { ...captchaSpellings, signedMessage: ['signedMessage', 'signature'] },
        ),
        response: { 200: loginResponseSchema, ...accountErrors },
      },
    },
    async (request) => {
      const b = request.body;
      const { auth, origins } = app.services.accounts;
      const outcome = await auth.walletGrant(
        {
          address: b.walletAddress,
          signature: b.signedMessage,
          message: b.message,
          captchaToken: b.captchaTokenV3,
        },
        requestMeta(request, origins),
      );
      return asLoginResponse(outcome);
    },
  );
};
