import type { Drop } from './drop-types';

/** The lowest card price of a drop in USD cents (prices in cards are integer cents), or null without prices. */
export function lowestPriceCents(drop: Pick<Drop, 'cards'>): number | null {
  let lowest: number | null = null;
  for (const card of drop.cards ?? []) {
    const price = card.saleDetails?.price;
    if (
      typeof price === 'number' &&
      Number.isFinite(price) &&
      price >= 0 &&
      (lowest === null || price < lowest)
    ) {
      lowest = price;
    }
  }
  return lowest;
}
