// The publisher fee (001 §7 `v2/publisher-fee`, 000 §7; decision 017 "Publisher fee"): one fee per drop,
// created by a member of the drop's publisher, paid once by card (the trading issue's card provider: the
// simulated processor, or Stripe when configured) or from the paying member's balance, as one ledger
// movement (payer → platform_revenue). Publishing needs the drop's fee paid (`feePaid`).
import { type Db, schema, type UnitOfWork } from '@vitrine/db';
import { AppError, ERROR_TYPES, PUBLISHER_FEE_CENTS } from '@vitrine/domain';
import { and, asc, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Clock } from '../../lib/clock';
import { type OwedCursor, owedCaptures } from '../trading/card-authorizations';
import { createLedgerRepo, type LedgerRepo } from '../trading/ledger.repo';
import type { ExternalPaymentProvider, NextAction } from '../trading/payment-providers';
import { TRADING_ERRORS } from '../trading/trading.service';

const { publisherFees: fees, drops, publisherMembers: members, publishers } = schema;

export type PublisherFeeRow = typeof fees.$inferSelect;
export const PUBLISHER_FEE_METHODS = ['stripe_card', 'balance'] as const;
export type PublisherFeeMethod = (typeof PUBLISHER_FEE_METHODS)[number];

export function createPublisherFeeRepo(db: Db) {
  return {
    /** The drop and its publisher when `userId` is a member of that publisher. */
    async memberDrop(dropId: number, userId: number) {
      const [row] = await db
        .select({ id: drops.id, publisherId: drops.publisherId })
        .from(drops)
        .innerJoin(members, eq(members.publisherId, drops.publisherId))
        .where(and(eq(drops.id, dropId), eq(members.userId, userId)));
      return row ?? null;
    },
    async publisherSlug(publisherId: number) {
      const [row] = await db
        .select({ slug: publishers.slug })
        .from(publishers)
        .where(eq(publishers.id, publisherId));
      return row?.slug ?? '';
    },
    async isMember(publisherId: number, userId: number) {
      const [row] = await db
        .select({ userId: members.userId })
        .from(members)
        .where(and(eq(members.publisherId, publisherId), eq(members.userId, userId)));
      return row !== undefined;
    },
    async byId(id: number, lock = false): Promise<PublisherFeeRow | null> {
      const q = db.select().from(fees).where(eq(fees.id, id));
      const [row] = lock ? await q.for('update') : await q;
      return row ?? null;
    },
    /** What refunds made at the processor (Stripe's webhook, decision 009 "Refunds") took back of the fee already. */
    async refundedAtProcessor(feeId: number): Promise<number> {
      const [row] = await db
        .select({
          cents: sql<number>`coalesce(sum(-${schema.ledgerEntries.amountCents}), 0)::bigint`.mapWith(Number),
        })
        .from(schema.ledgerEntries)
        .innerJoin(
          schema.ledgerTransactions,
          eq(schema.ledgerTransactions.id, schema.ledgerEntries.transactionId),
        )
        .innerJoin(schema.ledgerAccounts, eq(schema.ledgerAccounts.id, schema.ledgerEntries.accountId))
        .where(
          and(
            eq(schema.ledgerAccounts.kind, 'platform_revenue'),
            sql`${schema.ledgerTransactions.reference} like ${`publisher_fee:${feeId}:refunded:%`}`,
          ),
        );
      return row?.cents ?? 0;
    },
    async byDrop(dropId: number, lock = false): Promise<PublisherFeeRow | null> {
      const q = db.select().from(fees).where(eq(fees.dropId, dropId));
      const [row] = lock ? await q.for('update') : await q;
      return row ?? null;
    },
    async insert(values: typeof fees.$inferInsert): Promise<PublisherFeeRow | null> {
      const [row] = await db.insert(fees).values(values).onConflictDoNothing().returning();
      return row ?? null;
    },
    /**
     * Records the card authorisation waiting on its second step (3-D Secure) on a pending fee, replacing
     * `previous` only (a conditional update: null when the fee was paid, or another payment waits meanwhile).
     */
    async setWaiting(
      id: number,
      previous: string | null,
      next: string | null,
    ): Promise<PublisherFeeRow | null> {
      const [row] = await db
        .update(fees)
        .set({ providerReference: next })
        .where(
          and(
            eq(fees.id, id),
            eq(fees.paymentState, 'pending'),
            previous === null ? isNull(fees.providerReference) : eq(fees.providerReference, previous),
          ),
        )
        .returning();
      return row ?? null;
    },
    /** Card fees whose money is still owed (the capture after the commit failed), paid between `after` and `before`. */
    async captureOwed(after: OwedCursor, before: Date, limit: number): Promise<PublisherFeeRow[]> {
      return db
        .select()
        .from(fees)
        .where(
          and(
            eq(fees.paymentState, 'paid'),
            isNotNull(fees.providerReference),
            isNull(fees.capturedAt),
            sql`(${fees.paidAt}, ${fees.id}) > (${after.at.toISOString()}::timestamptz, ${after.id}::int)`,
            lte(fees.paidAt, before),
          ),
        )
        .orderBy(asc(fees.paidAt), asc(fees.id))
        .limit(limit);
    },
    async markCaptured(id: number, at: Date): Promise<void> {
      await db
        .update(fees)
        .set({ capturedAt: at })
        .where(and(eq(fees.id, id), isNull(fees.capturedAt)));
    },
    async update(id: number, values: Partial<typeof fees.$inferInsert>): Promise<PublisherFeeRow> {
      const [row] = await db.update(fees).set(values).where(eq(fees.id, id)).returning();
      if (!row) throw new Error(`publisher fee ${id} not updated`);
      return row;
    },
  };
}
export type PublisherFeeRepo = ReturnType<typeof createPublisherFeeRepo>;

