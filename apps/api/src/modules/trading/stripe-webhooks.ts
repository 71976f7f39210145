// Stripe webhooks (docs/decisions/009-trading-and-ledger.md, "Stripe, Klarna, Gemini"). The signature
// is checked on the raw body with the signing secret (`stripe.webhooks.constructEvent`); each event is
// processed once: its id is written to `payment_webhook_events` in the same transaction as what it
// changes, so a replayed or retried event finds its row and changes nothing.
import { type Db, lockRows, schema, withTransaction } from '@vitrine/db';
import { AppError } from '@vitrine/domain';
import { and, eq, inArray, isNull, like, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Clock } from '../../lib/clock';
import { creditDeposit } from './balance.service';
import { createLedgerRepo, takeBack } from './ledger.repo';

const {
  purchaseIntents: intents,
  paymentWebhookEvents: events,
  ledgerTransactions,
  ledgerEntries,
  cardDeposits: deposits,
  offers,
  bids,
  drawingEntries,
  publisherFees,
} = schema;

/**
 * Splits `amount` over `weights` in proportion, in whole cents that sum to `amount` exactly (largest
 * remainder; ties to the earlier weight). `total` is what the weights sum to.
 */
export function allocate(amount: number, weights: number[], total: number): number[] {
  if (total <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (amount * w) / total);
  const shares = exact.map(Math.floor);
  let left = amount - shares.reduce((a, b) => a + b, 0);
  const order = exact
    .map((x, i) => ({ i, frac: x - Math.floor(x) }))
    .sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i] = (shares[i] ?? 0) + 1;
    left -= 1;
  }
  return shares;
}

/** The ledger reference of a refund movement: the charge's refunded total so far, so each total posts once. */
/** A paid thing's refund movement: its own reference and the charge's refunded total so far. */
const refundReference = (paidReference: string, refundedTotal: number) =>
  `${paidReference}:refunded:${refundedTotal}`;

/**
 * What a card payment paid for, whose ledger movement a refund reverses: a purchase intent, an accepted offer, a
 * won bid, a won drawing entry, a publisher fee. `reference` names it (`offer:12`), `buyerId` who paid.
 */
interface PaidMovement {
  reference: string;
  transactionId: number | null;
  buyerId: number | null;
  /** Paid (or refunded before): a refund of something not paid posts nothing. */
  paid: boolean;
  /** Marks it refunded once the whole charge is (a purchase intent reads refunded). */
  onFullRefund?: (tx: Db, at: Date) => Promise<void>;
  log: Record<string, unknown>;
}

/** Open states of a purchase intent (the trading service's). */
const OPEN = ['pending', 'requires_action'];

export const WEBHOOK_ERRORS = {
  notConfigured: () =>
    new AppError({ errorType: 'not-found', message: 'Stripe webhooks are not configured', statusCode: 404 }),
  badSignature: () =>
    new AppError({
      errorType: 'bad-signature',
      message: 'The webhook signature could not be verified',
      statusCode: 400,
    }),
};

export interface WebhookResult {
  received: true;
  /** False when this event was processed before (a replay). */
  processed: boolean;
  outcome: string;
}

