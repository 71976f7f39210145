// Sessions of the signed-in user (account settings): list, end one, sign out everywhere.
import { sessionSchema } from '@vitrine/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedIn } from '../../http/guard';
import { offsetOf, pageOf, pageQuery, toPage } from '../../http/pagination';
import { formBody, formBoolean } from '../../http/parse';
import { accountErrors } from './schemas';

export const sessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/sessions/',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['auth'],
        summary: 'Active sessions, newest sign-in first',
        querystring: pageQuery,
        response: { 200: pageOf(sessionSchema), ...accountErrors },
      },
    },
    async (request) => {
      const auth = signedIn(request);
      const q = request.query;
      const { count, results } = await app.services.accounts.auth.listSessions(auth, {
        limit: q.page_size,
        offset: offsetOf(q),
      });
      return toPage(q, count, results);
    },
  );

  app.delete(
    '/user/sessions/:id/',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['auth'],
        summary: 'End one session',
        params: z.object({ id: z.string().regex(/^[0-9a-f]{32}$/, 'Session not found') }),
        response: { 200: z.object({ revoked: z.literal(true) }), ...accountErrors },
      },
    },
    async (request) => {
      const auth = signedIn(request);
      await app.services.accounts.auth.revokeSession(auth, request.params.id);
      return { revoked: true as const };
    },
  );

  app.post(
    '/user/sessions/revoke-all/',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['auth'],
        summary: 'Sign out everywhere (keep_current: true keeps this session)',
        body: formBody(
          z.object({ keep_current: formBoolean.describe('Keep this session (default false)') }),
        ).nullish(),
        response: { 200: z.object({ revoked: z.number().int() }), ...accountErrors },
      },
    },
    async (request) => {
      const auth = signedIn(request);
      const keep = request.body?.keep_current ?? false;
      return { revoked: await app.services.accounts.auth.revokeAll(auth, keep) };
    },
  );
};
