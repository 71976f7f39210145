// The one reader of a typed USD amount (the offer, bid and deposit forms, cash out): strict, so that no
// amount is read as another. '12.50' and '1,250.00' (commas only between groups of three digits) are
// amounts; '12,50' (a decimal comma) is refused with a message rather than read as $1,250.00. Pure, tested
// beside.
import { formatCents } from '@vitrine/domain';

/** The message for text that is not an amount (the API's own for an offer or bid amount). */
export const AMOUNT_FORMAT_MESSAGE = 'Enter an amount like 125 or 12.50';

// At most 12 whole digits, as the API's offer and bid amounts.
const PLAIN = /^(\d{1,12})(?:\.(\d{1,2}))?$/;
const GROUPED = /^(\d{1,3}(?:,\d{3}){1,3})(?:\.(\d{1,2}))?$/;

/**
 * A typed dollar amount ('25', '$12.5', '1,250.00') as integer cents, or the message to show at the field.
 * `range` bounds it (in cents); without one, any amount above zero is one.
 */
export function parseUsdAmount(
  text: string,
  range?: { min: number; max: number },
): { cents: number } | { error: string } {
  const clean = text.trim().replace(/^\$\s*/, '');
  if (clean === '') return { error: 'Enter an amount' };
  const found = PLAIN.exec(clean) ?? GROUPED.exec(clean);
  if (!found) return { error: AMOUNT_FORMAT_MESSAGE };
  const whole = (found[1] ?? '').replaceAll(',', '');
  const cents = Number(whole) * 100 + Number((found[2] ?? '').padEnd(2, '0'));
  if (range) {
    if (cents < range.min || cents > range.max)
      return { error: `Enter an amount from ${formatCents(range.min)} to ${formatCents(range.max)}` };
  } else if (cents <= 0) return { error: 'Enter an amount above zero' };
  return { cents };
}

/** Cents as the plain amount the API reads: 125000 → '1250.00'. */
export function amountText(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}
