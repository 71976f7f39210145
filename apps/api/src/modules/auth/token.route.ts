// POST /o/token/ (000 §7 "Auth"): password, wallet and refresh grants, form-encoded.
import { loginSchema, tokenOrChallengeSchema, walletAddressSchema } from '@vitrine/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { byGrant, formBody } from '../../http/parse';
import { requestMeta } from './request-meta';
import { accountErrors } from './schemas';

export const walletFields = z.object({
  address: walletAddressSchema,
  signature: z.string({ error: 'Required' }).regex(/^0x[0-9a-fA-F]{2,1000}$/, 'Invalid signature'),
  message: z.string({ error: 'Required' }).min(1, 'Required').max(4000, 'Too long'),
});

export const captchaToken = z.string().max(10_000).optional().describe('The bot check (ALTCHA) solution');

const body = formBody(
  byGrant('grant_type', [
    z.object({
      grant_type: z.literal('password'),
      username: loginSchema.shape.email.describe('The email'),
      password: loginSchema.shape.password,
      captcha_token_v3: captchaToken,
    }),
    z.object({
      grant_type: z.literal('wallet'),
      wallet_address: walletFields.shape.address,
      signature: walletFields.shape.signature,
      message: walletFields.shape.message.describe('The EIP-4361 message of GET /user/nonce/'),
      captcha_token_v3: captchaToken,
    }),
    z.object({
      grant_type: z.literal('refresh_token'),
      refresh_token: z.string({ error: 'Required' }).min(1, 'Required').max(200, 'Invalid refresh token'),
    }),
  ]),
  { captcha_token_v3: ['captcha_token_v3', 'captchaTokenV3'] },
);

export const tokenRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/o/token/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Token call: password, wallet and refresh_token grants (form-encoded or JSON)',
        body,
        response: { 200: tokenOrChallengeSchema, ...accountErrors },
      },
    },
    async (request) => {
      const b = request.body;
      const { auth, origins } = app.services.accounts;
      const meta = requestMeta(request, origins);
      if (b.grant_type === 'refresh_token') return auth.refreshGrant(b.refresh_token, meta);
      const outcome =
        b.grant_type === 'password'
          ? await auth.passwordGrant(
              { email: b.username, password: b.password, captchaToken: b.captcha_token_v3 },
              meta,
            )
          : await auth.walletGrant(
              {
                address: b.wallet_address,
                signature: b.signature,
                message: b.message,
                captchaToken: b.captcha_token_v3,
              },
              meta,
            );
      return outcome.kind === 'tokens' ? outcome.tokens : outcome.challenge;
    },
  );
};
