import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../http/schemas';

/**
 * Stripe's webhook deliveries (decision 009, "Stripe, Klarna, Gemini"). The signature covers the exact
 * bytes Stripe sent, so this plugin keeps JSON bodies raw (its own parser, in its own context).
 */
export const stripeWebhookRoute: FastifyPluginAsyncZod = async (app) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
    done(null, body);
  });

  app.post(
    '/payments/stripe/webhook',
    {
      schema: {
        tags: ['trading'],
        summary: 'Stripe webhook events (signed with STRIPE_WEBHOOK_SECRET); each processed once',
        headers: z.object({ 'stripe-signature': z.string().max(2000).optional() }),
        body: z.custom<Buffer>((v) => Buffer.isBuffer(v), { message: 'Expected a JSON body' }),
        response: {
          200: z.object({ received: z.literal(true), processed: z.boolean(), outcome: z.string() }),
          ...errorResponses,
        },
      },
    },
    async (request) =>
      app.services.payments.stripeWebhooks.receive(request.body, request.headers['stripe-signature']),
  );
};
