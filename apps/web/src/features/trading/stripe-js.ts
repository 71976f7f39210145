// Stripe.js (docs/decisions/009-trading-and-ledger.md, "Stripe.js"): loaded from js.stripe.com (never bundled, as
// Stripe requires) the first time a card form shows, with the publishable key the server gave. The card becomes a
// PaymentMethod here; a card that needs 3-D Secure runs its step here too (`confirmCardStep`), and our
// complete-action call then reads the outcome from Stripe. Imported dynamically: pages without a card form never
// load it.
import type { Stripe, StripeError } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { PAYMENT_PROCESSOR_UNAVAILABLE_MESSAGE } from '@vitrine/domain';
import { ApiError } from '../../app/api-error';
import { config } from '../../app/config';
import { CARD_FORM_UNAVAILABLE_MESSAGE, type StripeCard } from './stripe-card';

let loading: Promise<Stripe> | null = null;

/** Stripe.js, loaded once; a failed load is tried again on the next call. */
export function stripeJs(): Promise<Stripe> {
  loading ??= loadStripe(config.stripePublishableKey)
    .then((stripe) => {
      if (!stripe) throw new Error('Stripe.js is not available here');
      return stripe;
    })
    .catch(() => {
      loading = null;
      throw new ApiError({
        statusCode: 0,
        errorType: 'card-form-unavailable',
        message: CARD_FORM_UNAVAILABLE_MESSAGE,
      });
    });
  return loading;
}

/** Stripe's refusal codes, as the card field they are about (the form's names: number, exp, cvc). */
function fieldOf(error: StripeError): 'number' | 'exp' | 'cvc' | null {
  const code = error.code ?? '';
  if (/number/.test(code)) return 'number';
  if (/expiry|exp_/.test(code)) return 'exp';
  if (/cvc/.test(code)) return 'cvc';
  return null;
}

/**
 * The card as a PaymentMethod id (`pm_…`), made by Stripe in the browser. A refusal of the card (400 with `fields`,
 * as our processor's) shows at its field, else above the form; Stripe unreachable, or failing in its own way, says
 * so in our words (503), as the API does for Stripe's own errors.
 */
export async function stripePaymentMethod(card: StripeCard): Promise<{ id: string }> {
  const { stripe, number } = card.elements;
  let made: Awaited<ReturnType<Stripe['createPaymentMethod']>>;
  try {
    made = await stripe.createPaymentMethod({ type: 'card', card: number });
  } catch {
    throw unavailable();
  }
  if (made.paymentMethod) return { id: made.paymentMethod.id };
  const error = made.error;
  if (!error || (error.type !== 'card_error' && error.type !== 'validation_error')) throw unavailable();
  const field = fieldOf(error);
  throw new ApiError({
    statusCode: 400,
    errorType: error.code ?? 'card-refused',
    message: error.message ?? DECLINED_MESSAGE,
    ...(field && error.message ? { fields: { [field]: error.message } } : {}),
  });
}

const DECLINED_MESSAGE = 'Your card was not accepted. Check it, or try another card.';

const unavailable = () =>
  new ApiError({
    statusCode: 503,
    errorType: 'payment-processor-unavailable',
    message: PAYMENT_PROCESSOR_UNAVAILABLE_MESSAGE,
  });

/**
 * Runs a card's second step (3-D Secure) with Stripe.js: Stripe shows the bank's page over ours. Whatever the
 * buyer does there (passes, fails, closes it), the caller then asks our API, which reads the outcome from Stripe.
 * Only a step still waiting is run: one passed already (in another window, or before an answer of ours was lost)
 * is not, since Stripe.js throws on it and the payment would never be completed. Any failure of the step itself
 * (a secret gone stale, Stripe's own error) is left for our API to judge too; only Stripe.js not loading throws.
 */
export async function confirmCardStep(clientSecret: string): Promise<void> {
  const stripe = await stripeJs();
  try {
    const { paymentIntent } = await stripe.retrievePaymentIntent(clientSecret);
    if (paymentIntent && paymentIntent.status !== 'requires_action') return;
    await stripe.handleNextAction({ clientSecret });
  } catch {
    // The API's complete-action says what became of the payment.
  }
}