export const PUBLISHER_FEE_ERRORS = {
  notFound: () =>
    new AppError({
      statusCode: 404,
      errorType: ERROR_TYPES.publisherNotFound,
      message: 'Publisher not found',
    }),
  required: () =>
    new AppError({
      statusCode: 402,
      errorType: ERROR_TYPES.publisherFeeRequired,
      message: 'Please pay the publisher fee before publishing this drop',
    }),
  ethUnavailable: () =>
    new AppError({
      statusCode: 400,
      errorType: 'payment-method-unavailable',
      message: 'Paying the publisher fee in ETH is not available yet; pay by card or from your balance',
    }),
  tokenRequired: () =>
    new AppError({
      statusCode: 400,
      errorType: 'validation-error',
      message: 'A card is needed to pay by card',
      fields: { payment_token: 'Required' },
    }),
  /** A drop deleted while its card fee's capture is still owed (the minute sweep takes it). */
  stillCapturing: () =>
    new AppError({
      statusCode: 409,
      errorType: 'publisher-fee-capturing',
      message:
        'The publisher fee of this drop is still being taken from the card, so it cannot be given back yet: try deleting again in a few minutes',
    }),
  /** complete-action while the card's verification is not finished yet. */
  requiresAction: () =>
    new AppError({
      errorType: 'payment-requires-action',
      message: 'Complete the verification your bank asks for to pay the publisher fee',
      statusCode: 402,
    }),
  /** complete-action with no card payment waiting on a second step. */
  nothingWaiting: () =>
    new AppError({
      errorType: 'payment-not-waiting',
      message: 'No card payment of this publisher fee is waiting for verification; pay the fee again',
      statusCode: 409,
    }),
};

/** What a drop deleted before it ran gave back of its paid publisher fee (`refundFeeOfDeletedDrop`). */
export interface FeeGivenBack {
  /** Credited to the payer's balance (0: nothing paid, or refunded at the processor already). */
  amountCents: number;
  /** A card authorisation the fee never used (a payment waiting on its second step): voided after commit. */
  voidReference: string | null;
}

/**
 * A drop deleted before it ran gives its paid publisher fee back (QA 2026-12-07: the $49.00 went with the draft). In
 * the deleting unit, under the fee's row lock (a payment of it at the same moment waits, then finds no fee and is
 * refused, its card voided): what platform revenue still holds of the fee (less a refund made at Stripe already) goes
 * to the payer's balance as one movement. Paid by card, it settles as funds added by card do before it may be
 * cashed out (memo `publisher_fee_card_refunded`: card money arriving); from the balance it does not (memo
 * `publisher_fee_refunded`: the credits it was paid from still settle on their own). A card fee whose capture is
 * still owed is refused (409): the capture may be on its way, and a void then would fail on a captured charge. A
 * pending fee's authorisation waiting on its second step is handed back for the caller to void after commit.
 */
