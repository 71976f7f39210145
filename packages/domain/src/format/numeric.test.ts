import { describe, expect, it } from 'vitest';
import { isNumeric } from './numeric';

describe('isNumeric (000 §5)', () => {
  it('accepts finite numbers and numeric strings', () => {
    expect(isNumeric(0)).toBe(true);
    expect(isNumeric(-12.5)).toBe(true);
    expect(isNumeric('42')).toBe(true);
    expect(isNumeric(' 0.001 ')).toBe(true);
    expect(isNumeric('.5')).toBe(true);
    expect(isNumeric('1e3')).toBe(true);
    expect(isNumeric(10n)).toBe(true);
  });

  it('rejects empty values', () => {
    expect(isNumeric('')).toBe(false);
    expect(isNumeric('   ')).toBe(false);
    expect(isNumeric(null)).toBe(false);
    expect(isNumeric(undefined)).toBe(false);
  });

  it('rejects non-finite numbers and non-numeric text', () => {
    expect(isNumeric(Number.NaN)).toBe(false);
    expect(isNumeric(Number.POSITIVE_INFINITY)).toBe(false);
    expect(isNumeric('Infinity')).toBe(false);
    expect(isNumeric('1e999')).toBe(false);
    expect(isNumeric('12abc')).toBe(false);
    expect(isNumeric('0x10')).toBe(false);
    expect(isNumeric('1,000')).toBe(false);
    expect(isNumeric('.')).toBe(false);
    expect(isNumeric(true)).toBe(false);
    expect(isNumeric([1])).toBe(false);
  });
});
