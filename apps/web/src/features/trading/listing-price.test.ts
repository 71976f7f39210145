import { PRICE_FORMAT_MESSAGE } from '@vitrine/domain';
import { describe, expect, it } from 'vitest';
import { ETH_PRICE_FORMAT_MESSAGE, readListingPrice } from './listing-price';

describe('readListingPrice', () => {
  it('gives an ETH price that is not one (19 decimals, a decimal comma) an ETH hint', () => {
    expect(readListingPrice('0.0000000000000000001', 'ETH')).toEqual({ error: ETH_PRICE_FORMAT_MESSAGE });
    expect(readListingPrice('0,25', 'ETH')).toEqual({ error: ETH_PRICE_FORMAT_MESSAGE });
  });

  it('reads 18 decimals of ETH, and keeps the dollar hint and the other messages', () => {
    expect(readListingPrice('0.000000000000000001', 'ETH')).toEqual({
      error: 'Please enter a value 0.001 or greater',
    });
    expect(readListingPrice('0.250000000000000001', 'ETH')).toMatchObject({ units: 250000000000000001n });
    expect(readListingPrice('12,50', 'USD')).toEqual({ error: PRICE_FORMAT_MESSAGE });
    expect(readListingPrice('', 'ETH')).toEqual({ error: 'Enter a price' });
  });
});
