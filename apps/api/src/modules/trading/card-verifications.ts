// Cards whose bank asks for a verification (3-D Secure) for a bid or a drawing entry (decision 009 "Verified
// cards"). The payer is there when they bid or enter, so the step is taken then: the request is answered 202 with
// a `card_verifications` row's id and the step (Stripe's client secret), nothing placed; once the payer completed
// the step, the same request is sent again with `card_verification_id`, and the authorisation the bank verified
// backs it like any other (captured later without the payer, if it wins). Each verification backs one bid or
// entry: marked used in the unit of work that writes it. One left waiting for half an hour is voided by the
// minute sweep.
import { type Db, schema, withTransaction } from '@vitrine/db';
import { AppError } from '@vitrine/domain';
import { and, asc, eq, gt, lt, type SQL } from 'drizzle-orm';
import type { Clock } from '../../lib/clock';
import {
  AUTHORIZATION_IN_USE,
  type CardAuthorization,
  createCardAuthorizations,
} from './card-authorizations';
import type { OwedVoids } from './owed-voids';
import type { ExternalPaymentProvider, NextAction } from './payment-providers';

const { cardVerifications } = schema;

export type VerifiedKind = 'bid' | 'drawing_entry';

/** How long a verification waits for its payer before the minute sweep voids it (as a deposit's, an offer's). */
export const CARD_VERIFICATION_WAIT_MS = 30 * 60_000;

const err = (statusCode: number, errorType: string, message: string) =>
  new AppError({ statusCode, errorType, message });

export const CARD_VERIFICATION_ERRORS = {
  notFound: () =>
    err(404, 'card-verification-not-found', 'This card verification was not found. Enter your card again.'),
  /** Used already, voided, or for another amount: the request needs the card again. */
  ended: () =>
    err(
      409,
      'card-verification-ended',
      'This card verification can no longer be used. Enter your card again to try once more.',
    ),
  notYet: () =>
    err(
      422,
      'payment-requires-action',
      'Your bank has not confirmed this card yet. Complete the verification, then try again.',
    ),
};

/** The answer of a request whose card asks for the step first: nothing was placed. */
export interface RequiresAction {
  requiresAction: { cardVerificationId: number; nextAction: NextAction };
}

/**
 * `owedVoids`: a verification let go is marked voided and its void written down as owed in one transaction, then
 * voided: a process stopping in between still voids it (the minute sweep of owed voids), and nothing voids an
 * authorisation a request has taken meanwhile (the change is conditional on `waiting`, and taking it is too).
 */
