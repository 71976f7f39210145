const COMPACT_COUNT = new Intl.NumberFormat('en', { notation: 'compact' });
const RARITY_PERCENT = new Intl.NumberFormat('en', {
  style: 'percent',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Compact count in English: 1234 → '1.2K' (001 §9 "compact counts (en)"); '' when not a finite number. */
export function formatCount(n: number | bigint): string {
  if (typeof n === 'number' && !Number.isFinite(n)) return '';
  return COMPACT_COUNT.format(n);
}

/** Rarity as a percent with two decimals (000 §9); `fraction` is 0..1, so 0.0123 → '1.23%'; '' when not finite. */
export function formatRarityPercent(fraction: number): string {
  return Number.isFinite(fraction) ? RARITY_PERCENT.format(fraction) : '';
}
