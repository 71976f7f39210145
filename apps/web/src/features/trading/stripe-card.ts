// Cards through Stripe (docs/decisions/009-trading-and-ledger.md, "Stripe.js"): when the server gives Stripe's
// publishable key, the card forms take the card in Stripe's own fields (Elements, in Stripe's frames) and Stripe
// turns it into a PaymentMethod (`pm_…`) in the browser; our API only ever sees that id. This module is what the
// forms hold (light: no Stripe.js); stripe-js.ts loads Stripe.js and talks to it, imported when first needed.
import type {
  Stripe,
  StripeCardCvcElement,
  StripeCardExpiryElement,
  StripeCardNumberElement,
  StripeElementChangeEvent,
} from '@stripe/stripe-js';
import { config } from '../../app/config';

/** True when cards go through Stripe (the server gave its publishable key); else the simulated processor. */
export const stripeCards = (): boolean => config.stripePublishableKey !== '';

/** Said when Stripe.js cannot be loaded (offline, blocked). */
export const CARD_FORM_UNAVAILABLE_MESSAGE =
  'The card form could not be loaded. Check your connection and try again.';

/** One of Stripe's card fields as the form knows it: filled in completely, empty, and Stripe's message if any. */
export interface StripeFieldState {
  complete: boolean;
  empty: boolean;
  error: string | null;
  /** Bumped at each change, so a message given for the field as it was sent goes once it is edited. */
  version: number;
}

export const EMPTY_FIELD: StripeFieldState = { complete: false, empty: true, error: null, version: 0 };

/** Stripe's three card fields of one form (one Elements group: the number field pays with the other two). */
export interface StripeCardElements {
  /** This mount's own id: fields mounted again (a remount, a reset) are another card, whatever their versions. */
  id: string;
  stripe: Stripe;
  number: StripeCardNumberElement;
  expiry: StripeCardExpiryElement;
  cvc: StripeCardCvcElement;
}

/** A field's state after Stripe's change event. */
export function fieldAfter(before: StripeFieldState, event: StripeElementChangeEvent): StripeFieldState {
  return {
    complete: event.complete,
    empty: event.empty,
    error: event.error?.message ?? null,
    version: before.version + 1,
  };
}

/**
 * The card to pay with, from Stripe's fields: made into a PaymentMethod only when paid with. `toJSON` names the
 * fields as typed (their versions), so a form's action key (a retry, a double click) is the same card.
 */
export class StripeCard {
  constructor(
    readonly elements: StripeCardElements,
    private readonly versions: string,
  ) {}
  toJSON(): string {
    return `stripe:${this.elements.id}:${this.versions}`;
  }
}

/**
 * With Stripe, runs a card's second step (3-D Secure) in the browser: Stripe shows the bank's page over ours.
 * Whatever the buyer does there, the caller's complete-action call then reads the outcome from Stripe. Nothing to
 * run without Stripe (the simulated step is the dialog's own button) or without a client secret (Klarna's step).
 */
export async function passCardStep(clientSecret: string | null | undefined): Promise<void> {
  if (!stripeCards() || !clientSecret) return;
  const { confirmCardStep } = await import('./stripe-js');
  await confirmCardStep(clientSecret);
}
