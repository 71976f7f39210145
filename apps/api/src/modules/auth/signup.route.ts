// POST /users/signup/ (000 §3, §7): password and wallet grants, JSON (camelCase) or form (snake_case).
import {
  passwordSchema,
  signupPasswordSchema,
  signupWalletSchema,
  tokenResponseSchema,
} from '@vitrine/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bool, formBody, invalid, parseWith, pick } from '../../http/parse';
import { assertStrongPassword } from './password';
import { requestMeta } from './request-meta';
import { accountErrors } from './schemas';
import { captchaToken, walletFields } from './token.route';

const alias = <T extends z.ZodType>(schema: T, of: string) =>
  schema.optional().describe(`Alias of ${of} (forms)`);
const grantType = z.enum(['password', 'wallet']);

const body = formBody(
  z.object({
    grantType,
    grant_type: alias(grantType, 'grantType'),
    email: signupWalletSchema.shape.email,
    username: alias(signupWalletSchema.shape.email, 'email'),
    firstName: signupWalletSchema.shape.firstName,
    first_name: alias(signupWalletSchema.shape.firstName, 'firstName'),
    lastName: signupWalletSchema.shape.lastName,
    last_name: alias(signupWalletSchema.shape.lastName, 'lastName'),
    password: passwordSchema.optional().describe('password grant'),
    walletAddress: walletFields.shape.address.optional().describe('wallet grant'),
    wallet_address: alias(walletFields.shape.address, 'walletAddress'),
    signature: walletFields.shape.signature.optional().describe('wallet grant'),
    message: walletFields.shape.message.optional().describe('wallet grant: the EIP-4361 message'),
    referral: z.string().max(100).optional(),
    subscribe: z.boolean().optional().describe('Default true; forms send true|false|1|0'),
    captchaToken,
    captcha_token: alias(captchaToken, 'captchaToken'),
    captchaTokenV3: captchaToken,
    captcha_token_v3: alias(captchaToken, 'captchaTokenV3'),
  }),
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
          201: z.object({
            data: tokenResponseSchema,
            prompt2fa: z.boolean(),
            user: z.object({ id: z.number().int(), email: z.string(), profileUrl: z.string() }),
          }),
          ...accountErrors,
        },
      },
    },
    async (request, reply) => {
      const b = request.body;
      const grantType = pick(b, 'grant_type', 'grantType');
      if (grantType !== 'password' && grantType !== 'wallet') {
        throw invalid('grantType', grantType ? 'Unsupported grant type' : 'Required');
      }
      const common = {
        email: pick(b, 'username', 'email'),
        firstName: pick(b, 'first_name', 'firstName'),
        lastName: pick(b, 'last_name', 'lastName'),
      };
      const referral = pick(b, 'referral')?.trim().slice(0, 100) || undefined;
      const subscribe = bool(b.subscribe) ?? true;
      const captchaTokens = [
        pick(b, 'captcha_token', 'captchaToken'),
        pick(b, 'captcha_token_v3', 'captchaTokenV3'),
      ];
      const meta = requestMeta(request, app.services.accounts.origins);
      const { auth } = app.services.accounts;
      let result: Awaited<ReturnType<typeof auth.signup>>;
      if (grantType === 'password') {
        const input = parseWith(signupPasswordSchema, { ...common, password: pick(b, 'password') });
        assertStrongPassword('password', input.password, input.email);
        result = await auth.signup({ grantType, ...input, referral, subscribe }, captchaTokens, meta);
      } else {
        const input = parseWith(signupWalletSchema, common);
        const w = parseWith(walletFields, {
          address: pick(b, 'wallet_address', 'walletAddress'),
          signature: pick(b, 'signature'),
          message: pick(b, 'message'),
        });
        result = await auth.signup(
          {
            grantType,
            ...input,
            walletAddress: w.address,
            signature: w.signature,
            message: w.message,
            referral,
            subscribe,
          },
          captchaTokens,
          meta,
        );
      }
      return reply.code(201).send({ data: result.tokens, prompt2fa: false, user: result.user });
    },
  );
};
