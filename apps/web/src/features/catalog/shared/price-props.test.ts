import { describe, expect, it } from 'vitest';
import { listedPrices, paidPrice } from './price-props';

describe('a listing price with a discount', () => {
  it('is what a buyer pays: the list price less the discount, exact in wei', () => {
    expect(
      paidPrice({
        baseListingPrice: { amount: '10000', currency: 'USD' },
        listingDiscount: { amount: '2000', currency: 'USD' },
      }),
    ).toEqual({ amount: '8000', currency: 'USD' });
    expect(
      paidPrice({
        baseListingPrice: { amount: '500000000000000001', currency: 'ETH' },
        listingDiscount: { amount: '100000000000000000', currency: 'ETH' },
      }),
    ).toEqual({ amount: '400000000000000001', currency: 'ETH' });
    const plain = { baseListingPrice: { amount: '4200', currency: 'USD' as const }, listingDiscount: null };
    expect(paidPrice(plain)).toEqual({ amount: '4200', currency: 'USD' });
  });

  it('gives the list price back from the price paid and the discount (the collection table row)', () => {
    expect(listedPrices({ amount: '8000', currency: 'USD' }, '2000')).toEqual({
      baseListingPrice: { amount: '10000', currency: 'USD' },
      listingDiscount: { amount: '2000', currency: 'USD' },
    });
    expect(listedPrices({ amount: '8000', currency: 'USD' }, null)).toEqual({
      baseListingPrice: { amount: '8000', currency: 'USD' },
      listingDiscount: null,
    });
  });
});
