// A USD amount a caller sends for an offer or a bid: a string ('125', '12.50') or a JSON number (125, 12.5),
// in whole cents. A fraction of a cent is refused, not rounded ('10.005' and 10.005 alike; 1e-9 too).
import { z } from 'zod';

const WHOLE_CENTS = /^\d{1,12}(\.\d{1,2})?$/;
const MESSAGE = 'Enter an amount like 125 or 12.50';

/** True when a number, written out, has at most two decimals (String(1e-9) is '1e-9': refused). */
export function numberInWholeCents(amount: number): boolean {
  return WHOLE_CENTS.test(String(amount));
}

export const usdAmount = z.union([
  z.string().regex(WHOLE_CENTS, MESSAGE),
  z.number().positive().refine(numberInWholeCents, MESSAGE),
]);