export function createStripeWebhooks(deps: {
  db: Db;
  clock: Clock;
  stripe: Stripe | null;
  webhookSecret: string | undefined;
  /** Tolerance of the signature's timestamp, seconds (Stripe's default: 300). */
  toleranceSeconds?: number;
  log?: (message: string, detail: Record<string, unknown>) => void;
}) {
  /** What the event does to our records, inside the transaction that records it. */
  async function apply(
    tx: Db,
    event: Stripe.Event,
  ): Promise<{ ref: string | null; intentId: number | null; outcome: string }> {
    const at = deps.clock.now();
    if (event.type.startsWith('charge.dispute.'))
      return dispute(tx, event.type, event.data.object as Stripe.Dispute, at);
    let ref: string | null = null;
    if (event.type.startsWith('payment_intent.')) ref = (event.data.object as Stripe.PaymentIntent).id;
    if (event.type === 'charge.refunded') {
      const pi = (event.data.object as Stripe.Charge).payment_intent;
      ref = typeof pi === 'string' ? pi : (pi?.id ?? null);
    }
    if (!ref) return { ref, intentId: null, outcome: 'ignored' };
    const [intent] = await lockRows(tx, intents, eq(intents.providerReference, ref));
    if (!intent) {
      if (event.type === 'charge.refunded') {
        const refunded = (event.data.object as Stripe.Charge).amount_refunded;
        // Funds added by card, refunded at Stripe (its dashboard, support): taken back from the balance.
        const outcome = await reverseDeposit(tx, ref, refunded, at);
        if (outcome) return { ref, intentId: null, outcome };
        // An accepted offer, a won bid or drawing entry, a publisher fee paid by this card: its movement reversed.
        const paid = await paidByCard(tx, ref);
        if (paid) return { ref, intentId: null, outcome: await reverse(tx, paid, refunded, at) };
      }
      return { ref, intentId: null, outcome: 'unknown_payment' };
    }

    switch (event.type) {
      case 'payment_intent.succeeded': {
        // The money was taken: record the capture if our own capture call's answer was lost.
        if (intent.paymentState === 'paid' && !intent.capturedAt) {
          await tx
            .update(intents)
            .set({ capturedAt: at })
            .where(and(eq(intents.id, intent.id), isNull(intents.capturedAt)));
          return { ref, intentId: intent.id, outcome: 'captured' };
        }
        return {
          ref,
          intentId: intent.id,
          outcome: intent.paymentState === 'paid' ? 'already_captured' : 'noted',
        };
      }
      case 'payment_intent.payment_failed':
      case 'payment_intent.canceled': {
        // A payment that failed (the second step failed, the authorisation was cancelled) never
        // delivers: an open intent waiting on it goes back to pending, without it.
        if (OPEN.includes(intent.paymentState)) {
          await tx
            .update(intents)
            .set({ paymentState: 'pending', providerReference: null, updatedAt: at })
            .where(
              and(
                eq(intents.id, intent.id),
                inArray(intents.paymentState, OPEN),
                eq(intents.providerReference, ref),
              ),
            );
          return { ref, intentId: intent.id, outcome: 'reopened' };
        }
        if (intent.paymentState === 'paid' && !intent.capturedAt) {
          // Delivered but the money is no longer held: for the operator (the ledger shows the sale).
          deps.log?.('paid purchase lost its card authorisation', {
            intentId: intent.id,
            ref,
            type: event.type,
          });
          return { ref, intentId: intent.id, outcome: 'authorization_lost' };
        }
        return { ref, intentId: intent.id, outcome: 'noted' };
      }
      case 'charge.refunded': {
        const charge = event.data.object as Stripe.Charge;
        const outcome = await reverse(
          tx,
          {
            reference: `purchase_intent:${intent.id}`,
            transactionId: intent.ledgerTransactionId,
            buyerId: intent.buyerId,
            paid: intent.paymentState === 'paid' || intent.paymentState === 'refunded',
            onFullRefund: async (t, when) => {
              await t
                .update(intents)
                .set({ paymentState: 'refunded', updatedAt: when })
                .where(and(eq(intents.id, intent.id), eq(intents.paymentState, 'paid')));
            },
            log: { intentId: intent.id },
          },
          charge.amount_refunded,
          at,
        );
        return { ref, intentId: intent.id, outcome };
      }
      default:
        return { ref, intentId: intent.id, outcome: 'ignored' };
    }
  }

  /**
   * A refund reverses the purchase's ledger movement in proportion (decision 009 "Refunds"): the shares the
   * sale credited (seller's proceeds, creator fee, platform fees) give back the refunded part, the buyer's
   * account shows the refund arriving and leaving for the card, and the clearing account takes back what
   * left. `refundedTotal` is the charge's refunded amount so far: each event posts the difference to what
   * earlier refunds of this intent posted, once (the movement's reference names the total). A share larger
   * than what its account may spend is taken only up to that; the rest (the shortfall) stays on the
   * clearing account, logged for the operator. A full refund marks the intent refunded.
   */
  async function reverse(tx: Db, paidFor: PaidMovement, refundedTotal: number, at: Date): Promise<string> {
    if (!paidFor.transactionId || !paidFor.paid || paidFor.buyerId === null)
      return `refunded:${refundedTotal}:not_paid`;
    const original = await tx
      .select({
        accountId: ledgerEntries.accountId,
        amountCents: ledgerEntries.amountCents,
        memo: ledgerEntries.memo,
      })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.transactionId, paidFor.transactionId))
      .orderBy(ledgerEntries.id);
    const payer = original.find((e) => e.amountCents < 0);
    const credits = original.filter((e) => e.amountCents > 0);
    if (!payer) return `refunded:${refundedTotal}:no_movement`;
    const paid = -payer.amountCents;
    const earlier = await tx
      .select({ id: ledgerTransactions.id, reference: ledgerTransactions.reference })
      .from(ledgerTransactions)
      .where(
        and(
          eq(ledgerTransactions.kind, 'refund'),
          like(ledgerTransactions.reference, `${paidFor.reference}:refunded:%`),
        ),
      );
    const before = Math.max(0, ...earlier.map((r) => Number(r.reference.split(':').at(-1)) || 0));
    const now = Math.min(refundedTotal, paid);
    if (now <= before) return `refunded:${refundedTotal}:already_recorded`;
    const refund = now - before;
    // What each credit has given back already; this refund is split over what is left of each, in
    // proportion, so no share is ever given back twice and a full refund gives back every credit exactly.
    const given = new Map<string, number>();
    if (earlier.length > 0) {
      const back = await tx
        .select({
          accountId: ledgerEntries.accountId,
          amountCents: ledgerEntries.amountCents,
          memo: ledgerEntries.memo,
        })
        .from(ledgerEntries)
        .where(
          inArray(
            ledgerEntries.transactionId,
            earlier.map((r) => r.id),
          ),
        );
      for (const e of back) {
        const key = `${e.accountId}:${e.memo}`;
        given.set(key, (given.get(key) ?? 0) - e.amountCents);
      }
    }
    const remaining = credits.map((c) =>
      Math.max(0, c.amountCents - (given.get(`${c.accountId}:${c.memo}_refunded`) ?? 0)),
    );
    const shares = allocate(
      refund,
      remaining,
      remaining.reduce((a, b) => a + b, 0),
    );

    const ledger = createLedgerRepo(tx);
    const buyer = await ledger.userAccount(paidFor.buyerId);
    const locked = await ledger.lock([payer.accountId, buyer, ...credits.map((c) => c.accountId)]);
    // Each user gives back at most what they may spend; a house account its share in full (`takeBack`).
    const { postings, shortfall } = takeBack(
      locked,
      credits.map((credit, i) => ({
        accountId: credit.accountId,
        amountCents: shares[i] ?? 0,
        memo: `${credit.memo}_refunded`,
      })),
    );
    // The buyer's record shows the refund arriving and going to their card; the clearing account takes back
    // what left, less a shortfall no share could cover (for the operator).
    postings.push(
      { accountId: buyer, amountCents: refund, memo: 'refund' },
      { accountId: buyer, amountCents: -refund, memo: 'refund_to_card' },
      { accountId: payer.accountId, amountCents: refund, memo: 'card_refund' },
      { accountId: payer.accountId, amountCents: -shortfall, memo: 'refund_shortfall' },
    );
    await ledger.post({
      kind: 'refund',
      reference: refundReference(paidFor.reference, now),
      description: `Card refund of ${paidFor.reference.replace(':', ' ')}`,
      at,
      postings,
    });
    if (now >= paid) await paidFor.onFullRefund?.(tx, at);
    if (shortfall > 0) {
      deps.log?.('card refund larger than what the sale’s accounts may give back', {
        ...paidFor.log,
        refund,
        shortfall,
      });
      return `refunded:${refundedTotal}:shortfall:${shortfall}`;
    }
    return `refunded:${refundedTotal}`;
  }

  /**
   * A refund of funds added by card takes the refunded part back from the user's balance (decision 009 "Add funds"):
   * each event posts the difference to what earlier refunds of the deposit posted, once (the movement's reference
   * names the total). Money the user spent or cashed out meanwhile cannot be taken: the shortfall stays on the
   * clearing account, logged for the operator, and no balance goes below zero. Null: not a deposit of ours.
   */
  async function reverseDeposit(
    tx: Db,
    ref: string,
    refundedTotal: number,
    at: Date,
  ): Promise<string | null> {
    const [deposit] = await lockRows(
      tx,
      deposits,
      and(eq(deposits.processor, 'stripe_card'), eq(deposits.providerReference, ref)),
    );
    if (!deposit) return null;
    if (deposit.status !== 'authorized' && deposit.status !== 'credited')
      return `refunded:${refundedTotal}:not_credited`;
    const ledger = createLedgerRepo(tx);
    const user = await ledger.userAccount(deposit.userId);
    const clearing = await ledger.houseAccount('payments_clearing');
    // Charged but not credited yet (its request stopped between the two): a refund means the money was taken, so it
    // is credited here, then taken back below. Left as it was, the sweep, which asks Stripe whether the money was
    // taken (a refunded payment still reads succeeded), credited all of it (money review 2026-12-06).
    if (deposit.status === 'authorized') await creditDeposit(tx, ledger, deposit, { user, clearing }, at);
    const prefix = `deposit:${ref}:refunded:`;
    const earlier = await tx
      .select({ reference: ledgerTransactions.reference })
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.kind, 'refund'), like(ledgerTransactions.reference, `${prefix}%`)));
    const before = Math.max(0, ...earlier.map((r) => Number(r.reference.slice(prefix.length)) || 0));
    const now = Math.min(refundedTotal, deposit.amountCents);
    if (now <= before) return `refunded:${refundedTotal}:already_recorded`;
    const refund = now - before;
    const locked = await ledger.lock([user, clearing]);
    const { postings, shortfall } = takeBack(locked, [
      { accountId: user, amountCents: refund, memo: 'deposit_refunded' },
    ]);
    postings.push({ accountId: clearing, amountCents: refund - shortfall, memo: 'card_refund' });
    await ledger.post({
      kind: 'refund',
      reference: `${prefix}${now}`,
      description: 'Card refund of funds added',
      at,
      postings: postings.filter((p) => p.amountCents !== 0),
    });
    if (shortfall > 0) {
      deps.log?.('card refund of funds added larger than the balance left', { ref, refund, shortfall });
      return `refunded:${refundedTotal}:shortfall:${shortfall}`;
    }
    return `refunded:${refundedTotal}`;
  }

  /**
   * A card payment disputed by its holder (decision 009 "Disputes"). Money moves only as Stripe moves it: each of
   * the dispute's balance transactions (the funds withdrawn with Stripe's fee; funds reinstated when it is won, a
   * fee given back or charged later) posts once, whichever `charge.dispute.*` event lists it first: what left our
   * Stripe balance leaves the clearing account and is charged to the platform's `card_disputes` account, and what
   * came back returns the same way. The seller keeps the proceeds and the buyer the NFT: what a lost dispute takes
   * from them is a product decision not taken yet, so the platform bears it and every dispute event is logged for
   * the operator. Only disputes of our own card payments move our ledger (a purchase, an accepted offer, a won bid
   * or entry, a publisher fee, funds added); any other is logged and left.
   */
  async function dispute(
    tx: Db,
    type: string,
    d: Stripe.Dispute,
    at: Date,
  ): Promise<{ ref: string | null; intentId: number | null; outcome: string }> {
    const pi = d.payment_intent;
    const ref = typeof pi === 'string' ? pi : (pi?.id ?? null);
    const [intent] = ref
      ? await tx.select({ id: intents.id }).from(intents).where(eq(intents.providerReference, ref))
      : [];
    const intentId = intent?.id ?? null;
    const name = `${type.slice('charge.'.length)}:${d.status}`;
    const detail = {
      dispute: d.id,
      ref,
      intentId,
      amount: d.amount,
      reason: d.reason,
      status: d.status,
      type,
    };
    if (!ref || (intentId === null && !(await isOurPayment(tx, ref)))) {
      deps.log?.('card dispute of a payment that is not ours', detail);
      return { ref, intentId, outcome: `${name}:not_ours` };
    }
    deps.log?.('card payment disputed', detail);
    const ledger = createLedgerRepo(tx);
    let moved = 0;
    let posted = 0;
    for (const b of d.balance_transactions ?? []) {
      if (b.amount === 0 && b.fee === 0) continue;
      if (b.currency !== 'usd') {
        deps.log?.('card dispute movement not in USD, not posted', { ...detail, balanceTransaction: b.id });
        continue;
      }
      const reference = `dispute:${d.id}:${b.id}`;
      const [seen] = await tx
        .select({ id: ledgerTransactions.id })
        .from(ledgerTransactions)
        .where(and(eq(ledgerTransactions.kind, 'dispute'), eq(ledgerTransactions.reference, reference)));
      if (seen) continue;
      const clearing = await ledger.houseAccount('payments_clearing');
      const disputes = await ledger.houseAccount('card_disputes');
      // Out of clearing is positive (as a refund): a withdrawal's negative amount and its fee leave; a
      // reinstatement's positive amount (and a fee given back, negative) return.
      const withdrawal = b.amount < 0;
      await ledger.post({
        kind: 'dispute',
        reference,
        description: `Card dispute ${d.id}`,
        at,
        postings: [
          {
            accountId: clearing,
            amountCents: -b.amount,
            memo: withdrawal ? 'dispute_withdrawn' : 'dispute_reinstated',
          },
          { accountId: clearing, amountCents: b.fee, memo: 'dispute_fee' },
          {
            accountId: disputes,
            amountCents: b.amount,
            memo: withdrawal ? 'dispute_loss' : 'dispute_reinstated',
          },
          { accountId: disputes, amountCents: -b.fee, memo: 'dispute_fee' },
        ],
      });
      moved += b.amount - b.fee;
      posted += 1;
    }
    return { ref, intentId, outcome: posted > 0 ? `${name}:moved:${moved}` : name };
  }

  /**
   * What else a card authorisation paid for, taken: an accepted offer, a won bid, a won drawing entry, a paid
   * publisher fee (each locked, as a purchase intent is). Null: none of them.
   */
  async function paidByCard(tx: Db, ref: string): Promise<PaidMovement | null> {
    const [offer] = await lockRows(
      tx,
      offers,
      and(eq(offers.providerReference, ref), eq(offers.status, 'accepted')),
    );
    if (offer) {
      return {
        reference: `offer:${offer.id}`,
        transactionId: offer.ledgerTransactionId,
        buyerId: offer.makerId,
        paid: true,
        log: { offerId: offer.id },
      };
    }
    const [bid] = await lockRows(tx, bids, and(eq(bids.providerReference, ref), eq(bids.status, 'won')));
    if (bid) {
      return {
        reference: `bid:${bid.id}`,
        transactionId: bid.ledgerTransactionId,
        buyerId: bid.userId,
        paid: true,
        log: { bidId: bid.id },
      };
    }
    const [entry] = await lockRows(
      tx,
      drawingEntries,
      and(eq(drawingEntries.providerReference, ref), eq(drawingEntries.status, 'won')),
    );
    if (entry) {
      const [movement] = await tx
        .select({ id: ledgerTransactions.id })
        .from(ledgerTransactions)
        .where(
          and(
            eq(ledgerTransactions.kind, 'purchase'),
            eq(ledgerTransactions.reference, `drawing_entry:${entry.id}`),
          ),
        );
      return {
        reference: `drawing_entry:${entry.id}`,
        transactionId: movement?.id ?? null,
        buyerId: entry.userId,
        paid: true,
        log: { drawingEntryId: entry.id },
      };
    }
    const [fee] = await lockRows(
      tx,
      publisherFees,
      and(eq(publisherFees.providerReference, ref), eq(publisherFees.paymentState, 'paid')),
    );
    if (fee) {
      return {
        reference: `publisher_fee:${fee.id}`,
        transactionId: fee.ledgerTransactionId,
        buyerId: fee.paidBy,
        paid: true,
        log: { publisherFeeId: fee.id },
      };
    }
    return null;
  }

  /** Whether a PaymentIntent paid for something of ours besides a purchase intent (checked by the caller). */
  async function isOurPayment(tx: Db, ref: string): Promise<boolean> {
    const result = await tx.execute(sql`
      select exists (select 1 from ${offers} where ${offers.providerReference} = ${ref})
          or exists (select 1 from ${bids} where ${bids.providerReference} = ${ref})
          or exists (select 1 from ${drawingEntries} where ${drawingEntries.providerReference} = ${ref})
          or exists (select 1 from ${publisherFees} where ${publisherFees.providerReference} = ${ref})
          or exists (select 1 from ${deposits} where ${deposits.providerReference} = ${ref}) as ours`);
    return (result as unknown as { rows: { ours: boolean }[] }).rows[0]?.ours === true;
  }

  return {
    configured: deps.stripe !== null && deps.webhookSecret !== undefined,

    /** Verifies and processes one delivery. Throws 400 on a bad signature. */
    async receive(rawBody: Buffer, signature: string | undefined): Promise<WebhookResult> {
      const { stripe, webhookSecret } = deps;
      if (!stripe || !webhookSecret) throw WEBHOOK_ERRORS.notConfigured();
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signature ?? '',
          webhookSecret,
          deps.toleranceSeconds,
        );
      } catch {
        throw WEBHOOK_ERRORS.badSignature();
      }
      return withTransaction(deps.db, async (tx) => {
        const [fresh] = await tx
          .insert(events)
          .values({
            id: event.id,
            provider: 'stripe',
            type: event.type,
            outcome: 'processing',
            receivedAt: deps.clock.now(),
          })
          .onConflictDoNothing()
          .returning({ id: events.id });
        if (!fresh) {
          const [seen] = await tx
            .select({ outcome: events.outcome })
            .from(events)
            .where(eq(events.id, event.id));
          return { received: true as const, processed: false, outcome: seen?.outcome ?? 'seen' };
        }
        const done = await apply(tx, event);
        await tx
          .update(events)
          .set({ providerReference: done.ref, intentId: done.intentId, outcome: done.outcome })
          .where(eq(events.id, event.id));
        return { received: true as const, processed: true, outcome: done.outcome };
      });
    },
  };
}

export type StripeWebhooks = ReturnType<typeof createStripeWebhooks>;
