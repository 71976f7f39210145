// The Stripe card provider (docs/decisions/009-trading-and-ledger.md, "Stripe, Klarna, Gemini"): the
// `external` provider shape on Stripe PaymentIntents with manual capture. authorize = create + confirm
// with the buyer's payment method (`pm_…`, made by Stripe.js in the browser: the API never sees a card), attached
// first to the payer's Stripe Customer (so it pays for that user only, and pays again: Stripe refuses a PaymentMethod
// used once without a customer; one attached to another user's customer is declined as invalid);
// a card that needs 3-D Secure answers `requires_action` and, once the buyer passed it in the browser,
// `completeAction` finds the intent `requires_capture`; capture after the purchase commits; void =
// cancel; refunds. Every creating call carries an idempotency key derived from our reference, so a
// retried request never makes a second PaymentIntent. Stripe's own errors answer 503 (unavailableUnlessCard).
import { AppError, cardBrandName, PAYMENT_PROCESSOR_UNAVAILABLE_MESSAGE } from '@vitrine/domain';
import Stripe from 'stripe';
import type { ServiceLog } from '../../lib/service-log';
import {
  type AuthorizeOutcome,
  type AuthorizeRequest,
  type ExternalPaymentProvider,
  type NextAction,
  type PaymentCard,
  PaymentRefusedError,
} from './payment-providers';
import type { ProcessorCustomers } from './processor-customers';

export interface StripeSettings {
  /** STRIPE_SECRET_KEY (`sk_test_…` / `sk_live_…`). */
  secretKey: string;
  /** STRIPE_PUBLISHABLE_KEY (`pk_…`): the web app's Stripe.js takes cards with it (web-host.ts gives it). */
  publishableKey?: string;
  /** STRIPE_WEBHOOK_SECRET (`whsec_…`): webhooks are refused without it. */
  webhookSecret?: string;
  /** STRIPE_API_BASE: another API origin (tests: the local fake of Stripe on loopback). */
  apiBase?: string;
}

/** The SDK client, pointed at `apiBase` when given (host, port and protocol options of the SDK). */
export function createStripeClient(settings: StripeSettings): Stripe {
  const base = settings.apiBase ? new URL(settings.apiBase) : null;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}

/** The card of a PaymentIntent retrieved with `expand: ['payment_method']`: brand and last four only. */
export function cardOf(pi: Stripe.PaymentIntent): PaymentCard | null {
  const pm = pi.payment_method;
  const card = pm && typeof pm === 'object' ? pm.card : null;
  if (!card?.last4 || !/^\d{4}$/.test(card.last4)) return null;
  return { brand: cardBrandName(card.brand), last4: card.last4 };
}

/** Stripe's test PaymentMethods (`pm_card_visa`, `pm_card_visa_chargeDeclined`…): each use is a new PaymentMethod. */
const STRIPE_TEST_SHORTCUT = /^pm_card_[a-zA-Z]+(?:_[a-zA-Z]+)*$/;

/** Retrieves with the payment method expanded, so an authorised outcome names its card. */
const EXPAND_CARD = { expand: ['payment_method'] };

function outcomeOf(pi: Stripe.PaymentIntent): AuthorizeOutcome {
  switch (pi.status) {
    case 'requires_capture':
    case 'succeeded':
      return { status: 'authorized', providerReference: pi.id, card: cardOf(pi) };
    case 'requires_action': {
      const next = pi.next_action;
      const url = next?.redirect_to_url?.url ?? undefined;
      return {
        status: 'requires_action',
        providerReference: pi.id,
        nextAction: {
          type: next?.type ?? 'use_stripe_sdk',
          ...(url ? { url } : {}),
          // Stripe.js runs the bank's step with it (handleNextAction); only the paying buyer is sent it.
          ...(pi.client_secret ? { clientSecret: pi.client_secret } : {}),
        },
      };
    }
    case 'processing':
      // Not for cards; treated as a step still to finish.
      return { status: 'requires_action', providerReference: pi.id, nextAction: { type: 'processing' } };
    default:
      return {
        status: 'declined',
        providerReference: pi.id,
        reason: pi.last_payment_error?.decline_code ?? pi.last_payment_error?.code ?? pi.status,
      };
  }
}

