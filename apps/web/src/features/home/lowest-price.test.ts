import { describe, expect, it } from 'vitest';
import type { Drop } from './drop-types';
import { lowestPriceCents } from './lowest-price';

const cards = (...prices: (number | null)[]) =>
  prices.map((price) => ({ saleDetails: { price } })) as unknown as Drop['cards'];

describe('lowest price', () => {
  it('is the smallest card price in cents', () => {
    expect(lowestPriceCents({ cards: cards(5000, 2500, null) })).toBe(2500);
  });

  it('keeps a free card (0)', () => {
    expect(lowestPriceCents({ cards: cards(5000, 0) })).toBe(0);
  });

  it('is null without prices', () => {
    expect(lowestPriceCents({ cards: cards(null) })).toBeNull();
    expect(lowestPriceCents({ cards: [] })).toBeNull();
  });
});