export function createCardVerifications(
  card: ExternalPaymentProvider,
  db: Db,
  clock: Clock,
  owedVoids: Pick<OwedVoids, 'record' | 'release'>,
) {
  const cards = createCardAuthorizations(card, db);

  /** Lets go of the waiting verifications matching `where`: voided and owed in one transaction, then voided. */
  async function letGoWhere(where: SQL | undefined): Promise<number> {
    const gone = await withTransaction(db, async (tx) => {
      const rows = await tx
        .update(cardVerifications)
        .set({ status: 'voided', updatedAt: clock.now() })
        .where(and(where, eq(cardVerifications.status, 'waiting')))
        .returning({ reference: cardVerifications.providerReference });
      for (const row of rows) await owedVoids.record(tx, card.method, row.reference);
      return rows;
    });
    for (const row of gone) await owedVoids.release(card.method, row.reference);
    return gone.length;
  }

  /** A verification older than this backs nothing: the sweep may be letting it go. */
  const freshSince = () => new Date(clock.now().getTime() - CARD_VERIFICATION_WAIT_MS);

  const verifications = {
    /**
     * The card that backs a bid or an entry of `amountCents`: authorised now (under the request's own reference, so
     * a retry finds it), or the verification its payer completed (`cardVerificationId`, see `verified`). A card whose
     * bank asks for a verification first answers `requiresAction` (the request's 202): nothing made, the
     * authorisation kept for the request sent again once the step is done. Declined throws `declined`.
     */
    async back(
      kind: VerifiedKind,
      /** What it backs (`nifty:{id}`, `drawing:{id}`): a verification asked for one backs nothing else. */
      target: string,
      userId: number,
      amountCents: number,
      payment: { paymentToken?: string | undefined; cardVerificationId?: number | undefined },
      requestId: string | null,
      declined: () => Error,
    ): Promise<CardAuthorization | RequiresAction> {
      if (payment.cardVerificationId !== undefined)
        return verifications.verified(
          userId,
          kind,
          target,
          payment.cardVerificationId,
          amountCents,
          declined,
        );
      const begun = await cards.begin(
        kind,
        amountCents,
        payment.paymentToken,
        { declined },
        { userId, id: requestId },
      );
      if (begun.status === 'requires_action')
        return verifications.wait(userId, kind, target, begun.reference, amountCents, begun.nextAction);
      if (await cards.inUse(begun.reference)) throw AUTHORIZATION_IN_USE();
      return begun;
    },

    /**
     * Runs a request sent with the verification `verificationId` (undefined: none). Refused all the same (outbid or
     * closed meanwhile, too low, no entry left, another amount), the verification ends and its card is released at
     * once instead of held until the sweep: a new try is a new authorisation. Not when the bank has not confirmed
     * it yet (the request is to be sent again), nor on a failure before the request's unit of work (5xx: the
     * processor or the store unreachable); a unit of work that fails lets it go itself (`letGo`).
     */
    async run<T>(userId: number, verificationId: number | undefined, attempt: () => Promise<T>): Promise<T> {
      if (verificationId === undefined) return attempt();
      try {
        return await attempt();
      } catch (error) {
        if (
          error instanceof AppError &&
          error.statusCode < 500 &&
          error.errorType !== 'payment-requires-action'
        )
          await verifications.letGoOf(userId, verificationId);
        throw error;
      }
    },

    /**
     * A card that asked for the step: written down waiting (once per authorisation: the same request sent again
     * finds its row), answered as the request's 202.
     */
    async wait(
      userId: number,
      kind: VerifiedKind,
      target: string,
      reference: string,
      amountCents: number,
      nextAction: NextAction,
    ): Promise<RequiresAction> {
      const at = clock.now();
      await db
        .insert(cardVerifications)
        .values({
          userId,
          kind,
          target,
          providerReference: reference,
          amountCents,
          createdAt: at,
          updatedAt: at,
        })
        .onConflictDoNothing({ target: cardVerifications.providerReference });
      const [row] = await db
        .select()
        .from(cardVerifications)
        .where(eq(cardVerifications.providerReference, reference));
      if (!row || row.userId !== userId) throw CARD_VERIFICATION_ERRORS.notFound();
      return { requiresAction: { cardVerificationId: row.id, nextAction } };
    },

    /**
     * The authorisation of a verification its payer completed, to back their request sent again: theirs, of this
     * kind and amount, still waiting. Not confirmed by the bank yet: 422, it still waits. Refused: voided, and
     * `declined` thrown.
     */
    async verified(
      userId: number,
      kind: VerifiedKind,
      target: string,
      id: number,
      amountCents: number,
      declined: () => Error,
    ): Promise<CardAuthorization> {
      const [row] = await db.select().from(cardVerifications).where(eq(cardVerifications.id, id));
      if (!row || row.userId !== userId || row.kind !== kind) throw CARD_VERIFICATION_ERRORS.notFound();
      if (
        row.status !== 'waiting' ||
        row.target !== target ||
        row.amountCents !== amountCents ||
        row.createdAt <= freshSince()
      )
        throw CARD_VERIFICATION_ERRORS.ended();
      const outcome = await card.completeAction(row.providerReference);
      if (outcome.status === 'requires_action') throw CARD_VERIFICATION_ERRORS.notYet();
      if (outcome.status === 'declined') {
        await letGoWhere(eq(cardVerifications.id, row.id));
        throw declined();
      }
      return { reference: row.providerReference, card: outcome.card ?? null };
    },

    /**
     * Marks a verified authorisation used, in the unit of work that writes what it backs (`tx`): false when it was
     * used or voided meanwhile (the same verification sent twice at once), and the unit must not go on.
     */
    async use(tx: Db, reference: string): Promise<boolean> {
      const rows = await tx
        .update(cardVerifications)
        .set({ status: 'used', updatedAt: clock.now() })
        .where(
          and(
            eq(cardVerifications.providerReference, reference),
            eq(cardVerifications.status, 'waiting'),
            // Past its time the sweep may be voiding it right now: it backs nothing.
            gt(cardVerifications.createdAt, freshSince()),
          ),
        )
        .returning({ id: cardVerifications.id });
      return rows.length > 0;
    },

    /**
     * A verified authorisation whose request failed after all (the bid no longer placed, the entry refused): its
     * verification ends and the authorisation is voided, unless another request used it meanwhile (the same
     * verification sent twice at once: that one's bid or entry holds it, and its unit decided first).
     */
    async letGo(reference: string): Promise<void> {
      await letGoWhere(eq(cardVerifications.providerReference, reference));
    },

    /** As `letGo`, by the verification's id, when it is `userId`'s (a request refused before it was read). */
    async letGoOf(userId: number, id: number): Promise<void> {
      await letGoWhere(and(eq(cardVerifications.id, id), eq(cardVerifications.userId, userId)));
    },

    /**
     * The payer closed the verification without completing it: let go now (its card released) rather than held until
     * the sweep. Answers its status after (`voided`; `used` when a request it was sent with took it after all).
     */
    async cancel(userId: number, id: number): Promise<{ cardVerificationId: number; status: string }> {
      const [row] = await db.select().from(cardVerifications).where(eq(cardVerifications.id, id));
      if (!row || row.userId !== userId) throw CARD_VERIFICATION_ERRORS.notFound();
      await verifications.letGoOf(userId, id);
      const [after] = await db.select().from(cardVerifications).where(eq(cardVerifications.id, id));
      return { cardVerificationId: id, status: after?.status ?? row.status };
    },

    /** The minute sweep: verifications left waiting for half an hour are voided. Answers how many. */
    async voidAbandoned(limit = 100): Promise<number> {
      const rows = await db
        .select({ id: cardVerifications.id })
        .from(cardVerifications)
        .where(and(eq(cardVerifications.status, 'waiting'), lt(cardVerifications.createdAt, freshSince())))
        .orderBy(asc(cardVerifications.createdAt))
        .limit(limit);
      let voided = 0;
      // As a refused request lets one go: the status first (only while still waiting), the void after.
      for (const row of rows) voided += await letGoWhere(eq(cardVerifications.id, row.id));
      return voided;
    },
  };
  return verifications;
}

export type CardVerifications = ReturnType<typeof createCardVerifications>;
