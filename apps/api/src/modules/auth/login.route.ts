// The JSON login calls (000 §7 "The login call"; paths chosen in decision 003).
import { loginResponseSchema, loginSchema } from '@vitrine/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formBody, parseWith, pick } from '../../http/parse';
import type { LoginOutcome } from './auth.service';
import { requestMeta } from './request-meta';
import { accountErrors } from './schemas';
import { captchaToken, walletFields } from './token.route';

const asLoginResponse = (o: LoginOutcome) =>
  o.kind === 'tokens'
    ? { data: o.tokens, prompt2fa: o.tokens.prompt2fa }
    : { data: o.challenge, prompt2fa: false };

export const loginRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/users/login/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password: tokens, or a two-factor challenge',
        body: formBody(
          loginSchema.extend({
            captchaTokenV3: captchaToken,
            captcha_token_v3: captchaToken.describe('Alias'),
          }),
        ),
        response: { 200: loginResponseSchema, ...accountErrors },
      },
    },
    async (request) => {
      const b = request.body;
      const { auth, origins } = app.services.accounts;
      const input = parseWith(loginSchema, { email: pick(b, 'email'), password: pick(b, 'password') });
      const outcome = await auth.passwordGrant(
        { ...input, captchaToken: pick(b, 'captcha_token_v3', 'captchaTokenV3') },
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
            signature: walletFields.shape.signature.optional().describe('Alias of signedMessage'),
            message: walletFields.shape.message,
            captchaTokenV3: captchaToken,
            captcha_token_v3: captchaToken.describe('Alias of captchaTokenV3'),
          }),
        ),
        response: { 200: loginResponseSchema, ...accountErrors },
      },
    },
    async (request) => {
      const b = request.body;
      const { auth, origins } = app.services.accounts;
      const w = parseWith(walletFields, {
        address: pick(b, 'walletAddress'),
        signature: pick(b, 'signedMessage', 'signature'),
        message: pick(b, 'message'),
      });
      const outcome = await auth.walletGrant(
        { ...w, captchaToken: pick(b, 'captcha_token_v3', 'captchaTokenV3') },
        requestMeta(request, origins),
      );
      return asLoginResponse(outcome);
    },
  );
};
