import { listingHoldSchema, listingSchema } from '@vitrine/domain/trading-responses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { optionalAuth, signedIn } from '../../http/guard';
import { errorResponses, rowId } from '../../http/schemas';
import { numberInWholeCents } from '../../http/usd-amount';

/** True when a USD amount has no fraction of a cent ('1.23', 1.5; not '0.001', nor 1e-9). */
function atMostCents(amount: string | number): boolean {
  return typeof amount === 'string' ? !/\.\d{3,}$/.test(amount) : numberInWholeCents(amount);
}

/**
 * An amount in USD or ETH as the listing calls take it: a decimal string or a JSON number (`number` says which);
 * USD is kept in cents, so a third decimal, which would be rounded away (0.001 listed for $0.00), is refused.
 */
function listingAmount(message: string, number: z.ZodNumber) {
  return z
    .object({
      amount: z.union([z.string().regex(/^\d{1,12}(\.\d{1,18})?$/, message), number]),
      currency: z.enum(['USD', 'ETH']),
    })
    .refine((p) => p.currency !== 'USD' || atMostCents(p.amount), { message, path: ['amount'] });
}

const price = listingAmount('Enter a price like 125 or 12.50', z.number().nonnegative());
/** A discount off the list price (000 §3 listingDiscount), in the listing's currency. */
const discount = listingAmount('Enter a discount like 5 or 2.50', z.number().positive());
const idParams = z.object({ id: rowId });
const answers = { 200: listingSchema, ...errorResponses, 409: errorResponses[404] };

/**
 * Listings through the generic `/v2/{resource}` calls (000 §7): an owner lists a token in USD or ETH,
 * reprices and cancels. One active listing per token; only its seller changes it (decision 009).
 */
export const listingsRoute: FastifyPluginAsyncZod = async (app) => {
  const trading = () => app.services.trading;

  app.post(
    '/v2/listings',
    {
      config: { auth: 'user', terms: true, idempotency: true },
      schema: {
        tags: ['trading'],
        summary: 'List an NFT you own for sale',
        body: z.object({
          contractAddress: z.string().min(1).max(100),
          tokenId: z.string().regex(/^\d{1,78}$/),
          price,
        }),
        response: answers,
      },
    },
    async (request) => {
      const { userId } = signedIn(request);
      const { contractAddress, tokenId, price: p } = request.body;
      const row = await trading().createListing(userId, { contractAddress, tokenId, price: p });
      return trading().listingView(row.id);
    },
  );

  app.get(
    '/v2/listings/:id',
    {
      schema: { tags: ['trading'], summary: 'A listing', params: idParams, response: answers },
    },
    async (request) => trading().listingView(request.params.id),
  );

  // Per viewer and uncached (the item answer is shared): Buy Now's 'On Hold' (000 §4, decision 009).
  app.get(
    '/v2/listings/:id/hold',
    {
      schema: {
        tags: ['trading'],
        summary: "Whether the listing is on hold for you: another buyer's payment for it is in progress",
        params: idParams,
        response: { 200: listingHoldSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const viewer = await optionalAuth(request);
      reply.header('cache-control', 'no-store');
      return trading().listingHold(request.params.id, viewer?.userId ?? null);
    },
  );

  app.patch(
    '/v2/listings/:id',
    {
      config: { auth: 'user', idempotency: true },
      schema: {
        tags: ['trading'],
        summary:
          'Reprice (price: the list price; a discount stays), set or remove a discount (discount, or null), or cancel (status: cancelled) your listing',
        params: idParams,
        // One change at a time: a body that mixes them ({price, discount}) is refused, not half done.
        body: z.union([
          z.object({ price }).strict(),
          z.object({ discount: discount.nullable() }).strict(),
          z.object({ status: z.literal('cancelled') }).strict(),
        ]),
        response: answers,
      },
    },
    async (request) => {
      const { userId } = signedIn(request);
      const { id } = request.params;
      const body = request.body;
      if ('price' in body) await trading().repriceListing(userId, id, body.price);
      else if ('discount' in body) await trading().setListingDiscount(userId, id, body.discount);
      else await trading().cancelListing(userId, id);
      return trading().listingView(id);
    },
  );

  app.delete(
    '/v2/listings/:id',
    {
      config: { auth: 'user', idempotency: true },
      schema: { tags: ['trading'], summary: 'Cancel your listing', params: idParams, response: answers },
    },
    async (request) => {
      const { userId } = signedIn(request);
      await trading().cancelListing(userId, request.params.id);
      return trading().listingView(request.params.id);
    },
  );
};
