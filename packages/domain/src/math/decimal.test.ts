import { describe, expect, it } from 'vitest';
import { divRoundHalfUp, formatDecimal, parseDecimal, rescale } from './decimal';

describe('parseDecimal', () => {
  it('parses decimal strings, numbers and bigints exactly', () => {
    expect(parseDecimal('12.34')).toEqual({ units: 1234n, scale: 2 });
    expect(parseDecimal('-0.001')).toEqual({ units: -1n, scale: 3 });
    expect(parseDecimal(0.1)).toEqual({ units: 1n, scale: 1 });
    expect(parseDecimal(1e-7)).toEqual({ units: 1n, scale: 7 });
    expect(parseDecimal('1.5e3')).toEqual({ units: 1500n, scale: 0 });
    expect(parseDecimal(5n)).toEqual({ units: 5n, scale: 0 });
    expect(parseDecimal('.5')).toEqual({ units: 5n, scale: 1 });
  });

  it('returns null for anything else', () => {
    expect(parseDecimal('')).toBeNull();
    expect(parseDecimal('.')).toBeNull();
    expect(parseDecimal('1,000')).toBeNull();
    expect(parseDecimal('abc')).toBeNull();
    expect(parseDecimal(Number.NaN)).toBeNull();
    expect(parseDecimal('1e100000')).toBeNull();
  });
});

describe('divRoundHalfUp', () => {
  it('rounds halves away from zero and everything else to the nearest', () => {
    expect(divRoundHalfUp(5n, 2n)).toBe(3n);
    expect(divRoundHalfUp(7n, 3n)).toBe(2n);
    expect(divRoundHalfUp(8n, 3n)).toBe(3n);
    expect(divRoundHalfUp(-5n, 2n)).toBe(-3n);
    expect(divRoundHalfUp(5n, -2n)).toBe(-3n);
  });

  it('refuses division by zero', () => {
    expect(() => divRoundHalfUp(1n, 0n)).toThrow(RangeError);
  });
});

describe('rescale and formatDecimal', () => {
  it('rescales up exactly and down with rounding', () => {
    expect(rescale({ units: 1234n, scale: 2 }, 4)).toBe(123400n);
    expect(rescale({ units: 1235n, scale: 3 }, 2)).toBe(124n);
  });

  it('groups the integer part and trims trailing zeros down to the minimum', () => {
    expect(formatDecimal({ units: 123456789n, scale: 2 }, { maxFractionDigits: 4 })).toBe('1,234,567.89');
    expect(formatDecimal({ units: 1200n, scale: 3 }, { maxFractionDigits: 2, minFractionDigits: 2 })).toBe(
      '1.20',
    );
    expect(formatDecimal({ units: -4n, scale: 3 }, { maxFractionDigits: 2 })).toBe('0');
    expect(formatDecimal({ units: 123456n, scale: 0 }, { maxFractionDigits: 0, grouping: false })).toBe(
      '123456',
    );
  });
});
