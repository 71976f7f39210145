import { describe, expect, it } from 'vitest';
import { formatCount, formatRarityPercent } from './number';

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
