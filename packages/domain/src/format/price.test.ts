import { describe, expect, it } from 'vitest';
import { formatCents, formatPrice, formatWeiAsEth } from './price';

describe('formatPrice (001 §9 "Number formats")', () => {
  it('shows USD as en-US currency', () => {
    expect(formatPrice({ amount: 1234.56, currency: 'USD' })).toBe('$1,234.56');
    expect(formatPrice({ amount: 5, currency: 'USD' })).toBe('$5.00');
    expect(formatPrice({ amount: 0, currency: 'USD' })).toBe('$0.00');
    expect(formatPrice({ amount: -1234.5, currency: 'USD' })).toBe('-$1,234.50');
  });

  it('converts cents to dollars only when convertFromCents and USD', () => {
    expect(formatPrice({ amount: 123456, currency: 'USD', convertFromCents: true })).toBe('$1,234.56');
    expect(formatPrice({ amount: 123456, currency: 'USD' })).toBe('$123,456.00');
    expect(formatPrice({ amount: 2, currency: 'ETH', convertFromCents: true })).toBe('2 ETH');
  });

  it('rounds USD half up to the cent', () => {
    expect(formatPrice({ amount: '0.005', currency: 'USD' })).toBe('$0.01');
    expect(formatPrice({ amount: '0.0049', currency: 'USD' })).toBe('$0.00');
  });

  it('shows other currencies with up to 4 decimals and the code', () => {
    expect(formatPrice({ amount: 1.23456789, currency: 'ETH' })).toBe('1.2346 ETH');
    expect(formatPrice({ amount: 0.5, currency: 'ETH' })).toBe('0.5 ETH');
    expect(formatPrice({ amount: 1234.5, currency: 'ETH' })).toBe('1,234.5 ETH');
    expect(formatPrice({ amount: 0.00001, currency: 'ETH' })).toBe('0 ETH');
    expect(formatPrice({ amount: 10, currency: 'GUSD' })).toBe('10 GUSD');
  });

  it('shows up to 17 decimals when precise', () => {
    expect(formatPrice({ amount: '0.123456789012345678', currency: 'ETH', precise: true })).toBe(
      '0.12345678901234568 ETH',
    );
    expect(formatPrice({ amount: 0.1, currency: 'ETH', precise: true })).toBe('0.1 ETH');
  });

  it('uses compact notation with 1 decimal above 100000 when compact', () => {
    expect(formatPrice({ amount: 123456, currency: 'ETH', compact: true })).toBe('123.5K ETH');
    expect(formatPrice({ amount: 2_500_000, currency: 'ETH', compact: true })).toBe('2.5M ETH');
  });

  it('keeps up to 4 decimals when compact at or below 100000', () => {
    expect(formatPrice({ amount: 1.23456, currency: 'ETH', compact: true })).toBe('1.2346 ETH');
    expect(formatPrice({ amount: 1234.5678, currency: 'ETH', compact: true })).toBe('1.2346K ETH');
  });

  it('returns an empty string for amounts that are not finite numbers', () => {
    expect(formatPrice({ amount: Number.NaN, currency: 'USD' })).toBe('');
    expect(formatPrice({ amount: 'abc', currency: 'ETH' })).toBe('');
  });
});

describe('formatCents', () => {
  it('formats cents as dollars', () => {
    expect(formatCents(123456)).toBe('$1,234.56');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(12345678901234567890n)).toBe('$123,456,789,012,345,678.90');
  });
});

describe('formatWeiAsEth', () => {
  it('divides wei by 10^18 exactly', () => {
    expect(formatWeiAsEth(1234500000000000000n)).toBe('1.2345 ETH');
    expect(formatWeiAsEth('1000000000000000000')).toBe('1 ETH');
    expect(formatWeiAsEth(0n)).toBe('0 ETH');
  });

  it('rounds half up to 4 decimals', () => {
    expect(formatWeiAsEth(123450000000000000n)).toBe('0.1235 ETH');
    expect(formatWeiAsEth(123449999999999999n)).toBe('0.1234 ETH');
  });

  it('keeps 17 decimals when precise, beyond float precision', () => {
    expect(formatWeiAsEth('123456789012345678901234567890', { precise: true })).toBe(
      '123,456,789,012.34567890123456789 ETH',
    );
    expect(formatWeiAsEth(10n, { precise: true })).toBe('0.00000000000000001 ETH');
    expect(formatWeiAsEth(5n, { precise: true })).toBe('0.00000000000000001 ETH');
    expect(formatWeiAsEth(4n, { precise: true })).toBe('0 ETH');
    expect(formatWeiAsEth(15n * 10n ** 10n, { precise: true })).toBe('0.00000015 ETH');
  });

  it('uses compact notation when asked', () => {
    expect(formatWeiAsEth(123456n * 10n ** 18n, { compact: true })).toBe('123.5K ETH');
  });

  it('returns an empty string for non-integer input', () => {
    expect(formatWeiAsEth('1.5')).toBe('');
    expect(formatWeiAsEth('')).toBe('');
  });
});
