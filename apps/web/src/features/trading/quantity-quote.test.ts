import { describe, expect, it } from 'vitest';
import { editionsPriceText } from './quantity-quote';

describe('editionsPriceText (the price line of a drop checkout)', () => {
  it("says what a price of several editions is made of: '3 × $75.00' for $225.00", () => {
    expect(editionsPriceText(22_500, 3)).toBe('3 × $75.00');
    expect(editionsPriceText(250_000, 2)).toBe('2 × $1,250.00');
  });
  it('says nothing for one edition, or a price that is not whole cents per edition', () => {
    expect(editionsPriceText(7_500, 1)).toBeNull();
    expect(editionsPriceText(100, 3)).toBeNull();
  });
});
