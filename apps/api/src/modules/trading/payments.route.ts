import {
  dashboardSalesPageSchema,
  geminiAccountSchema,
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

  // The simulated processor's card form, only when it is the card processor: with Stripe a card is tokenised by
  // Stripe and its number never reaches this API (security review, 2026-12-06).
  if (!app.services.payments.stripe)
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
        const result = app.services.cardProcessor.tokenize(
          { number, expMonth: exp_month, expYear: exp_year, cvc },
          signedIn(request).userId,
        );
        if (!result.ok) throw TRADING_ERRORS.invalid(result.field, result.message);
        const pm = result.paymentMethod;
        return { id: pm.id, brand: pm.brand, last4: pm.last4, exp_month: pm.expMonth, exp_year: pm.expYear };
      },
    );

  // 000 §7 (Auth, form-encoded): the buyer's Gemini account, connected with the grant Gemini's sign-in handed over.
  // A Gemini balance payment charges it (decision 009); its access token is never sent back.
  app.post(
    '/user/connect-gemini-account/',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['trading'],
        summary:
          "Connect the buyer's Gemini account (the grant from Gemini's sign-in), to pay from its balance",
        body: z.object({
          scope: z.string().trim().min(1).max(200),
          access_token: z.string().min(1).max(2048),
          expires_in: z.coerce
            .number()
            .int()
            .min(1)
            .max(366 * 24 * 60 * 60),
        }),
        response: { 200: geminiAccountSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { scope, access_token, expires_in } = request.body;
      const geminiAccount = await app.services.payments.geminiAccounts.connect(signedIn(request).userId, {
        scope,
        accessToken: access_token,
        expiresInSeconds: expires_in,
      });
      return { geminiAccount };
    },
  );

  app.get(
    '/user/gemini-account/',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['trading'],
        summary: "Whether the buyer's Gemini account is connected (and until when)",
        response: { 200: geminiAccountSchema, ...errorResponses },
      },
    },
    async (request) => ({
      geminiAccount: await app.services.payments.geminiAccounts.status(signedIn(request).userId),
    }),
  );

  app.delete(
    '/user/gemini-account/',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['trading'],
        summary: "Disconnect the buyer's Gemini account",
        response: { 200: geminiAccountSchema, ...errorResponses },
      },
    },
    async (request) => {
      await app.services.payments.geminiAccounts.disconnect(signedIn(request).userId);
      return { geminiAccount: { connected: false, scope: null, expiresAt: null } };
    },
  );
};
