// Two-factor settings of the signed-in user (000 §7): check, enroll, verify enrollment, skip prompt.
import { TWO_FACTOR_METHODS, twoFactorCodeSchema, twoFactorStatusSchema } from '@vitrine/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedIn } from '../../http/guard';
import { bool, looseBody, parseWith, pick } from '../../http/parse';
import { accountErrors } from './schemas';

export const twofaSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = () => app.services.accounts.auth;

  app.get(
    '/user/twofa/check/',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['auth'],
        summary: 'Two-factor status',
        response: { 200: twoFactorStatusSchema, ...accountErrors },
      },
    },
    async (request) => auth().twoFactorStatus(signedIn(request)),
  );

  app.post(
    '/user/twofa/enroll/',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['auth'],
        summary:
          'Start two-factor enrollment: sms, email or one_touch send a code; totp answers a secret and QR code',
        body: looseBody(['method']),
        response: {
          200: z.object({
            method: z.enum(TWO_FACTOR_METHODS),
            sent_to: z.string().optional(),
            secret: z.string().optional(),
            otpauth_url: z.string().optional(),
            qr_code: z.string().optional(),
          }),
          ...accountErrors,
        },
      },
    },
    async (request) => {
      const ctx = signedIn(request);
      const { method } = parseWith(
        z.object({ method: z.enum(TWO_FACTOR_METHODS, { error: 'Choose sms, email, totp or one_touch' }) }),
        {
          method: pick(request.body, 'method'),
        },
      );
      return auth().enrollTwoFactor(ctx, method);
    },
  );

  app.post(
    '/user/twofa/verifyenrollment/',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['auth'],
        summary: 'Finish two-factor enrollment with the code (auth_code)',
        body: looseBody(['auth_code', 'code']),
        response: {
          200: z.object({ twoFAEnabled: z.literal(true), method: z.enum(TWO_FACTOR_METHODS) }),
          ...accountErrors,
        },
      },
    },
    async (request) => {
      const ctx = signedIn(request);
      const { code } = parseWith(twoFactorCodeSchema, { code: pick(request.body, 'auth_code', 'code') });
      return auth().verifyEnrollment(ctx, code);
    },
  );

  app.patch(
    '/user/v2/toggle-should-skip-2fa-prompt/',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['auth'],
        summary: "Set (or toggle) shouldSkipTwofaPrompt: the 'Skip' of the two-factor prompt",
        body: looseBody(['shouldSkipTwofaPrompt', 'should_skip_twofa_prompt']).nullish(),
        response: { 200: z.object({ shouldSkipTwofaPrompt: z.boolean() }), ...accountErrors },
      },
    },
    async (request) => {
      const ctx = signedIn(request);
      const b = request.body ?? {};
      return auth().setSkipPrompt(ctx, bool(b.shouldSkipTwofaPrompt ?? b.should_skip_twofa_prompt));
    },
  );

  app.post(
    '/user/twofa/disable/',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['auth'],
        summary: 'Turn two-factor off (needs the password)',
        body: looseBody(['password']),
        response: { 200: z.object({ twoFAEnabled: z.literal(false) }), ...accountErrors },
      },
    },
    async (request) => {
      const ctx = signedIn(request);
      const { password } = parseWith(
        z.object({ password: z.string({ error: 'Required' }).min(1, 'Required').max(128) }),
        {
          password: pick(request.body, 'password'),
        },
      );
      return auth().disableTwoFactor(ctx, password);
    },
  );
};
