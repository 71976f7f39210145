import { randomUUID } from 'node:crypto';
import { formatCents } from '@vitrine/domain';
import {
  balanceAnswerSchema,
  balanceStateSchema,
  movementPageSchema,
} from '@vitrine/domain/trading-responses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedIn } from '../../http/guard';
import { processorRequestId } from '../../http/idempotency';
import { offsetOf, pageQuery, toPage } from '../../http/pagination';
import { errorResponses, rowId } from '../../http/schemas';
import { BALANCE_AMOUNT_MAX_CENTS, BALANCE_AMOUNT_MIN_CENTS, CASHOUT_METHODS } from './balance.service';

const amount = z.coerce.number().int().min(BALANCE_AMOUNT_MIN_CENTS).max(BALANCE_AMOUNT_MAX_CENTS);
const refusals = { 402: errorResponses[400], 409: errorResponses[400] };
/** The balance (decision 009): add funds by card, cash out, and every movement (Transactions tab). */
/**
 * A deposit's or a cash out's id: from its Idempotency-Key when it has one (hashed: a key may be 255 characters),
 * so one run again under its key (an answer not kept, a 500) finds the same authorisation or movement and is never
 * charged or paid out twice; else a new one.
 */
function keyedRequestId(key: unknown): string {
  return processorRequestId(key) ?? randomUUID();
}

export const balanceRoute: FastifyPluginAsyncZod = async (app) => {
  const balance = () => app.services.balance;

  app.get(
    '/v2/balance',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['trading'],
        summary: 'Your balance, and how much of it you can cash out now',
        description:
          'Funds added by card and sale proceeds can be cashed out `cashoutSettleDays` days after they arrive, so ' +
          '`cashableInCents` (what `POST /v2/balance/payouts` takes now) may be below `availableInCents`.',
        response: { 200: balanceStateSchema, ...errorResponses },
      },
    },
    async (request) => balance().state(signedIn(request).userId),
  );

  app.post(
    '/v2/balance/deposits',
    {
      config: { auth: 'user', idempotency: true },
      schema: {
        tags: ['trading'],
        summary: 'Add funds to your balance by card ($1 to $10,000)',
        body: z.object({
          amount_in_cents: amount,
          payment_token: z.string().regex(/^(pm|tok)_[A-Za-z0-9_]{1,100}$/),
        }),
        response: { 200: balanceAnswerSchema, ...errorResponses, ...refusals },
      },
    },
    async (request) =>
      balance().deposit(
        signedIn(request).userId,
        request.body.amount_in_cents,
        request.body.payment_token,
        keyedRequestId(request.headers['idempotency-key']),
      ),
  );

  app.post(
    '/v2/balance/deposits/:id/complete-action',
    {
      config: { auth: 'user', idempotency: true },
      schema: {
        tags: ['trading'],
        summary: 'Finish adding funds by a card that required a second step (3-D Secure)',
        params: z.object({ id: rowId }),
        response: { 200: balanceAnswerSchema, ...errorResponses, ...refusals },
      },
    },
    async (request) => balance().completeAction(signedIn(request).userId, request.params.id),
  );

  app.post(
    '/v2/balance/payouts',
    {
      config: { auth: 'user', idempotency: true },
      schema: {
        tags: ['trading'],
        summary: 'Cash out from your balance (a simulated payout)',
        body: z.object({
          amount_in_cents: amount,
          method: z.enum(CASHOUT_METHODS).default('simulated_bank_transfer'),
          /** With two-factor on: its code (403 two_factor_required sends one by text or email). */
          twoFactorCode: z.string().max(16).optional(),
        }),
        response: { 200: balanceAnswerSchema, ...errorResponses, ...refusals },
      },
    },
    // Its reference from the Idempotency-Key, as a deposit's: sent again after an answer that was never kept, the
    // cash out finds itself done instead of paying out twice.
    // Money leaving the platform: with two-factor on, its code first, as for accepting an offer (security review
    // 2026-12-06: a session alone cashed out the whole balance).
    async (request) => {
      const userId = signedIn(request).userId;
      // Beyond what may leave, refused before a code is asked for (and sent by text or email) in vain.
      const requestId = keyedRequestId(request.headers['idempotency-key']);
      await balance().assertCashable(userId, request.body.amount_in_cents, requestId);
      // The code confirms this amount alone, and its message names it (QA 2026-12-07: a code sent for $25.00
      // confirmed $30.00).
      await app.services.accounts.auth.stepUp(
        userId,
        request.body.twoFactorCode,
        `cashing out ${formatCents(request.body.amount_in_cents)}`,
      );
      return balance().payout(userId, request.body.amount_in_cents, requestId);
    },
  );

  app.get(
    '/v2/balance/transactions',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['trading'],
        summary: 'Every movement of your balance, newest first',
        querystring: pageQuery,
        response: { 200: movementPageSchema, ...errorResponses },
      },
    },
    async (request) => {
      const q = request.query;
      const { count, rows } = await balance().movements(signedIn(request).userId, q.page_size, offsetOf(q));
      return toPage(
        q,
        count,
        rows.map((r) => ({
          transactionId: r.transactionId,
          kind: r.kind,
          description: r.description,
          memo: r.memo,
          amountInCents: r.amountCents,
          createdAt: r.createdAt.toISOString(),
        })),
      );
    },
  );
};
