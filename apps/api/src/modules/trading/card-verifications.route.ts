import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedIn } from '../../http/guard';
import { errorResponses, rowId } from '../../http/schemas';

/**
 * A bid's or a drawing entry's card verification (3-D Secure) closed without completing: let go at once, its card
 * released (decision 009 "Verified cards"); left alone, the minute sweep lets it go after half an hour.
 */
export const cardVerificationsRoute: FastifyPluginAsyncZod = async (app) => {
  app.delete(
    '/v2/card-verifications/:id',
    {
      config: { auth: 'user', idempotency: true },
      schema: {
        tags: ['trading'],
        summary:
          'Give up a card verification (3-D Secure) a bid or a drawing entry asked for: its card is released',
        params: z.object({ id: rowId }),
        response: {
          200: z.object({ cardVerificationId: z.number().int(), status: z.string() }),
          ...errorResponses,
        },
      },
    },
    async (request) => app.services.cardVerifications.cancel(signedIn(request).userId, request.params.id),
  );
};
