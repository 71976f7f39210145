// The figures of a drop checkout's quantity: what a price of several editions is made of, and the quotes of a
// quantity typed before the API has answered for it.
import { formatCents, primaryFeeBreakdown, quoteFigures } from '@vitrine/domain';
import type { PurchaseIntent, Quote } from './trading-api';

/**
 * What a price of several editions is made of, '3 × $75.00' (null for one, or a price that is not a whole
 * number of cents per edition): the price line of the fee breakdown and of the receipt says it.
 */
export function editionsPriceText(priceInCents: number, quantity: number): string | null {
  if (quantity <= 1 || priceInCents % quantity !== 0) return null;
  return `${quantity} × ${formatCents(priceInCents / quantity)}`;
}

/**
 * A drop checkout's quotes for another quantity of the same editions, as the API will answer them once the
 * quantity is the intent's: the same fee rule (`primaryFeeBreakdown`, decision 009 "Primary sales") at the intent's
 * own unit price. Shown (and on Pay) as soon as a quantity is typed; null when the quotes do not give a whole
 * unit price (then the figures wait for the API's answer).
 */
export function quotesForQuantity(
  intent: Pick<PurchaseIntent, 'quotes' | 'requestedQuantity'>,
  quantity: number,
): Quote[] | null {
  const from = intent.requestedQuantity;
  if (!Number.isSafeInteger(from) || from < 1 || !Number.isSafeInteger(quantity) || quantity < 1) return null;
  const quotes: Quote[] = [];
  for (const quote of intent.quotes) {
    if (quote.priceInCents % from !== 0) return null;
    const b = primaryFeeBreakdown({
      unitPriceCents: quote.priceInCents / from,
      quantity,
      method: quote.paymentMethod,
    });
    quotes.push({ ...quote, ...quoteFigures(b) });
  }
  return quotes;
}
