// POST /o/token/ (000 §7 "Auth"): password, wallet and refresh grants, form-encoded.
import { loginSchema, tokenOrChallengeSchema, walletAddressSchema } from '@vitrine/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formBody, invalid, parseWith, pick } from '../../http/parse';
import { requestMeta } from './request-meta';
import { accountErrors } from './schemas';

export const walletFields = z.object({
  address: walletAddressSchema,
  signature: z.string({ error: 'Required' }).regex(/^0x[0-9a-fA-F]{2,1000}$/, 'Invalid signature'),
  message: z.string({ error: 'Required' }).min(1, 'Required').max(4000, 'Too long'),
});

export const captchaToken = z.string().max(10_000).optional().describe('The bot check (ALTCHA) solution');

const body = formBody(
  z.object({
    grant_type: z.enum(['password', 'wallet', 'refresh_token']),
    username: loginSchema.shape.email.optional().describe('password grant: the email'),
    password: loginSchema.shape.password.optional().describe('password grant'),
    wallet_address: walletFields.shape.address.optional().describe('wallet grant'),
    signature: walletFields.shape.signature.optional().describe('wallet grant'),
    message: walletFields.shape.message.optional().describe('wallet grant: the EIP-4361 message'),
    refresh_token: z.string().min(1).max(200).optional().describe('refresh_token grant'),
    captcha_token_v3: captchaToken,
    captchaTokenV3: captchaToken.describe('Alias of captcha_token_v3'),
  }),
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
      const grant = pick(b, 'grant_type');
      const captchaToken = pick(b, 'captcha_token_v3', 'captchaTokenV3');
      if (grant === 'password') {
        const input = parseWith(loginSchema, { email: pick(b, 'username'), password: pick(b, 'password') });
        const outcome = await auth.passwordGrant({ ...input, captchaToken }, meta);
        return outcome.kind === 'tokens' ? outcome.tokens : outcome.challenge;
      }
      if (grant === 'wallet') {
        const w = parseWith(walletFields, {
          address: pick(b, 'wallet_address'),
          signature: pick(b, 'signature'),
          message: pick(b, 'message'),
        });
        const outcome = await auth.walletGrant({ ...w, captchaToken }, meta);
        return outcome.kind === 'tokens' ? outcome.tokens : outcome.challenge;
      }
      if (grant === 'refresh_token') {
        const { refresh_token } = parseWith(
          z.object({
            refresh_token: z
              .string({ error: 'Required' })
              .min(1, 'Required')
              .max(200, 'Invalid refresh token'),
          }),
          { refresh_token: pick(b, 'refresh_token') },
        );
        return auth.refreshGrant(refresh_token, meta);
      }
      throw invalid('grant_type', grant ? 'Unsupported grant type' : 'Required');
    },
  );
};
