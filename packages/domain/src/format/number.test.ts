import { describe, expect, it } from 'vitest';
import { formatCount, formatInteger, formatRarityPercent, groupThousands } from './number';

describe('formatCount (001 §9 "compact counts (en)")', () => {
  it('uses compact English notation', () => {
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1234)).toBe('1.2K');
    expect(formatCount(15_300)).toBe('15K');
    expect(formatCount(2_500_000)).toBe('2.5M');
    expect(formatCount(10n ** 12n)).toBe('1T');
  });

  it('returns an empty string when not finite', () => {
    expect(formatCount(Number.NaN)).toBe('');
  });
});

describe('formatRarityPercent (000 §9 "Rarity shown percent with two decimals")', () => {
  it('shows a 0..1 fraction as a percent with two decimals', () => {
    expect(formatRarityPercent(0.0123)).toBe('1.23%');
    expect(formatRarityPercent(0.5)).toBe('50.00%');
    expect(formatRarityPercent(0.000049)).toBe('0.00%');
    expect(formatRarityPercent(1)).toBe('100.00%');
  });

  it('returns an empty string when not finite', () => {
    expect(formatRarityPercent(Number.POSITIVE_INFINITY)).toBe('');
  });
});

describe('the hand-written formats agree with Intl (they exist to keep Intl off the first paint)', () => {
  const compact = new Intl.NumberFormat('en', { notation: 'compact' });
  const samples: number[] = [];
  for (let e = 0; e <= 14; e += 1) {
    const p = 10 ** e;
    for (const m of [
      1, 1.04, 1.05, 1.049, 1.5, 2.345, 9.94, 9.95, 9.99, 9.999, 10, 12.5, 99.5, 99.94, 999.4, 999.5, 999.99,
    ])
      samples.push(Math.round(m * p), Math.round(m * p) - 1, Math.round(m * p) + 1);
  }
  for (let n = 0; n < 20_000; n += 37) samples.push(n);

  it('formatCount matches Intl compact for integers from 0 to 10^15', () => {
    const wrong = samples
      .filter((n) => n >= 0 && n < 1e15)
      .filter((n) => formatCount(n) !== compact.format(n))
      .map((n) => `${n}: ${formatCount(n)} ≠ ${compact.format(n)}`);
    expect(wrong).toEqual([]);
    expect(samples.length).toBeGreaterThan(500);
  });

  it('formatInteger matches toLocaleString("en-US"), negatives and bigints included', () => {
    for (const n of [...samples, -1, -999, -1000, -1234567])
      expect(formatInteger(n)).toBe(n.toLocaleString('en-US'));
    expect(formatInteger(12345678901234567890n)).toBe('12,345,678,901,234,567,890');
    expect(groupThousands('100')).toBe('100');
  });
});
