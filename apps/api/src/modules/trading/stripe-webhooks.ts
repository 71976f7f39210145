// Stripe webhooks (docs/decisions/009-trading-and-ledger.md, "Stripe, Klarna, Gemini"). The signature
// is checked on the raw body with the signing secret (`stripe.webhooks.constructEvent`); each event is
// processed once: its id is written to `payment_webhook_events` in the same transaction as what it
// changes, so a replayed or retried event finds its row and changes nothing.
import { type Db, lockRows, schema, withTransaction } from '@vitrine/db';
import { AppError } from '@vitrine/domain';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Clock } from '../../lib/clock';

const { purchaseIntents: intents, paymentWebhookEvents: events } = schema;

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
    let ref: string | null = null;
    if (event.type.startsWith('payment_intent.')) ref = (event.data.object as Stripe.PaymentIntent).id;
    if (event.type === 'charge.refunded') {
      const pi = (event.data.object as Stripe.Charge).payment_intent;
      ref = typeof pi === 'string' ? pi : (pi?.id ?? null);
    }
    if (!ref) return { ref, intentId: null, outcome: 'ignored' };
    const [intent] = await lockRows(tx, intents, eq(intents.providerReference, ref));
    if (!intent) return { ref, intentId: null, outcome: 'unknown_payment' };

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
        return { ref, intentId: intent.id, outcome: `refunded:${charge.amount_refunded}` };
      }
      default:
        return { ref, intentId: intent.id, outcome: 'ignored' };
    }
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
