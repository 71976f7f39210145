// Password reset (000 §7) and change (account settings).
import { changePasswordSchema, confirmResetPasswordSchema, resetPasswordSchema } from '@vitrine/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../http/guard';
import { formBody } from '../../http/parse';
import { requestMeta } from './request-meta';
import { accountErrors, detail } from './schemas';

export const passwordRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/user/reset-password/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Email a password reset link (same answer whether or not the account exists)',
        body: formBody(resetPasswordSchema),
        response: { 200: detail, ...accountErrors },
      },
    },
    async (request) => {
      await app.services.accounts.auth.requestPasswordReset(
        request.body.email,
        requestMeta(request, app.services.accounts.origins),
      );
      return { detail: 'If an account exists for this email, we sent a link to reset the password.' };
    },
  );

  app.post(
    '/user/confirm-reset-password/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the reset link token; ends every session',
        body: formBody(confirmResetPasswordSchema),
        response: { 200: detail, ...accountErrors },
      },
    },
    async (request) => {
      const input = request.body;
      await app.services.accounts.auth.confirmPasswordReset(
        input.reset_token,
        input.new_password,
        requestMeta(request, app.services.accounts.origins),
      );
      return { detail: 'Your password has been reset.' };
    },
  );

  app.post(
    '/user/change-password/',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['auth'],
        summary: 'Change the password; ends every other session',
        body: formBody(changePasswordSchema),
        response: { 200: detail, ...accountErrors },
      },
    },
    async (request) => {
      const auth = signedIn(request);
      const input = request.body;
      await app.services.accounts.auth.changePassword(auth, input.current_password, input.new_password);
      return { detail: 'Your password has been changed.' };
    },
  );
};
