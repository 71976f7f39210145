// Cards whose bank asks for a verification (3-D Secure) for a bid or a drawing entry (decision 009 "Verified
// cards"). The payer is there when they bid or enter, so the step is taken then: the request is answered 202 with
// a `card_verifications` row's id and the step (Stripe's client secret), nothing placed; once the payer completed
// the step, the same request is sent again with `card_verification_id`, and the authorisation the bank verified
// backs it like any other (captured later without the payer, if it wins). Each verification backs one bid or
// entry: marked used in the unit of work that writes it. One left waiting for half an hour is voided by the
// minute sweep.
import { type Db, schema } from '@vitrine/db';
import { AppError } from '@vitrine/domain';
import { and, asc, eq, lt } from 'drizzle-orm';
import type { Clock } from '../../lib/clock';
import type { CardAuthorization } from './card-authorizations';
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

export function createCardVerifications(card: ExternalPaymentProvider, db: Db, clock: Clock) {
  async function setStatus(id: number, from: string, to: string): Promise<boolean> {
    const rows = await db
      .update(cardVerifications)
      .set({ status: to, updatedAt: clock.now() })
      .where(and(eq(cardVerifications.id, id), eq(cardVerifications.status, from)))
      .returning({ id: cardVerifications.id });
    return rows.length > 0;
  }

  return {
    /**
     * A card that asked for the step: written down waiting (once per authorisation: the same request sent again
     * finds its row), answered as the request's 202.
     */
    async wait(
      userId: number,
      kind: VerifiedKind,
      reference: string,
      amountCents: number,
      nextAction: NextAction,
    ): Promise<RequiresAction> {
      const at = clock.now();
      await db
        .insert(cardVerifications)
        .values({ userId, kind, providerReference: reference, amountCents, createdAt: at, updatedAt: at })
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
      id: number,
      amountCents: number,
      declined: () => Error,
    ): Promise<CardAuthorization> {
      const [row] = await db.select().from(cardVerifications).where(eq(cardVerifications.id, id));
      if (!row || row.userId !== userId || row.kind !== kind) throw CARD_VERIFICATION_ERRORS.notFound();
      if (row.status !== 'waiting' || row.amountCents !== amountCents) throw CARD_VERIFICATION_ERRORS.ended();
      const outcome = await card.completeAction(row.providerReference);
      if (outcome.status === 'requires_action') throw CARD_VERIFICATION_ERRORS.notYet();
      if (outcome.status === 'declined') {
        if (await setStatus(row.id, 'waiting', 'voided'))
          await card.void(row.providerReference).catch(() => undefined);
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
          and(eq(cardVerifications.providerReference, reference), eq(cardVerifications.status, 'waiting')),
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
      const rows = await db
        .update(cardVerifications)
        .set({ status: 'voided', updatedAt: clock.now() })
        .where(
          and(eq(cardVerifications.providerReference, reference), eq(cardVerifications.status, 'waiting')),
        )
        .returning({ id: cardVerifications.id });
      if (rows.length > 0) await card.void(reference).catch(() => undefined);
    },

    /** As `letGo`, by the verification's id, when it is `userId`'s (a request refused before it was read). */
    async letGoOf(userId: number, id: number): Promise<void> {
      const rows = await db
        .update(cardVerifications)
        .set({ status: 'voided', updatedAt: clock.now() })
        .where(
          and(
            eq(cardVerifications.id, id),
            eq(cardVerifications.userId, userId),
            eq(cardVerifications.status, 'waiting'),
          ),
        )
        .returning({ reference: cardVerifications.providerReference });
      for (const row of rows) await card.void(row.reference).catch(() => undefined);
    },

    /** The minute sweep: verifications left waiting for half an hour are voided. Answers how many. */
    async voidAbandoned(limit = 100): Promise<number> {
      const before = new Date(clock.now().getTime() - CARD_VERIFICATION_WAIT_MS);
      const rows = await db
        .select()
        .from(cardVerifications)
        .where(and(eq(cardVerifications.status, 'waiting'), lt(cardVerifications.createdAt, before)))
        .orderBy(asc(cardVerifications.createdAt))
        .limit(limit);
      let voided = 0;
      for (const row of rows) {
        try {
          await card.void(row.providerReference);
          if (await setStatus(row.id, 'waiting', 'voided')) voided += 1;
        } catch {
          // The processor did not answer: the next sweep tries again.
        }
      }
      return voided;
    },
  };
}

export type CardVerifications = ReturnType<typeof createCardVerifications>;
