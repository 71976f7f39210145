// The card form of the checkout, the offer, bid and drawing forms, the Deposit tab and the publisher fee
// (issue #14): what the buyer types (or, with Stripe, the state of Stripe's fields), checked before it goes to the
// processor's tokenise call, and the processor's refusals put back at their fields. Pure functions, tested beside.
import { isApiError } from '../../app/api-error';
import { StripeCard, type StripeCardElements, type StripeFieldState, stripeCards } from './stripe-card';
import type { CardInput } from './trading-api';

export interface CardFields {
  number: string;
  /** MM/YY or MM/YYYY. */
  expiry: string;
  cvc: string;
  /**
   * With Stripe: its fields, mounted, and each one's state (the three texts above are then each field's version,
   * so a message goes once its field is edited). Absent until Stripe's fields are ready.
   */
  stripe?: StripeFields;
}

/** Stripe's card fields of a form (StripeCardFields): the mounted elements and each field's state. */
export interface StripeFields {
  elements: StripeCardElements;
  number: StripeFieldState;
  expiry: StripeFieldState;
  cvc: StripeFieldState;
}

/** Said while Stripe's fields are still loading. */
export const CARD_FORM_LOADING_MESSAGE = 'The card form is still loading. Try again in a moment.';

/** The card in Stripe's fields to pay with, or a message at each field to fix (Stripe's own, else ours). */
function readStripeCard(fields: CardFields): { card: CardInput } | { errors: CardErrors } {
  const entry = fields.stripe;
  if (!entry) return { errors: { number: CARD_FORM_LOADING_MESSAGE } };
  const errors: CardErrors = {};
  if (!entry.number.complete) errors.number = entry.number.error ?? 'Enter the card number';
  if (!entry.expiry.complete) errors.expiry = entry.expiry.error ?? 'Enter the expiry as MM/YY';
  if (!entry.cvc.complete) errors.cvc = entry.cvc.error ?? 'Enter the CVC';
  if (Object.keys(errors).length > 0) return { errors };
  return { card: new StripeCard(entry.elements, `${fields.number}.${fields.expiry}.${fields.cvc}`) };
}

/** A message per card field to fix. */
export type CardErrors = Partial<Record<keyof CardFields, string>>;

/** 'MM/YY' or 'MM/YYYY' as month and full year; null when it is not one. */
export function parseExpiry(text: string): { expMonth: number; expYear: number } | null {
  const found = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!found) return null;
  const expMonth = Number(found[1]);
  const year = Number(found[2]);
  if (expMonth < 1 || expMonth > 12) return null;
  return { expMonth, expYear: year < 100 ? 2000 + year : year };
}

/** The card to tokenise, or a message at each field to fix (the processor checks the rest). */
export function readCard(fields: CardFields): { card: CardInput } | { errors: CardErrors } {
  if (stripeCards()) return readStripeCard(fields);
  const errors: CardErrors = {};
  const number = fields.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number)) errors.number = 'Enter the card number';
  const expiry = parseExpiry(fields.expiry);
  if (!expiry) errors.expiry = 'Enter the expiry as MM/YY';
  const cvc = fields.cvc.trim();
  if (!/^\d{3,4}$/.test(cvc)) errors.cvc = 'Enter the CVC';
  if (!expiry || Object.keys(errors).length > 0) return { errors };
  return { card: { number, ...expiry, cvc } };
}

/** The processor's names of the card's fields (payment-providers.ts, and the tokenise call's body). */
const FIELD_OF: Record<string, keyof CardFields> = {
  number: 'number',
  exp: 'expiry',
  exp_month: 'expiry',
  exp_year: 'expiry',
  cvc: 'cvc',
};

/**
 * The processor's refusal of a card (400 with `fields`, e.g. number: 'Your card number is invalid.') as a
 * message at each card field; null for any other failure, which shows above the form.
 */
export function cardErrorsOf(error: unknown): CardErrors | null {
  if (!isApiError(error) || !error.fields) return null;
  const errors: CardErrors = {};
  for (const [key, message] of Object.entries(error.fields)) {
    const field = FIELD_OF[key];
    if (field) errors[field] ??= message;
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

/** True when a failure is told entirely at the card's fields (so the form shows no message above). */
export function isCardFieldError(error: unknown): boolean {
  if (!isApiError(error) || !error.fields) return false;
  return Object.keys(error.fields).every((key) => key in FIELD_OF) && cardErrorsOf(error) !== null;
}

/** The messages left once the card changed: a field's message goes as soon as that field is edited. */
export function clearChanged(errors: CardErrors, before: CardFields, after: CardFields): CardErrors {
  const left: CardErrors = {};
  for (const field of ['number', 'expiry', 'cvc'] as const) {
    const message = errors[field];
    if (message !== undefined && before[field] === after[field]) left[field] = message;
  }
  return left;
}

/**
 * The messages a card form shows at its fields: its own check of the card (`readCard`) and, at each field
 * still as it was sent, the processor's refusal of it (`cardErrorsOf` of the failure). The own check wins.
 */
export function cardFieldMessages(
  checked: CardErrors,
  failure: unknown,
  sent: CardFields,
  card: CardFields,
): CardErrors {
  return { ...clearChanged(cardErrorsOf(failure) ?? {}, sent, card), ...checked };
}
