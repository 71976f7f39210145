import { PAYMENT_METHODS } from '@vitrine/domain';
import {
  listingMatchSchema,
  purchaseIntentPageSchema,
  purchaseIntentSchema,
  purchaseIntentStatusSchema,
} from '@vitrine/domain/trading-responses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedIn } from '../../http/guard';
import { offsetOf, pageQuery, toPage } from '../../http/pagination';
import { errorResponses, rowId, typeNumber } from '../../http/schemas';
import { type IntentPatch, type IntentView, TRADING_ERRORS } from './trading.service';
import { toOfferPurchase, toPurchaseIntent, toStatus, toWinPurchase } from './trading.views';

const idParams = z.object({ id: rowId });
const conflicts = { 402: errorResponses[400], 409: errorResponses[400], 422: errorResponses[400] };

/** The update fields of 000 §7 (snake case, as the calls send them). */
const intentPatch = z.object({
  payment_method: z.enum(PAYMENT_METHODS).optional(),
  payment_currency: z.string().max(10).optional(),
  requested_quantity: z.coerce.number().int().min(1).max(1000).optional(),
  nifty_delivery_destination: z.enum(['internal', 'external']).optional(),
  nifty_destination_ext_wallet: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/)
    .nullable()
    .optional(),
});

function toPatch(body: z.infer<typeof intentPatch>): IntentPatch {
  const patch: IntentPatch = {};
  if (body.payment_method !== undefined) patch.paymentMethod = body.payment_method;
  if (body.payment_currency !== undefined) patch.paymentCurrency = body.payment_currency;
  if (body.requested_quantity !== undefined) patch.requestedQuantity = body.requested_quantity;
  if (body.nifty_delivery_destination !== undefined)
    patch.niftyDeliveryDestination = body.nifty_delivery_destination;
  if (body.nifty_destination_ext_wallet !== undefined)
    patch.niftyDestinationExtWallet = body.nifty_destination_ext_wallet;
  return patch;
}

function toMatch(view: IntentView) {
  const purchaseIntent = toPurchaseIntent(view);
  // A primary intent is no listing match: it is read at /payments/purchase-intents/?id.
  if (!purchaseIntent.listing) throw TRADING_ERRORS.intentNotFound();
  return { listingMatchId: purchaseIntent.listingMatchId, listing: purchaseIntent.listing, purchaseIntent };
}

/**
 * Buy Now (000 §4, §7 "Payments"): a listing match creates a purchase intent with its quote; the intent
 * is read, updated, polled and paid. Only its buyer sees it (others get 404).
 */
