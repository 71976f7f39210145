// Two-factor settings of the signed-in user (000 §7): check, enroll, verify enrollment, skip prompt.
import {
  TWO_FACTOR_METHODS,
  twoFactorCodeSchema,
  twoFactorEnrollmentSchema,
  twoFactorStatusSchema,
} from '@vitrine/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedIn } from '../../http/guard';
import { formBody, formBoolean } from '../../http/parse';
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
        body: formBody(
          z.object({ method: z.enum(TWO_FACTOR_METHODS, { error: 'Choose sms, email, totp or one_touch' }) }),
        ),
        response: {
          200: twoFactorEnrollmentSchema,
          ...accountErrors,
        },
      },
    },
    async (request) => auth().enrollTwoFactor(signedIn(request), request.body.method),
  );

  app.post(
    '/user/twofa/verifyenrollment/',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['auth'],
        summary: 'Finish two-factor enrollment with the code (auth_code)',
        // The spec's name is auth_code; a 400 names the field `code` (the web's enrollment form reads it).
        body: formBody(
          z.object({ code: twoFactorCodeSchema.shape.code.describe('The code (form name auth_code)') }),
          { code: ['auth_code', 'code'] },
        ),
        response: {
          200: z.object({ twoFAEnabled: z.literal(true), method: z.enum(TWO_FACTOR_METHODS) }),
          ...accountErrors,
        },
      },
    },
    async (request) => auth().verifyEnrollment(signedIn(request), request.body.code),
  );

  app.patch(
    '/user/v2/toggle-should-skip-2fa-prompt/',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['auth'],
        summary: "Set (or toggle) shouldSkipTwofaPrompt: the 'Skip' of the two-factor prompt",
        body: formBody(
          z.object({ shouldSkipTwofaPrompt: formBoolean.describe('Omitted: toggles the current value') }),
          { shouldSkipTwofaPrompt: ['shouldSkipTwofaPrompt', 'should_skip_twofa_prompt'] },
        ).nullish(),
        response: { 200: z.object({ shouldSkipTwofaPrompt: z.boolean() }), ...accountErrors },
      },
    },
    async (request) => auth().setSkipPrompt(signedIn(request), request.body?.shouldSkipTwofaPrompt),
  );

  app.post(
    '/user/twofa/disable/',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['auth'],
        summary:
          'Turn two-factor off: needs the password, or for an account with none (wallet sign-up) the two-factor code',
        body: formBody(
          z.object({
            password: z.string().max(128).optional(),
            twoFactorCode: z.string().max(16).optional(),
          }),
        ),
        response: { 200: z.object({ twoFAEnabled: z.literal(false) }), ...accountErrors },
      },
    },
    async (request) => auth().disableTwoFactor(signedIn(request), request.body),
  );
};
