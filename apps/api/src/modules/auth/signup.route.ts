// POST /users/signup/ (000 §3, §7): password and wallet grants, JSON (camelCase) or form (snake_case).
import { signupPasswordSchema, signupResponseSchema, signupWalletSchema } from '@vitrine/domain';
import { weakPasswordMessage } from '@vitrine/domain/common-passwords';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { byGrant, formBody, formBoolean } from '../../http/parse';
import { requestMeta } from './request-meta';
import { accountErrors } from './schemas';
import { captchaToken, walletFields } from './token.route';

/** Fields of both grants besides the form's. */
const extras = {
  referral: z
    .string()
    .max(10_000)
    .describe('The first 100 characters are kept')
    .optional()
    .transform((r) => r?.trim().slice(0, 100) || undefined),
  subscribe: formBoolean.describe('Default true').transform((s) => s ?? true),
  captchaToken,
  captchaTokenV3: captchaToken,
};

const body = formBody(
  byGrant('grantType', [
    signupPasswordSchema
      .extend({ grantType: z.literal('password'), ...extras })
      // The password rule beyond the form's (decision 003 "Password rule"): common passwords.
      .superRefine((v, ctx) => {
        const message = weakPasswordMessage(v.password, v.email);
        if (message) ctx.addIssue({ code: 'custom', path: ['password'], message });
      }),
    signupWalletSchema.extend({
      grantType: z.literal('wallet'),
      walletAddress: walletFields.shape.address,
      signature: walletFields.shape.signature,
      message: walletFields.shape.message.describe('The message of GET /user/message-to-sign/'),
      ...extras,
    }),
  ]),
  {
    grantType: ['grant_type', 'grantType'],
    email: ['username', 'email'],
    firstName: ['first_name', 'firstName'],
    lastName: ['last_name', 'lastName'],
    walletAddress: ['wallet_address', 'walletAddress'],
    captchaToken: ['captcha_token', 'captchaToken'],
    captchaTokenV3: ['captcha_token_v3', 'captchaTokenV3'],
  },
);

export const signupRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/users/signup/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create an account (password or wallet grant) and sign in',
        body,
        response: {
          201: signupResponseSchema,
          ...accountErrors,
        },
      },
    },
    async (request, reply) => {
      const { captchaToken, captchaTokenV3, ...input } = request.body;
      const meta = requestMeta(request, app.services.accounts.origins);
      const result = await app.services.accounts.auth.signup(input, [captchaToken, captchaTokenV3], meta);
      return reply.code(201).send({ data: result.tokens, prompt2fa: false, user: result.user });
    },
  );
};
