// The checkout's card form (issue #14): what the buyer types, checked before it goes to the processor's
// tokenise call. Pure functions, tested beside.
import type { CardInput } from './trading-api';

export interface CardFields {
  number: string;
  /** MM/YY or MM/YYYY. */
  expiry: string;
  cvc: string;
}

/** 'MM/YY' or 'MM/YYYY' as month and full year; null when it is not one. */
export function parseExpiry(text: string): { expMonth: number; expYear: number } | null {
  const found = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!found) return null;
  const expMonth = Number(found[1]);
  const year = Number(found[2]);
  if (expMonth < 1 || expMonth > 12) return null;
  return { expMonth, expYear: year < 100 ? 2000 + year : year };
}

/** The card to tokenise, or the message of the first field to fix (the processor checks the rest). */
export function readCard(fields: CardFields): { card: CardInput } | { error: string } {
  const number = fields.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number)) return { error: 'Enter the card number' };
  const expiry = parseExpiry(fields.expiry);
  if (!expiry) return { error: 'Enter the expiry as MM/YY' };
  const cvc = fields.cvc.trim();
  if (!/^\d{3,4}$/.test(cvc)) return { error: 'Enter the CVC' };
  return { card: { number, ...expiry, cvc } };
}
