// Phone verification (000 §4 "Profile validation", §7): GET, POST (to), PUT (code), PATCH (resend), DELETE.
import { phoneVerificationSchema, verificationCodeSchema } from '@vitrine/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../http/guard';
import { invalid, looseBody, parseWith, pick } from '../../http/parse';
import { accountErrors } from '../auth/schemas';

const schema = (summary: string) => ({
  tags: ['users'],
  summary,
  response: { 200: phoneVerificationSchema, ...accountErrors },
});
const body = looseBody(['to', 'code', 'phone_number']);

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
      schema: { ...schema('Register a phone number and send it a code (to)'), body },
    },
    async (request) => {
      const auth = signedIn(request);
      const to = pick(request.body, 'to', 'phone_number');
      if (!to) throw invalid('to', 'Required');
      return users().startPhoneVerification(auth, to);
    },
  );

  app.put(
    path,
    { config: { auth: 'user' }, schema: { ...schema('Check the code (code)'), body } },
    async (request) => {
      const auth = signedIn(request);
      const { code } = parseWith(verificationCodeSchema, { code: pick(request.body, 'code') });
      return users().confirmPhoneVerification(auth, code);
    },
  );

  app.patch(
    path,
    { config: { auth: 'user' }, schema: { ...schema('Resend the code'), body: looseBody(['to']).nullish() } },
    async (request) => users().resendPhoneVerification(signedIn(request)),
  );

  app.delete(
    path,
    { config: { auth: 'user' }, schema: schema('Remove the registration or the verified number') },
    async (request) => users().removePhoneVerification(signedIn(request)),
  );
};
