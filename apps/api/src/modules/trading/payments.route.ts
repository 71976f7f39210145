import {
  dashboardSalesPageSchema,
  saleProceedsSchema,
  simPaymentMethodSchema,
} from '@vitrine/domain/trading-responses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedIn } from '../../http/guard';
import { offsetOf, pageQuery, toPage } from '../../http/pagination';
import { errorResponses } from '../../http/schemas';
import { TRADING_ERRORS } from './trading.service';

/**
 * The seller's fee dialog (000 §7 POST /user/sale-proceeds-amount/) and the simulated card processor's
 * tokenisation (where a processor's own script would send the card: the API never sees the number).
 */
export const paymentsRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/user/sale-proceeds-amount/',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['trading'],
        summary: 'What a seller would receive for a sale at this amount',
        body: z.object({
          contractAddress: z.string().min(1).max(100),
          tokenId: z.coerce.string().regex(/^\d{1,78}$/),
          saleAmountInCents: z.coerce.number().int().min(0).max(1_000_000_000),
        }),
        response: { 200: saleProceedsSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { contractAddress, tokenId, saleAmountInCents } = request.body;
      return {
        saleProceedsInfo: await app.services.trading.saleProceeds(
          contractAddress,
          tokenId,
          saleAmountInCents,
        ),
      };
    },
  );

  app.get(
    '/nifty-dashboard/sales/',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['trading'],
        summary: 'Your sales, newest first, with what you received (dashboard Sales tab)',
        querystring: pageQuery,
        response: { 200: dashboardSalesPageSchema, ...errorResponses },
      },
    },
    async (request) => {
      const q = request.query;
      const { count, results } = await app.services.trading.sales(
        signedIn(request).userId,
        q.page_size,
        offsetOf(q),
      );
      return toPage(q, count, results);
    },
  );

  app.post(
    '/sim-card-processor/payment_methods',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['trading'],
        summary:
          'Simulated card processor: tokenise a card (test cards 4242…, 4000 0000 0000 0002, 4000 0027 6000 3184)',
        body: z.object({
          number: z.string().max(30),
          exp_month: z.coerce.number().int(),
          exp_year: z.coerce.number().int(),
          cvc: z.string().max(4),
        }),
        response: { 200: simPaymentMethodSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { number, exp_month, exp_year, cvc } = request.body;
      const result = app.services.cardProcessor.tokenize({
        number,
        expMonth: exp_month,
        expYear: exp_year,
        cvc,
      });
      if (!result.ok) throw TRADING_ERRORS.invalid(result.field, result.message);
      const pm = result.paymentMethod;
      return { id: pm.id, brand: pm.brand, last4: pm.last4, exp_month: pm.expMonth, exp_year: pm.expYear };
    },
  );
};
