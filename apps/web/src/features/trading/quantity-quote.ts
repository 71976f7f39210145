// The figures of a drop checkout's quantity: what a price of several editions is made of.
import { formatCents } from '@vitrine/domain';

/**
 * What a price of several editions is made of, '3 × $75.00' (null for one, or a price that is not a whole
 * number of cents per edition): the price line of the fee breakdown and of the receipt says it.
 */
export function editionsPriceText(priceInCents: number, quantity: number): string | null {
  if (quantity <= 1 || priceInCents % quantity !== 0) return null;
  return `${quantity} × ${formatCents(priceInCents / quantity)}`;
}
