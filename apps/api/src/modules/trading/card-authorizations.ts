// Card authorisations that back a promise to pay (decision 009 "Offers", 012, 013): offers, bids and
// drawing entries reserve money on a card before their unit of work, capture it when they win and void
// it when they lose or their unit fails. One helper for the three, so they refuse the same cards the same
// way: a declined card; a card that needs a second step (3-D Secure) is kept (`begin`): the payer is there when
// they offer, bid or enter, so the step is taken then (an offer waits for it; a bid or an entry is sent again
// with it, card-verifications.ts), and a card verified then is captured later without them, as any
// authorisation is. `authorize` still refuses such a card where nobody takes the step (a new amount for an offer).
import { randomUUID } from 'node:crypto';
import { type Db, schema } from '@vitrine/db';
import { AppError } from '@vitrine/domain';
import { eq } from 'drizzle-orm';
import type { ExternalPaymentProvider, NextAction, PaymentCard } from './payment-providers';

/**
 * 409: the processor gave back an authorisation that already backs an offer, a bid or a drawing entry. Its
 * reference comes from the request's Idempotency-Key (so a retry holds the card once); the same key sent again
 * for another request once we had forgotten it (a day later) finds the processor's first authorisation.
 */
export const AUTHORIZATION_IN_USE = () =>
  new AppError({
    statusCode: 409,
    errorType: 'idempotency-key-reused',
    message:
      'This request carries the Idempotency-Key of an earlier one, which your card already paid for. Nothing more was held: send it with a new key.',
  });

/** Whether an offer, a bid or a drawing entry is backed by the processor's authorisation `reference`. */
async function backsAnother(db: Db, reference: string): Promise<boolean> {
  const holders = await Promise.all([
    db
      .select({ id: schema.offers.id })
      .from(schema.offers)
      .where(eq(schema.offers.providerReference, reference))
      .limit(1),
    db
      .select({ id: schema.bids.id })
      .from(schema.bids)
      .where(eq(schema.bids.providerReference, reference))
      .limit(1),
    db
      .select({ id: schema.drawingEntries.id })
      .from(schema.drawingEntries)
      .where(eq(schema.drawingEntries.providerReference, reference))
      .limit(1),
  ]);
  return holders.some((rows) => rows.length > 0);
}

/** An authorisation made: the processor's reference, and the card as a receipt names it (when it says). */
export interface CardAuthorization {
  reference: string;
  card: PaymentCard | null;
}

export interface CardAuthorizationErrors {
  /** 402 card_declined */
  declined: () => Error;
  /** 422 payment-requires-action */
  needsAction: () => Error;
}

/**
 * `db`: where the offers, bids and drawing entries are, so an authorisation the processor gives back is never
 * made to back a second one (AUTHORIZATION_IN_USE; left as it is, since it is not this request's to void).
 */
export function createCardAuthorizations(card: ExternalPaymentProvider, db?: Db) {
  return {
    /**
     * Authorises `amountCents` on the tokenised card before the unit of work; returns the processor's
     * reference and the card's brand and last four (for the purchase history, never the number). `kind` names what it backs (`bid`, `offer`, `drawing_entry`) in the processor's reference.
     * `request` (the maker and the request's id from its Idempotency-Key) makes the same request sent again find
     * the same authorisation (same card and amount) instead of placing a second hold.
     */
    async authorize(
      kind: string,
      amountCents: number,
      paymentToken: string | null | undefined,
      errors: CardAuthorizationErrors,
      request: { userId: number; id: string | null },
    ): Promise<CardAuthorization> {
      const outcome = await card.authorize({
        reference: request.id ? `${kind}:${request.userId}:${request.id}` : `${kind}:new:${randomUUID()}`,
        amountCents,
        currency: 'USD',
        paymentToken: paymentToken ?? null,
        payerId: request.userId,
      });
      if (outcome.status === 'declined') throw errors.declined();
      if (outcome.status === 'requires_action') {
        await card.void(outcome.providerReference);
        throw errors.needsAction();
      }
      if (db && (await backsAnother(db, outcome.providerReference))) throw AUTHORIZATION_IN_USE();
      return { reference: outcome.providerReference, card: outcome.card ?? null };
    },
    /**
     * As `authorize`, but a card that needs a second step (3-D Secure) is kept, not voided: the caller writes it
     * down as waiting and the payer takes the step now (`completeAction`). Declined throws. Whether the
     * authorisation already backs something is left to the caller (`inUse`): a request sent again finds its own.
     */
    async begin(
      kind: string,
      amountCents: number,
      paymentToken: string | null | undefined,
      errors: Pick<CardAuthorizationErrors, 'declined'>,
      request: { userId: number; id: string | null },
    ): Promise<
      | ({ status: 'authorized' } & CardAuthorization)
      | { status: 'requires_action'; reference: string; nextAction: NextAction }
    > {
      const outcome = await card.authorize({
        reference: request.id ? `${kind}:${request.userId}:${request.id}` : `${kind}:new:${randomUUID()}`,
        amountCents,
        currency: 'USD',
        paymentToken: paymentToken ?? null,
        payerId: request.userId,
      });
      if (outcome.status === 'declined') throw errors.declined();
      if (outcome.status === 'requires_action')
        return {
          status: 'requires_action',
          reference: outcome.providerReference,
          nextAction: outcome.nextAction,
        };
      return { status: 'authorized', reference: outcome.providerReference, card: outcome.card ?? null };
    },
    /** Whether an offer, a bid or a drawing entry is backed by this authorisation already. */
    inUse(reference: string): Promise<boolean> {
      return db ? backsAnother(db, reference) : Promise.resolve(false);
    },
    /** Takes the authorised money (after the winning unit committed). Throws when the processor refuses. */
    capture(providerReference: string): Promise<void> {
      return card.capture(providerReference);
    },
    /**
     * Voids an authorisation that will not be captured (lost, outbid, replaced, withdrawn, or its unit
     * failed). Never throws: the processor lets an unused authorisation lapse anyway.
     */
    async release(providerReference: string | null | undefined): Promise<void> {
      if (!providerReference) return;
      await card.void(providerReference).catch(() => undefined);
    },
    async releaseAll(references: Iterable<string | null | undefined>): Promise<void> {
      for (const ref of references) if (ref) await card.void(ref).catch(() => undefined);
    },
  };
}

