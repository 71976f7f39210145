// Drawings (decision 013; 000 §4 drawing entries, §5 drawing entry; 001 §3 saleDetails): the drawing of a
// drawing or pack_drawing nifty (public: commitment, counts, and after the draw the seed and winners), its
// entries (public, paged), the ids of every entry once drawn (what verifies the draw) and the entry (signed
// in, terms agreed). Outside production, /dev/drawings/…/run runs a drawing now
// (with the outbox key): the browser tests cannot move the server's clock.
import {
  cardVerificationRequiredSchema,
  drawingEntryIdsSchema,
  drawingEntrySchema,
  drawingSchema,
} from '@vitrine/domain/trading-responses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireDevKey } from '../../http/dev-key';
import { optionalAuth, signedIn } from '../../http/guard';
import { processorRequestId } from '../../http/idempotency';
import { pageOf, pageQuery } from '../../http/pagination';
import { errorResponses, rowId, typeNumber } from '../../http/schemas';
import { createLiveDrawing } from './dev-live-drawing';

const params = z.object({
  contractAddress: z.string().min(1).max(100),
  niftyType: typeNumber,
});

/** How a priced entry is backed (as bids): by balance (a hold) or by a tokenised card (an authorisation). */
const entryBody = z
  .object({
    payment_method: z.enum(['balance', 'stripe_card']).default('balance'),
    payment_token: z.string().min(1).max(200).optional(),
    /** The card verification (3-D Secure) the entrant completed after a 202: it backs this entry. */
    card_verification_id: rowId.optional(),
  })
  .nullish();

const answers = {
  ...errorResponses,
  402: errorResponses[400],
  409: errorResponses[400],
  422: errorResponses[400],
};

export const drawingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const drawings = () => app.services.drawings;

  app.get(
    '/drawings/:contractAddress/:niftyType/',
    {
      schema: {
        tags: ['drops'],
        summary:
          "A drawing: window, price, the commitment (sha256 of the seed), the entry counts, once drawn the seed and the winners, and the signed-in viewer's own entry",
        params,
        response: { 200: drawingSchema, ...answers },
      },
    },
    async (request) => {
      const viewer = await optionalAuth(request);
      const { contractAddress, niftyType } = request.params;
      return drawings().view(contractAddress, niftyType, viewer?.userId ?? null);
    },
  );

  app.get(
    '/drawings/:contractAddress/:niftyType/entries/',
    {
      schema: {
        tags: ['drops'],
        summary: "A drawing's entries, paged, by id ascending: id, the entrant's username, status, promoted",
        params,
        querystring: pageQuery,
        response: { 200: pageOf(drawingEntrySchema), ...answers },
      },
    },
    async (request) => {
      const { contractAddress, niftyType } = request.params;
      return drawings().entries(contractAddress, niftyType, request.query);
    },
  );

  app.get(
    '/drawings/:contractAddress/:niftyType/entry-ids/',
    {
      schema: {
        tags: ['drops'],
        summary:
          'Once drawn, the id of every entry, ascending: with the seed, what recomputes the winners (409 drawing-not-drawn before)',
        params,
        response: { 200: drawingEntryIdsSchema, ...answers },
      },
    },
    async (request, reply) => {
      const { contractAddress, niftyType } = request.params;
      const answer = await drawings().entryIds(contractAddress, niftyType);
      // Drawn, the entries are final: the list never changes again.
      reply.header('cache-control', 'public, max-age=3600');
      return answer;
    },
  );

  app.post(
    '/drawings/:contractAddress/:niftyType/entries/',
    {
      config: { auth: 'user', terms: true, idempotency: true },
      schema: {
        tags: ['drops'],
        summary:
          'Enter a drawing: a validated profile and an unused entry, while it is open; a priced entry holds its price on your balance, or authorises it on your card, until the draw (captured only if it wins)',
        params,
        body: entryBody,
        response: { 201: drawingSchema, 202: cardVerificationRequiredSchema, ...answers },
      },
    },
    async (request, reply) => {
      const { contractAddress, niftyType } = request.params;
      const body = request.body;
      const view = await drawings().enter(
        signedIn(request).userId,
        contractAddress,
        niftyType,
        {
          paymentMethod: body?.payment_method ?? 'balance',
          paymentToken: body?.payment_token,
          cardVerificationId: body?.card_verification_id,
        },
        processorRequestId(request.headers['idempotency-key']),
      );
      return reply.code('requiresAction' in view ? 202 : 201).send(view);
    },
  );
};

/**
 * Outside production, with the dev outbox's key (browser tests): run a drawing now, and make a drawing of the
 * test's own that closes in `closesInSeconds` (dev-live-drawing.ts).
 */
export const devDrawingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/dev/drawings/live',
    {
      schema: {
        hide: true,
        body: z
          .object({
            closesInSeconds: z.number().int().min(5).max(86_400).default(3_600),
            editionSize: z.number().int().min(1).max(100).default(1),
            priceInCents: z.number().int().min(0).max(1_000_000).default(500),
            allowlistOnly: z.boolean().default(false),
          })
          .default({ closesInSeconds: 3_600, editionSize: 1, priceInCents: 500, allowlistOnly: false }),
      },
      preHandler: requireDevKey(app),
    },
    async (request) => createLiveDrawing(app.config.database.db, app.config.clock.now(), request.body),
  );

  app.post(
    '/dev/drawings/:contractAddress/:niftyType/run',
    { schema: { hide: true, params }, preHandler: requireDevKey(app) },
    async (request) => {
      const { contractAddress, niftyType } = request.params;
      const id = await app.services.drawings.idOf(contractAddress, niftyType);
      return { result: await app.services.drawings.run(id, { force: true }) };
    },
  );
};