function isStripeError(error: unknown): error is Stripe.errors.StripeError {
  return error instanceof Stripe.errors.StripeError;
}

/** The PaymentIntent's state answers for itself (a capture or cancel that already happened). */
function unexpectedState(error: unknown): boolean {
  return isStripeError(error) && error.code === 'payment_intent_unexpected_state';
}

/**
 * Stripe did not answer, or answered an error of its own rather than about the card (its outage, our key refused,
 * a rate limit): 503 with a plain message. Passed on as it came, Stripe's 401 for a rotated key read to the web as
 * the buyer's session ending, and its texts are not for buyers.
 */
async function unavailableUnlessCard<T>(log: ServiceLog, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isStripeError(error) && !(error instanceof Stripe.errors.StripeCardError)) {
      log.warn(
        { type: error.type, statusCode: error.statusCode, code: error.code, stripeMessage: error.message },
        'stripe error',
      );
      throw new AppError({
        statusCode: 503,
        errorType: 'payment-processor-unavailable',
        message: PAYMENT_PROCESSOR_UNAVAILABLE_MESSAGE,
      });
    }
    throw error;
  }
}

/** How many waiting steps' next actions a process keeps (a PaymentIntent's client secret never changes). */
const KEPT_STEPS = 10_000;

export function createStripeProvider(
  stripe: Stripe,
  log: ServiceLog,
  customers: ProcessorCustomers,
): ExternalPaymentProvider & { stripe: Stripe } {
  // The next action of each step this process saw wait, by PaymentIntent: a checkout read again mid-step (a
  // reload, every full read a buyer sends) is answered from here, not by asking Stripe each time (its read limit is
  // the account's: one buyer's loop must not starve every payment's calls). The oldest go first.
  const steps = new Map<string, NextAction>();
  const keep = (outcome: AuthorizeOutcome): AuthorizeOutcome => {
    if (outcome.status === 'requires_action' && outcome.nextAction.clientSecret) {
      steps.delete(outcome.providerReference);
      steps.set(outcome.providerReference, outcome.nextAction);
      if (steps.size > KEPT_STEPS) steps.delete(steps.keys().next().value as string);
    } else if (outcome.providerReference) {
      steps.delete(outcome.providerReference);
    }
    return outcome;
  };

  /**
   * The payer's Stripe Customer, made on their first card payment. No key of ours: Stripe keeps a 500 under its key
   * and would answer it to every payment of the user for a day; two first payments at once make two customers, and
   * `keep` keeps one (the other stays unused).
   */
  async function customerOf(userId: number): Promise<string> {
    const known = await customers.get(userId);
    if (known) return known;
    const made = await stripe.customers.create({ metadata: { user_id: String(userId) } });
    return customers.keep(userId, made.id);
  }

  const ownerOf = (pm: Stripe.PaymentMethod) =>
    typeof pm.customer === 'string' ? pm.customer : (pm.customer?.id ?? null);
  const invalidRequest = (error: unknown): error is Stripe.errors.StripeInvalidRequestError =>
    isStripeError(error) && error.type === 'StripeInvalidRequestError';

  /**
   * The payer's card as a PaymentMethod of their customer, attached now if it belongs to nobody yet, or why it may
   * not pay: unknown to Stripe or another customer's (another user's card: `invalid_payment_method`), or declined
   * as it was attached (Stripe checks a card then). Stripe's test ids (`pm_card_visa`) attach as a new
   * PaymentMethod each time: for them only, a key makes a retry find the same one. A customer Stripe no longer has
   * (deleted, or another account's key) is forgotten and a new one made, once.
   */
  async function payerCard(
    userId: number,
    token: string,
  ): Promise<{ card: string; customer: string } | { declined: string }> {
    let pm: Stripe.PaymentMethod;
    try {
      pm = await stripe.paymentMethods.retrieve(token);
    } catch (error) {
      if (!invalidRequest(error)) throw error;
      log.warn(
        { code: error.code, param: error.param },
        'stripe: a payment method that Stripe does not have',
      );
      return { declined: 'invalid_payment_method' };
    }
    const owner = ownerOf(pm);
    for (let attempt = 0; ; attempt++) {
      const customer = await customerOf(userId);
      if (owner !== null) {
        return owner === customer ? { card: pm.id, customer } : { declined: 'invalid_payment_method' };
      }
      try {
        const attached = await stripe.paymentMethods.attach(
          token,
          { customer },
          STRIPE_TEST_SHORTCUT.test(token) ? { idempotencyKey: `attach:${token}:${customer}` } : undefined,
        );
        return { card: attached.id, customer };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) {
          return { declined: error.decline_code ?? error.code ?? 'card_declined' };
        }
        if (!invalidRequest(error)) throw error;
        if (error.param === 'customer' && attempt === 0) {
          log.warn({ customer, userId }, 'stripe: the customer is gone; a new one is made');
          await customers.forget(userId, customer);
          continue;
        }
        // Attached meanwhile to this customer (the same buyer paying twice at once): it pays.
        const again = await stripe.paymentMethods.retrieve(token).catch(() => null);
        if (again && ownerOf(again) === customer) return { card: again.id, customer };
        log.warn({ code: error.code, param: error.param }, 'stripe: a payment method could not be attached');
        return { declined: 'invalid_payment_method' };
      }
    }
  }

  /**
   * `after`: the PaymentIntents of this key let go since (cancelled, or failed their step), oldest first. The key:
   * the same reference, card (as attached) and amount find the same PaymentIntent (a retry of the same pay); another
   * amount (a drop's quantity changed after a failed or abandoned attempt) is another one: Stripe refuses a key
   * used again with other parameters.
   */
  async function createAndConfirm(
    request: AuthorizeRequest,
    after: string[] = [],
  ): Promise<AuthorizeOutcome> {
    if (!request.paymentToken) {
      return { status: 'declined', providerReference: null, reason: 'invalid_payment_method' };
    }
    const payer = await payerCard(request.payerId, request.paymentToken);
    if ('declined' in payer) return { status: 'declined', providerReference: null, reason: payer.declined };
    const { card, customer } = payer;
    const key = [
      `${request.reference}:authorize:${card}:${request.currency}:${request.amountCents}`,
      ...after,
    ].join(':after:');
    try {
      const pi = await stripe.paymentIntents.create(
        {
          amount: request.amountCents,
          currency: request.currency.toLowerCase(),
          customer,
          payment_method: card,
          // Cards only here, no redirect-based methods: no return_url needed.
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          capture_method: 'manual',
          confirm: true,
          metadata: { reference: request.reference },
        },
        { idempotencyKey: key },
      );
      // The key may answer a PaymentIntent made earlier: its state now decides.
      const fresh = await stripe.paymentIntents.retrieve(pi.id, EXPAND_CARD);
      if (fresh.status === 'canceled') {
        // Voided since (the buyer changed how to pay, then came back to this card): a new one,
        // with a key derived from the cancelled one so a retry of this finds it too.
        return createAndConfirm(request, [...after, fresh.id]);
      }
      if (fresh.status === 'requires_payment_method') {
        // Its attempt failed since (a 3-D Secure step failed): a create that fails throws a card error, so this is
        // the key's earlier PaymentIntent. The buyer tries the same card again: that one is let go and a new one
        // asks for its own step (money review 2026-12-06: the replay read as declined, for good).
        try {
          await stripe.paymentIntents.cancel(fresh.id);
        } catch (error) {
          if (!unexpectedState(error)) throw error;
        }
        return createAndConfirm(request, [...after, fresh.id]);
      }
      return keep(outcomeOf(fresh));
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError) {
        return {
          status: 'declined',
          providerReference: error.payment_intent?.id ?? null,
          reason: error.decline_code ?? error.code ?? 'card_declined',
        };
      }
      if (
        isStripeError(error) &&
        error.type === 'StripeInvalidRequestError' &&
        error.param === 'payment_method'
      ) {
        return { status: 'declined', providerReference: null, reason: 'invalid_payment_method' };
      }
      throw error;
    }
  }

  return {
    kind: 'external',
    method: 'stripe_card',
    // A PaymentIntent's id: the card's references written down under `stripe_card` by the simulated processor are not ours.
    referencePrefix: 'pi_',
    stripe,
    async authorize(request) {
      if (!request.paymentToken) {
        return { status: 'declined', providerReference: null, reason: 'invalid_payment_method' };
      }
      return unavailableUnlessCard(log, () => createAndConfirm(request));
    },
    async completeAction(ref) {
      // The buyer passed (or failed) the second step in the browser with Stripe.js; Stripe knows.
      return unavailableUnlessCard(log, async () =>
        keep(outcomeOf(await stripe.paymentIntents.retrieve(ref, EXPAND_CARD))),
      );
    },
    // Capture and cancel carry no key of ours: Stripe keeps every answer under its key for a day, a 500 included,
    // so a fixed key would answer each later try (the sweep's) with that 500. Both are safe to send again anyway:
    // a PaymentIntent captured or cancelled already answers payment_intent_unexpected_state, read below. (The SDK
    // gives each call a key of its own for its retries.)
    // A PaymentIntent cancelled (its authorisation lapsed after 7 days, or voided) or back to needing a card, or a
    // capture declined, is refused for good (`PaymentRefusedError`); Stripe's other errors answer 503, worth a retry.
    async capture(ref) {
      await unavailableUnlessCard(log, async () => {
        try {
          await stripe.paymentIntents.capture(ref);
        } catch (error) {
          if (error instanceof Stripe.errors.StripeCardError) {
            throw new PaymentRefusedError(ref, error.decline_code ?? error.code ?? 'card_declined');
          }
          // The authorisation expired before Stripe marked the PaymentIntent cancelled.
          if (isStripeError(error) && error.code === 'charge_expired_for_capture') {
            throw new PaymentRefusedError(ref, error.code);
          }
          if (!unexpectedState(error)) throw error;
          const { status } = await stripe.paymentIntents.retrieve(ref);
          if (status === 'succeeded') return; // captured already
          if (status === 'canceled' || status === 'requires_payment_method') {
            throw new PaymentRefusedError(ref, status);
          }
          throw error;
        }
      });
    },
    async void(ref) {
      await unavailableUnlessCard(log, async () => {
        try {
          await stripe.paymentIntents.cancel(ref);
        } catch (error) {
          // Cancelled already, or never authorised (declined): nothing is held.
          if (unexpectedState(error)) return;
          throw error;
        }
      });
    },
    async nextActionOf(ref) {
      const kept = steps.get(ref);
      if (kept) return kept;
      try {
        const outcome = keep(outcomeOf(await stripe.paymentIntents.retrieve(ref)));
        return outcome.status === 'requires_action' ? outcome.nextAction : null;
      } catch (error) {
        log.warn({ err: error, ref }, 'stripe: the waiting step could not be read');
        return null;
      }
    },
    async isCaptured(ref) {
      return unavailableUnlessCard(
        log,
        async () => (await stripe.paymentIntents.retrieve(ref)).status === 'succeeded',
      );
    },
    async refund(ref, amountCents) {
      await unavailableUnlessCard(log, () =>
        stripe.refunds.create(
          { payment_intent: ref, amount: amountCents },
          { idempotencyKey: `${ref}:refund:${amountCents}` },
        ),
      );
    },
  };
}