export const listingMatchRoute: FastifyPluginAsyncZod = async (app) => {
  const trading = () => app.services.trading;

  app.post(
    '/v2/listing-match/',
    {
      config: { auth: 'user', terms: true, idempotency: true },
      schema: {
        tags: ['trading'],
        summary: 'Buy Now: a purchase intent for a listing, with its quote',
        body: z.object({ listing_id: rowId }),
        response: { 200: listingMatchSchema, ...errorResponses, ...conflicts },
      },
    },
    async (request) => {
      const { userId } = signedIn(request);
      return toMatch(await trading().createListingMatch(userId, request.body.listing_id));
    },
  );

  app.get(
    '/v2/listing-match/:id',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['trading'],
        summary: 'A listing match',
        params: idParams,
        response: { 200: listingMatchSchema, ...errorResponses },
      },
    },
    async (request) =>
      toMatch(
        await trading().getIntent(signedIn(request).userId, request.params.id, { withNextAction: true }),
      ),
  );

  app.patch(
    '/v2/listing-match/:id',
    {
      config: { auth: 'user', idempotency: true },
      schema: {
        tags: ['trading'],
        summary: 'Update a listing match (payment method, currency, quantity, delivery)',
        params: idParams,
        body: intentPatch,
        response: { 200: listingMatchSchema, ...errorResponses, ...conflicts },
      },
    },
    async (request) =>
      toMatch(
        await trading().updateIntent(
          signedIn(request).userId,
          request.params.id,
          toPatch(request.body),
          'listing',
        ),
      ),
  );

  app.get(
    '/payments/purchase-intents/',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['trading'],
        summary: 'A purchase intent (?id), or your purchase intents, newest first',
        querystring: pageQuery.extend({ id: rowId.optional() }),
        response: { 200: z.union([purchaseIntentSchema, purchaseIntentPageSchema]), ...errorResponses },
      },
    },
    async (request) => {
      const { userId } = signedIn(request);
      const q = request.query;
      if (q.id !== undefined)
        return toPurchaseIntent(await trading().getIntent(userId, q.id, { withNextAction: true }));
      const { count, views } = await trading().listIntents(userId, {
        historical: false,
        limit: q.page_size,
        offset: offsetOf(q),
      });
      return toPage(q, count, views.map(toPurchaseIntent));
    },
  );

  app.post(
    '/payments/purchase-intents/',
    {
      config: { auth: 'user', terms: true, idempotency: true },
      schema: {
        tags: ['trading'],
        summary:
          'Create a purchase intent for editions of a live drop nifty (fcfs, open, blind edition, pack): holds them for 15 minutes',
        body: z.object({
          contract_address: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
          /** The nifty's number inside the contract (the checkout URL's {niftyType}). */
          nifty_type: typeNumber.min(1),
          requested_quantity: z.coerce.number().int().min(1).max(1000).default(1),
          payment_method: z.enum(PAYMENT_METHODS).optional(),
          /** A burn-required redemption: the buyer's token (row id) to burn; else the first they own. */
          burn_token_id: rowId.optional(),
        }),
        response: { 200: purchaseIntentSchema, ...errorResponses, ...conflicts },
      },
    },
    async (request) => {
      const b = request.body;
      return toPurchaseIntent(
        await trading().createPrimaryIntent(signedIn(request).userId, {
          contractAddress: b.contract_address,
          niftyType: b.nifty_type,
          requestedQuantity: b.requested_quantity,
          ...(b.payment_method ? { paymentMethod: b.payment_method } : {}),
          ...(b.burn_token_id ? { burnTokenId: b.burn_token_id } : {}),
        }),
      );
    },
  );

  app.patch(
    '/payments/purchase-intents/',
    {
      config: { auth: 'user', idempotency: true },
      schema: {
        tags: ['trading'],
        summary: 'Update a purchase intent',
        body: intentPatch.extend({ purchase_intent_id: rowId }),
        response: { 200: purchaseIntentSchema, ...errorResponses, ...conflicts },
      },
    },
    async (request) =>
      toPurchaseIntent(
        await trading().updateIntent(
          signedIn(request).userId,
          request.body.purchase_intent_id,
          toPatch(request.body),
        ),
      ),
  );

  app.get(
    '/payments/poll-purchase-intent/',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['trading'],
        summary: 'Poll a purchase intent (every 5 s while signed in, 000 §4)',
        querystring: z.object({ id: rowId }),
        response: { 200: purchaseIntentStatusSchema, ...errorResponses },
      },
    },
    async (request) =>
      toStatus(toPurchaseIntent(await trading().getIntent(signedIn(request).userId, request.query.id))),
  );

  app.get(
    '/v2/purchase-intent/:id/status',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['trading'],
        summary: 'The payment state of a purchase intent',
        params: idParams,
        querystring: z.object({ tokenId: z.string().max(78).optional() }),
        response: { 200: purchaseIntentStatusSchema, ...errorResponses },
      },
    },
    async (request) =>
      toStatus(toPurchaseIntent(await trading().getIntent(signedIn(request).userId, request.params.id))),
  );

  app.get(
    '/v2/purchase-intent/historical',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['trading'],
        summary:
          'Your purchases, newest first: paid purchase intents (Buy Now, primary), NFTs bought through your accepted offers and NFTs you won at auction or in a drawing',
        querystring: pageQuery,
        response: { 200: purchaseIntentPageSchema, ...errorResponses },
      },
    },
    async (request) => {
      const q = request.query;
      const { count, items } = await trading().purchases(signedIn(request).userId, {
        limit: q.page_size,
        offset: offsetOf(q),
      });
      return toPage(
        q,
        count,
        items.map((item) =>
          item.kind === 'intent'
            ? toPurchaseIntent(item.view)
            : item.kind === 'offer'
              ? toOfferPurchase(item.offer)
              : toWinPurchase(item.win),
        ),
      );
    },
  );

  app.post(
    '/v2/purchase-intent/:id/pay',
    {
      config: { auth: 'user', terms: true, idempotency: true },
      schema: {
        tags: ['trading'],
        summary: 'Pay a purchase intent (card token from the processor, balance, or nothing for free items)',
        params: idParams,
        body: z.object({
          payment_method: z.enum(PAYMENT_METHODS).optional(),
          /** The processor's token (`pm_sim_…`, `tok_…`): never a card number. */
          payment_token: z
            .string()
            .regex(/^(pm|tok)_[A-Za-z0-9_]{1,100}$/)
            .optional(),
          /**
           * The total the buyer was shown (the Pay button's amount), in cents: when the intent now costs
           * something else (its quantity changed meanwhile), nothing is charged and 409 answers.
           */
          expected_total_in_cents: z.number().int().nonnegative().optional(),
        }),
        response: { 200: purchaseIntentSchema, ...errorResponses, ...conflicts },
      },
    },
    async (request) => {
      const { payment_method, payment_token, expected_total_in_cents } = request.body;
      return toPurchaseIntent(
        await trading().pay(signedIn(request).userId, request.params.id, {
          ...(payment_method ? { paymentMethod: payment_method } : {}),
          ...(payment_token ? { paymentToken: payment_token } : {}),
          ...(expected_total_in_cents !== undefined ? { expectedTotalCents: expected_total_in_cents } : {}),
        }),
      );
    },
  );

  app.post(
    '/v2/purchase-intent/:id/complete-action',
    {
      config: { auth: 'user', idempotency: true },
      schema: {
        tags: ['trading'],
        summary: 'Finish a card payment that required a second step',
        params: idParams,
        response: { 200: purchaseIntentSchema, ...errorResponses, ...conflicts },
      },
    },
    async (request) =>
      toPurchaseIntent(await trading().completeAction(signedIn(request).userId, request.params.id)),
  );

  app.post(
    '/v2/purchase-intent/:id/cancel-action',
    {
      config: { auth: 'user', idempotency: true },
      schema: {
        tags: ['trading'],
        summary:
          'Give up a card payment waiting on its second step: the intent is open again, its authorisation voided (completed meanwhile: answered paid)',
        params: idParams,
        response: { 200: purchaseIntentSchema, ...errorResponses, ...conflicts },
      },
    },
    async (request) =>
      toPurchaseIntent(await trading().cancelAction(signedIn(request).userId, request.params.id)),
  );
};
