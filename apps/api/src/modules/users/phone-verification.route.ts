// Phone verification (000 §4 "Profile validation", §7): GET, POST (to), PUT (code), PATCH (resend), DELETE.
import { phoneVerificationSchema, verificationCodeSchema } from '@vitrine/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedIn } from '../../http/guard';
import { formBody } from '../../http/parse';
import { errorBody } from '../../http/schemas';
import { accountErrors } from '../auth/schemas';

const schema = (summary: string) => ({
  tags: ['users'],
  summary,
  response: { 200: phoneVerificationSchema, ...accountErrors },
});

/** The number as typed: the service strips spaces, parentheses and hyphens, then checks it. */
const to = z
  .string({ error: 'Required' })
  .min(1, 'Required')
  .max(10_000)
  .describe("International: '+', country code and number");

/** With two-factor on, a change of the number needs its code (403 two_factor_required sends one). */
const twoFactorCode = z.string().max(16).optional().describe('With two-factor on: the code of its method');

export const phoneVerificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const users = () => app.services.accounts.users;
  const path = '/user/verification/';

  app.get(path, { config: { auth: 'user' }, schema: schema('Phone verification state') }, async (request) =>
    users().phoneVerification(signedIn(request)),
  );

  app.post(
    path,
    {
      config: { auth: 'user' },
      schema: {
        ...schema('Register a phone number and send it a code (to)'),
        body: formBody(z.object({ to, twoFactorCode }), { to: ['to', 'phone_number'] }),
      },
    },
    async (request) =>
      users().startPhoneVerification(signedIn(request), request.body.to, request.body.twoFactorCode),
  );

  app.put(
    path,
    {
      config: { auth: 'user' },
      schema: { ...schema('Check the code (code)'), body: formBody(verificationCodeSchema) },
    },
    async (request) => users().confirmPhoneVerification(signedIn(request), request.body.code),
  );

  app.patch(path, { config: { auth: 'user' }, schema: schema('Resend the code') }, async (request) =>
    users().resendPhoneVerification(signedIn(request)),
  );

  app.delete(
    path,
    {
      config: { auth: 'user' },
      schema: {
        ...schema('Remove the registration or the verified number'),
        response: { 200: phoneVerificationSchema, ...accountErrors, 409: errorBody },
        body: z.object({ twoFactorCode }).nullish(),
      },
    },
    async (request) => users().removePhoneVerification(signedIn(request), request.body?.twoFactorCode),
  );
};