export async function refundFeeOfDeletedDrop(
  t: { ledger: LedgerRepo; fees: PublisherFeeRepo },
  dropId: number,
  at: Date,
): Promise<FeeGivenBack> {
  const fee = await t.fees.byDrop(dropId, true);
  if (!fee) return { amountCents: 0, voidReference: null };
  if (fee.paymentState !== 'paid') return { amountCents: 0, voidReference: fee.providerReference };
  const card = fee.paymentMethod === 'stripe_card';
  if (card && fee.providerReference !== null && fee.capturedAt === null)
    throw PUBLISHER_FEE_ERRORS.stillCapturing();
  // A payer whose account is gone: nobody to give it to.
  if (fee.paidBy === null) return { amountCents: 0, voidReference: null };
  const amountCents = fee.amountCents - (await t.fees.refundedAtProcessor(fee.id));
  if (amountCents <= 0) return { amountCents: 0, voidReference: null };
  const platform = await t.ledger.houseAccount('platform_revenue');
  const payer = await t.ledger.userAccount(fee.paidBy);
  const memo = card ? 'publisher_fee_card_refunded' : 'publisher_fee_refunded';
  await t.ledger.post({
    kind: 'publisher_fee_refunded',
    reference: `publisher_fee_refunded:${fee.id}`,
    description: `Publisher fee of drop ${fee.dropId}, given back: the drop was deleted`,
    at,
    postings: [
      { accountId: platform, amountCents: -amountCents, memo: 'publisher_fee_refunded' },
      { accountId: payer, amountCents, memo },
    ],
  });
  return { amountCents, voidReference: null };
}

/** A card authorisation of the fee waiting on its second step (Stripe's PaymentIntent in requires_action). */
export interface WaitingCardPayment {
  id: string;
  clientSecret: string | null;
  status: 'requires_action';
  nextAction: NextAction;
}

