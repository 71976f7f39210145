// The publisher fee (001 §7 `v2/publisher-fee[/{id}]`; decision 017 "Publisher fee"). Members of the drop's
// publisher only (anyone else: 404 PUBLISHER_NOT_FOUND_ERROR).
import { publisherFeeAnswerSchema } from '@vitrine/domain/studio-responses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedIn } from '../../http/guard';
import { errorBody, errorResponses, rowId } from '../../http/schemas';
import { PUBLISHER_FEE_METHODS } from './publisher-fee.service';

const tags = ['studio'];
const feeParams = z.object({ id: rowId });
const refusals = { 402: errorBody, 409: errorBody };

export const publisherFeeRoutes: FastifyPluginAsyncZod = async (app) => {
  const fees = () => app.services.publisherFees;

  app.post(
    '/v2/publisher-fee',
    {
      config: { auth: 'user', idempotency: true },
      schema: {
        tags,
        summary: "Create the drop's publisher fee (one per drop: an existing one is answered)",
        body: z.object({ collection_template: rowId }),
        response: { 200: publisherFeeAnswerSchema, ...errorResponses },
      },
    },
    async (request) => fees().create(signedIn(request).userId, request.body.collection_template),
  );

  app.get(
    '/v2/publisher-fee/:id',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'A publisher fee',
        params: feeParams,
        response: { 200: publisherFeeAnswerSchema, ...errorResponses },
      },
    },
    async (request) => fees().get(signedIn(request).userId, request.params.id),
  );

  app.patch(
    '/v2/publisher-fee/:id',
    {
      config: { auth: 'user', idempotency: true },
      schema: {
        tags,
        summary: 'Choose how the fee is paid (payment_currency: ETH if eth else USD)',
        params: feeParams,
        body: z.object({
          payment_method: z.enum([...PUBLISHER_FEE_METHODS, 'eth']).optional(),
          payment_currency: z.enum(['USD', 'ETH']).optional(),
        }),
        response: { 200: publisherFeeAnswerSchema, ...errorResponses },
      },
    },
    async (request) => fees().update(signedIn(request).userId, request.params.id, request.body),
  );

  app.post(
    '/v2/publisher-fee/:id/pay',
    {
      config: { auth: 'user', idempotency: true },
      schema: {
        tags,
        summary:
          'Pay the publisher fee by card (payment_token) or from your balance; a paid fee answers as it is',
        params: feeParams,
        body: z.object({
          payment_method: z.enum(PUBLISHER_FEE_METHODS),
          payment_token: z
            .string()
            .regex(/^(pm|tok)_[A-Za-z0-9_]{1,100}$/)
            .optional(),
        }),
        response: { 200: publisherFeeAnswerSchema, ...errorResponses, ...refusals },
      },
    },
    async (request) =>
      fees().pay(
        signedIn(request).userId,
        request.params.id,
        request.body.payment_method,
        request.body.payment_token ?? null,
      ),
  );

  app.post(
    '/v2/publisher-fee/:id/complete-action',
    {
      config: { auth: 'user', idempotency: true },
      schema: {
        tags,
        summary: 'Finish a card payment of the fee that required a second step (3-D Secure)',
        params: feeParams,
        response: { 200: publisherFeeAnswerSchema, ...errorResponses, ...refusals },
      },
    },
    async (request) => fees().completeAction(signedIn(request).userId, request.params.id),
  );
};
