import { describe, expect, it } from 'vitest';
import { toDate, toEpochMs } from './date';

describe('toDate (001 §5 "Countdown needs a valid ISO start or end time")', () => {
  it('accepts Dates, ISO strings and epoch milliseconds', () => {
    expect(toEpochMs('2025-02-18T10:00:00Z')).toBe(Date.UTC(2025, 1, 18, 10));
    expect(toEpochMs('2025-02-18T10:00:00.123+01:00')).toBe(Date.UTC(2025, 1, 18, 9, 0, 0, 123));
    expect(toEpochMs('2025-02-18')).toBe(Date.UTC(2025, 1, 18));
    expect(toEpochMs(0)).toBe(0);
    expect(toEpochMs(new Date(5))).toBe(5);
  });

  it('returns a copy, not the given Date', () => {
    const input = new Date(5);
    expect(toDate(input)).not.toBe(input);
  });

  it('returns null for missing or invalid input, never throwing', () => {
    expect(toDate(null)).toBeNull();
    expect(toDate(undefined)).toBeNull();
    expect(toDate('')).toBeNull();
    expect(toDate('tomorrow')).toBeNull();
    expect(toDate('1')).toBeNull();
    expect(toDate('02/18/2025')).toBeNull();
    expect(toDate('2025-13-45T00:00:00Z')).toBeNull();
    expect(toDate(Number.NaN)).toBeNull();
    expect(toDate(Number.POSITIVE_INFINITY)).toBeNull();
    expect(toDate(8.64e15 + 1)).toBeNull();
    expect(toDate(new Date('nope'))).toBeNull();
  });
});