export type CardAuthorizations = ReturnType<typeof createCardAuthorizations>;

/** Card money still owed this long after a commit is taken by the minute sweep (the request may still be capturing). */
export const CAPTURE_GRACE_MS = 60 * 1000;
/**
 * The sweep takes owed card money for this long after the sale: a card authorisation lapses after about
 * 7 days (Stripe cancels uncaptured ones then), so older ones cannot be captured, and retrying them every
 * minute would keep newer ones from being reached.
 */
export const CAPTURE_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * A won card entry or bid whose capture the processor refused this many times forfeits its win (decision 013
 * "Refused captures"; decision 012 for auctions).
 */
export const MAX_CAPTURE_ATTEMPTS = 3;
/** The wait before capture attempt n + 1 after n refusals (n = 1, 2). */
export const CAPTURE_RETRY_DELAYS_MS = [15 * 60_000, 60 * 60_000] as const;
/**
 * The wait before the next capture after a failed one (`captureRefusedAt`), by the refusals counted so far: a
 * processor that did not answer counts none, and its capture is tried again after the first wait.
 */
export const retryWaitAfter = (refusals: number) =>
  CAPTURE_RETRY_DELAYS_MS[Math.min(Math.max(refusals, 1), CAPTURE_RETRY_DELAYS_MS.length) - 1] ??
  CAPTURE_RETRY_DELAYS_MS[0];

/** Where a sweep of owed captures goes on from: after this moment and row id (rows ordered by both). */
export interface OwedCursor {
  at: Date;
  id: number;
}

/**
 * The minute sweep's collection of card money owed after a commit (paid intents, accepted card offers, won
 * card bids, publisher fees): each call reads up to `limit` rows owed between CAPTURE_WINDOW_MS and CAPTURE_GRACE_MS
 * before `now`, in the order of their moment and id, and `capture`s (and marks) each; one the processor refuses now
 * is tried again at a later sweep. A call goes on after the last row the one before read (`read` takes the rows after
 * the cursor), so rows the processor keeps refusing cannot keep newer owed money from being reached, however many
 * share one moment; after a page shorter than `limit` the next call starts at the oldest again. Answers how many it
 * took. One per service: the place it stopped is kept in this process.
 */
export function owedCaptures<T extends { id: number }>(
  read: (after: OwedCursor, before: Date, limit: number) => Promise<T[]>,
  at: (row: T) => Date | null,
  capture: (row: T) => Promise<void>,
): (now: Date, limit: number) => Promise<number> {
  let from: OwedCursor | null = null;
  return async (now, limit) => {
    const t = now.getTime();
    const oldest = new Date(t - CAPTURE_WINDOW_MS);
    const after = from && from.at > oldest ? from : { at: oldest, id: 0 };
    const rows = await read(after, new Date(t - CAPTURE_GRACE_MS), limit);
    const last = rows.length >= limit ? rows[rows.length - 1] : undefined;
    const lastAt = last ? at(last) : null;
    from = last && lastAt ? { at: lastAt, id: last.id } : null;
    let taken = 0;
    for (const row of rows) {
      try {
        await capture(row);
        taken += 1;
      } catch {
        // Owed still: a later sweep tries again.
      }
    }
    return taken;
  };
}
