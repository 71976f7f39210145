import { describe, expect, it } from 'vitest';
import {
  convertMinorUnits,
  fxQueryFor,
  fxRateFromResults,
  fxRatesQueryParams,
  fxRatioFromResults,
  needsFxLookup,
} from './fx';

const ETH_PRICE = [{ price: '2500.00' }];

describe('fxQueryFor (000 §7 "for USD the pair is reversed and price inverted")', () => {
  it('asks for the pair as given when converting from ETH', () => {
    expect(fxQueryFor('ETH', 'USD')).toEqual({ source_currency: 'ETH', base_currency: 'USD', invert: false });
  });

  it('reverses the pair and inverts the price when converting from USD', () => {
    expect(fxQueryFor('USD', 'ETH')).toEqual({ source_currency: 'ETH', base_currency: 'USD', invert: true });
  });

  it('needs no lookup for equal currencies', () => {
    expect(needsFxLookup(fxQueryFor('USD', 'USD'))).toBe(false);
    expect(needsFxLookup(fxQueryFor('ETH', 'ETH'))).toBe(false);
    expect(needsFxLookup(fxQueryFor('ETH', 'USD'))).toBe(true);
  });

  it('builds the query parameters of GET v1/fxrates/', () => {
    expect(fxRatesQueryParams(fxQueryFor('USD', 'ETH'))).toEqual({
      source_currency: 'ETH',
      base_currency: 'USD',
      order_by: '-created_at',
      limit: '1',
    });
  });
});

describe('fxRateFromResults', () => {
  it('returns results[0].price', () => {
    expect(fxRateFromResults(fxQueryFor('ETH', 'USD'), ETH_PRICE)).toBe(2500);
    expect(fxRateFromResults(fxQueryFor('ETH', 'USD'), [{ price: 2500 }, { price: 1 }])).toBe(2500);
  });

  it('inverts the price for USD', () => {
    expect(fxRateFromResults(fxQueryFor('USD', 'ETH'), ETH_PRICE)).toBe(0.0004);
  });

  it('gives 1 for equal currencies or no result', () => {
    expect(fxRateFromResults(fxQueryFor('USD', 'USD'), ETH_PRICE)).toBe(1);
    expect(fxRateFromResults(fxQueryFor('ETH', 'USD'), [])).toBe(1);
    expect(fxRateFromResults(fxQueryFor('USD', 'ETH'), null)).toBe(1);
  });

  it('gives 1 for an unusable price rather than dividing by zero', () => {
    expect(fxRateFromResults(fxQueryFor('USD', 'ETH'), [{ price: '0' }])).toBe(1);
    expect(fxRateFromResults(fxQueryFor('USD', 'ETH'), [{ price: 'n/a' }])).toBe(1);
  });

  it('keeps the exact ratio for money', () => {
    expect(fxRatioFromResults(fxQueryFor('USD', 'ETH'), [{ price: '3000' }])).toEqual({
      numerator: 1n,
      denominator: 3000n,
    });
  });
});

describe('convertMinorUnits (000 §7, bigint, round half up)', () => {
  it('converts wei to cents', () => {
    expect(convertMinorUnits(10n ** 18n, 'ETH', 'USD', '2500')).toBe(250_000n);
    expect(convertMinorUnits(1n, 'ETH', 'USD', '2500')).toBe(0n);
  });

  it('converts cents to wei with an inverted rate, exactly', () => {
    expect(convertMinorUnits(100, 'USD', 'ETH', '0.0004')).toBe(400_000_000_000_000n);
    const ratio = fxRatioFromResults(fxQueryFor('USD', 'ETH'), [{ price: '3000' }]);
    // $1 at 3000 USD/ETH is 1/3000 ETH = 333333333333333.33... wei
    expect(convertMinorUnits(100, 'USD', 'ETH', ratio)).toBe(333_333_333_333_333n);
    expect(convertMinorUnits(200, 'USD', 'ETH', ratio)).toBe(666_666_666_666_667n);
  });

  it('rounds half up to the nearest minor unit', () => {
    // 5e15 wei is 0.005 ETH; at 1 USD per ETH that is exactly half a cent
    expect(convertMinorUnits(5n * 10n ** 15n, 'ETH', 'USD', 1)).toBe(1n);
    expect(convertMinorUnits(5n * 10n ** 15n - 1n, 'ETH', 'USD', 1)).toBe(0n);
  });

  it('handles amounts beyond 2^53', () => {
    // 123456789012.34567890123456789 ETH x 2500.5 = $308,703,700,925,370.37009...
    expect(convertMinorUnits('123456789012345678901234567890', 'ETH', 'USD', '2500.5')).toBe(
      30_870_370_092_537_037n,
    );
  });

  it('returns the amount unchanged for equal currencies', () => {
    expect(convertMinorUnits(1234, 'USD', 'USD', '999')).toBe(1234n);
  });

  it('refuses fractional amounts and non-positive rates', () => {
    expect(() => convertMinorUnits(1.5, 'USD', 'ETH', '0.0004')).toThrow(RangeError);
    expect(() => convertMinorUnits('1.5', 'USD', 'ETH', '0.0004')).toThrow(RangeError);
    expect(() => convertMinorUnits(100, 'USD', 'ETH', '0')).toThrow(RangeError);
    expect(() => convertMinorUnits(100, 'USD', 'ETH', -1)).toThrow(RangeError);
    expect(() => convertMinorUnits(100, 'USD', 'ETH', 'abc')).toThrow(RangeError);
  });
});