export function createPublisherFeeService(deps: {
  db: Db;
  unit: UnitOfWork<{ ledger: LedgerRepo; fees: PublisherFeeRepo }>;
  clock: Clock;
  card: ExternalPaymentProvider;
}) {
  const repo = createPublisherFeeRepo(deps.db);
  const ledger = createLedgerRepo(deps.db);

  async function answer(row: PublisherFeeRow, waiting?: WaitingCardPayment) {
    return {
      ...(waiting && row.paymentState === 'pending' ? { stripePaymentIntent: waiting } : {}),
      publisherFee: {
        publisherFeeId: row.id,
        collectionTemplate: row.dropId,
        publisherSlug: await repo.publisherSlug(row.publisherId),
        amountInCents: row.amountCents,
        paymentMethod: row.paymentMethod,
        paymentCurrency: row.paymentCurrency,
        paymentState: row.paymentState as 'pending' | 'paid',
        paidAt: row.paidAt ? row.paidAt.toISOString() : null,
        createdAt: row.createdAt.toISOString(),
      },
    };
  }

  /** The fee when `userId` is a member of its publisher; anyone else gets 404 PUBLISHER_NOT_FOUND_ERROR. */
  async function memberFee(id: number, userId: number) {
    const row = await repo.byId(id);
    if (!row || !(await repo.isMember(row.publisherId, userId))) throw PUBLISHER_FEE_ERRORS.notFound();
    return row;
  }

  /**
   * Posts the movement and marks the fee paid, once: a fee already paid answers as it is. `waitingOn`: the
   * authorisation a completed second step settles, which the fee must still wait on (another card's payment
   * replaced it and voided it meanwhile: nothing waiting, and nothing paid with money not held).
   */
  async function settle(
    feeId: number,
    userId: number,
    method: PublisherFeeMethod,
    providerReference: string | null,
    waitingOn?: string,
  ) {
    const payer =
      method === 'balance'
        ? await ledger.userAccount(userId)
        : await ledger.houseAccount('payments_clearing');
    const platform = await ledger.houseAccount('platform_revenue');
    return deps.unit.run(async ({ ledger: l, fees: f }) => {
      const fee = await f.byId(feeId, true);
      if (!fee) throw PUBLISHER_FEE_ERRORS.notFound();
      if (fee.paymentState === 'paid') return { fee, settled: false, replaced: null };
      if (waitingOn !== undefined && fee.providerReference !== waitingOn)
        throw PUBLISHER_FEE_ERRORS.nothingWaiting();
      const locked = await l.lock([payer, platform]);
      if (method === 'balance' && (locked.get(payer)?.availableCents ?? 0) < fee.amountCents) {
        throw TRADING_ERRORS.insufficientFunds();
      }
      const at = deps.clock.now();
      const ledgerTransactionId = await l.post({
        kind: 'publisher_fee',
        reference: `publisher_fee:${fee.id}`,
        description: `Publisher fee of drop ${fee.dropId}`,
        at,
        postings: [
          {
            accountId: payer,
            amountCents: -fee.amountCents,
            memo: method === 'balance' ? 'publisher_fee' : 'card_payment',
          },
          { accountId: platform, amountCents: fee.amountCents, memo: 'publisher_fee' },
        ],
      });
      const row = await f.update(fee.id, {
        paymentState: 'paid',
        paymentMethod: method,
        paidBy: userId,
        providerReference,
        ledgerTransactionId,
        paidAt: at,
      });
      // A card authorisation that waited on its second step and did not pay: voided after commit.
      const replaced =
        fee.providerReference !== null && fee.providerReference !== providerReference
          ? fee.providerReference
          : null;
      return { fee: row, settled: true, replaced };
    });
  }

  /** Takes a paid card fee's money and records it taken. Throws when the processor refuses. */
  async function capture(row: PublisherFeeRow): Promise<void> {
    if (!row.providerReference) return;
    await deps.card.capture(row.providerReference);
    await repo.markCaptured(row.id, deps.clock.now());
  }

  /**
   * Settles the fee with an authorised card payment; captures it after commit, or voids it when unneeded.
   * The fee is paid once its movement commits: a capture that fails then is owed, and the minute sweep
   * takes it (`captureDue`); the publisher is not told the payment failed: it did not.
   */
  async function settleCard(id: number, userId: number, providerReference: string, waitingOn?: string) {
    let result: Awaited<ReturnType<typeof settle>>;
    try {
      result = await settle(id, userId, 'stripe_card', providerReference, waitingOn);
    } catch (error) {
      await deps.card.void(providerReference);
      throw error;
    }
    if (result.settled || result.fee.providerReference === providerReference) {
      if (result.fee.capturedAt === null) await capture(result.fee).catch(() => undefined);
    } else {
      // Paid meanwhile by another payment: this authorisation is not needed.
      await deps.card.void(providerReference);
    }
    if (result.replaced) await deps.card.void(result.replaced);
    return answer(result.fee);
  }

  const captureSweep = owedCaptures(
    (after, before, limit) => repo.captureOwed(after, before, limit),
    (fee) => fee.paidAt,
    capture,
  );

  return {
    /** Creates the drop's fee (or answers the one it has: one fee per drop). */
    async create(userId: number, dropId: number) {
      const drop = await repo.memberDrop(dropId, userId);
      if (!drop) throw PUBLISHER_FEE_ERRORS.notFound();
      const made = await repo.insert({
        dropId,
        publisherId: drop.publisherId,
        createdBy: userId,
        amountCents: PUBLISHER_FEE_CENTS,
        createdAt: deps.clock.now(),
      });
      const row = made ?? (await repo.byDrop(dropId));
      if (!row) throw new Error(`publisher fee of drop ${dropId} missing`);
      return answer(row);
    },

    /** The fee; a card payment still waiting on its second step is answered as `stripePaymentIntent`. */
    async get(userId: number, id: number) {
      const row = await memberFee(id, userId);
      if (row.paymentState === 'pending' && row.providerReference) {
        // Stripe's step again (the page read again mid-step): its client secret, for Stripe.js.
        const nextAction = (await deps.card.nextActionOf?.(row.providerReference)) ?? {
          type: 'three_d_secure',
        };
        return answer(row, {
          id: row.providerReference,
          clientSecret: nextAction.clientSecret ?? null,
          status: 'requires_action',
          nextAction,
        });
      }
      return answer(row);
    },

    /** Chooses the method and currency (001 §7: ETH if eth else USD); a paid fee keeps what paid it. */
    async update(userId: number, id: number, body: { payment_method?: string; payment_currency?: string }) {
      const row = await memberFee(id, userId);
      if (row.paymentState === 'paid') return answer(row);
      const method = body.payment_method ?? row.paymentMethod;
      const currency = body.payment_currency ?? (method === 'eth' ? 'ETH' : 'USD');
      return answer(await repo.update(id, { paymentMethod: method, paymentCurrency: currency }));
    },

    /**
     * Pays the fee: by balance in one unit; by card authorise, post, capture. A card that needs a second
     * step (3-D Secure) leaves the fee pending with its authorisation recorded and answers it as
     * `stripePaymentIntent` (status requires_action, nextAction); `completeAction` finishes it, as the
     * buyer checkout's. Safe to repeat: a paid fee answers paid, the movement's reference is unique, the
     * processor answers the same authorisation to the same reference and card.
     */
    async pay(userId: number, id: number, method: PublisherFeeMethod, paymentToken: string | null) {
      const row = await memberFee(id, userId);
      if (row.paymentState === 'paid') return answer(row);
      if (row.paymentCurrency === 'ETH') throw PUBLISHER_FEE_ERRORS.ethUnavailable();
      if (method === 'balance') {
        const result = await settle(id, userId, 'balance', null);
        if (result.replaced) await deps.card.void(result.replaced);
        return answer(result.fee);
      }
      if (!paymentToken) throw PUBLISHER_FEE_ERRORS.tokenRequired();
      const outcome = await deps.card.authorize({
        reference: `publisher_fee:${row.id}`,
        amountCents: row.amountCents,
        currency: 'USD',
        paymentToken,
        payerId: userId,
      });
      if (outcome.status === 'declined') throw TRADING_ERRORS.declined();
      if (outcome.status === 'requires_action') {
        // The fee waits on this authorisation, one at a time: the one it replaces is voided (the last
        // card tried wins, as one after the other; a conditional update, tried again if another moved it).
        let previous = row.providerReference;
        let waiting: PublisherFeeRow | null = null;
        for (let attempt = 0; attempt < 3 && !waiting; attempt++) {
          if (previous === outcome.providerReference) {
            waiting = await repo.byId(id);
            break;
          }
          waiting = await repo.setWaiting(id, previous, outcome.providerReference);
          if (!waiting) {
            const now = await repo.byId(id);
            if (!now || now.paymentState === 'paid') {
              if (now?.providerReference !== outcome.providerReference)
                await deps.card.void(outcome.providerReference);
              return answer(now ?? row);
            }
            previous = now.providerReference;
          }
        }
        if (!waiting || waiting.paymentState === 'paid') {
          // Never void the authorisation that paid it (completed meanwhile).
          if (waiting?.providerReference !== outcome.providerReference)
            await deps.card.void(outcome.providerReference);
          if (waiting) return answer(waiting);
          throw PUBLISHER_FEE_ERRORS.nothingWaiting();
        }
        if (previous && previous !== outcome.providerReference) await deps.card.void(previous);
        return answer(waiting, {
          id: outcome.providerReference,
          clientSecret: outcome.nextAction.clientSecret ?? null,
          status: 'requires_action',
          nextAction: outcome.nextAction,
        });
      }
      return settleCard(id, userId, outcome.providerReference);
    },

    /**
     * The second step of a card that required one (the verification passed): the fee is paid as by
     * `pay`. A paid fee answers as it is; not verified yet answers 402; a refused verification clears the
     * waiting payment and answers the card declined.
     */
    async completeAction(userId: number, id: number) {
      const row = await memberFee(id, userId);
      if (row.paymentState === 'paid') return answer(row);
      const reference = row.providerReference;
      if (!reference) throw PUBLISHER_FEE_ERRORS.nothingWaiting();
      const outcome = await deps.card.completeAction(reference);
      if (outcome.status === 'requires_action') throw PUBLISHER_FEE_ERRORS.requiresAction();
      if (outcome.status !== 'authorized') {
        if (!(await repo.setWaiting(id, reference, null))) {
          // Paid meanwhile another way (its authorisation voided): answer the paid fee.
          const now = await repo.byId(id);
          if (now?.paymentState === 'paid') return answer(now);
        }
        throw TRADING_ERRORS.declined();
      }
      return settleCard(id, userId, outcome.providerReference, reference);
    },

    /** Takes the money of card fees whose capture after the commit failed (the minute sweep). */
    async captureDue(limit = 100): Promise<number> {
      return captureSweep(deps.clock.now(), limit);
    },

    /** Whether the drop's fee is paid (publishing needs it). */
    async feePaid(dropId: number) {
      return (await repo.byDrop(dropId))?.paymentState === 'paid';
    },
  };
}

export type PublisherFeeService = ReturnType<typeof createPublisherFeeService>;
