import { describe, expect, it } from 'vitest';
import {
  CURRENCIES,
  DEFAULT_DISPLAY_CURRENCY,
  DISPLAY_CURRENCIES,
  fromMinorUnits,
  isDisplayCurrency,
  toMinorUnits,
} from './currency';

describe('currencies (000 §1, §3)', () => {
  it('displays USD or ETH, USD by default', () => {
    expect(DISPLAY_CURRENCIES).toEqual(['USD', 'ETH']);
    expect(DEFAULT_DISPLAY_CURRENCY).toBe('USD');
    expect(isDisplayCurrency('ETH')).toBe(true);
    expect(isDisplayCurrency('GUSD')).toBe(false);
    expect(isDisplayCurrency(null)).toBe(false);
  });

  it('counts USD in cents and ETH in wei', () => {
    expect(CURRENCIES.USD.decimals).toBe(2);
    expect(CURRENCIES.ETH.decimals).toBe(18);
  });
});

describe('toMinorUnits and fromMinorUnits', () => {
  it('converts a major amount into minor units exactly', () => {
    expect(toMinorUnits('12.34', 'USD')).toBe(1234n);
    expect(toMinorUnits(0.1, 'USD')).toBe(10n); // no float drift: 0.1 * 100 !== 10 in floats
    expect(toMinorUnits('0.001', 'ETH')).toBe(10n ** 15n);
    expect(toMinorUnits('12.345', 'USD')).toBe(1235n);
    expect(toMinorUnits('x', 'USD')).toBeNull();
  });

  it('turns minor units back into an exact decimal string', () => {
    expect(fromMinorUnits(123456n, 'USD')).toBe('1234.56');
    expect(fromMinorUnits(100, 'USD')).toBe('1');
    expect(fromMinorUnits('1', 'ETH')).toBe('0.000000000000000001');
    expect(() => fromMinorUnits(1.5, 'USD')).toThrow(RangeError);
  });
});
