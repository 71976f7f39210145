// The local stand-in for the one-touch app: a page with Approve and Deny (linked from the outbox).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invalid } from '../../http/parse';
import { accountErrors } from './schemas';

const params = z.object({
  approval: z.string().regex(/^vot_[A-Za-z0-9_-]{20,100}$/, 'Invalid approval token'),
});

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title><style>body{font:16px system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem}button{font:inherit;padding:.6rem 1.2rem;margin-right:.5rem}</style></head><body><h1>${title}</h1>${body}</body></html>`;
}

export const oneTouchRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/twofa/one-touch/:approval/',
    {
      schema: {
        tags: ['auth'],
        summary: 'One-touch approval page (HTML) for a sign-in waiting for approval',
        params,
        response: { 200: z.string(), ...accountErrors },
      },
    },
    async (request, reply) => {
      const state = await app.services.accounts.auth.oneTouchRequest(request.params.approval);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!state.pending)
        return page(
          'Sign-in request',
          `<p data-testid="one-touch-status">This request is ${state.status}.</p>`,
        );
      return page(
        'Approve sign-in?',
        `<p>Someone is signing in to your Vitrine account. Was it you?</p><form method="post"><button name="decision" value="approve" data-testid="one-touch-approve">Approve</button><button name="decision" value="deny" data-testid="one-touch-deny">Deny</button></form>`,
      );
    },
  );

  app.post(
    '/user/twofa/one-touch/:approval/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Approve or deny a one-touch sign-in (form: decision=approve|deny)',
        params,
        body: z.object({ decision: z.string().optional() }),
        response: { 200: z.string(), ...accountErrors },
      },
    },
    async (request, reply) => {
      const decision = request.body.decision;
      if (decision !== 'approve' && decision !== 'deny') throw invalid('decision', 'Required');
      const done = await app.services.accounts.auth.decideOneTouch(request.params.approval, decision);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      const text = !done
        ? 'This request has expired. Sign in again to get a new one.'
        : decision === 'approve'
          ? 'Sign-in approved. You can close this page.'
          : 'Sign-in denied.';
      return page('Sign-in request', `<p data-testid="one-touch-status">${text}</p>`);
    },
  );
};
