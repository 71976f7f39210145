import { fxQueryFor, fxRatioFromResults } from '@vitrine/domain';
import { describe, expect, it } from 'vitest';
import { formatConvertedPrice, formatOwnPrice } from './display-price';

const ETH_IN_USD = [{ price: '3150.25' }];

describe('display price', () => {
  it('formats cents in their own currency', () => {
    expect(formatOwnPrice({ amount: 2500, currency: 'USD', convertFromCents: true })).toBe('$25.00');
  });

  it('converts USD cents to ETH with the inverted ETH/USD rate (000 §7)', () => {
    const query = fxQueryFor('USD', 'ETH');
    expect(query).toMatchObject({ source_currency: 'ETH', base_currency: 'USD', invert: true });
    const ratio = fxRatioFromResults(query, ETH_IN_USD);
    expect(
      formatConvertedPrice({ amount: 315025, currency: 'USD', convertFromCents: true }, 'ETH', ratio),
    ).toBe('1 ETH');
  });

  it('converts ETH to USD', () => {
    const ratio = fxRatioFromResults(fxQueryFor('ETH', 'USD'), ETH_IN_USD);
    expect(formatConvertedPrice({ amount: '0.5', currency: 'ETH' }, 'USD', ratio)).toBe('$1,575.13');
  });

  it('keeps the same currency as it is and gives up on unknown currencies', () => {
    const one = { numerator: 1n, denominator: 1n };
    expect(formatConvertedPrice({ amount: 100, currency: 'USD', convertFromCents: true }, 'USD', one)).toBe(
      '$1.00',
    );
    expect(formatConvertedPrice({ amount: 1, currency: 'DAI' }, 'USD', one)).toBeNull();
  });
});
