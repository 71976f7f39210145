// Number formatting for the screens. The common cases (grouped integers, compact counts) are written out
// by hand: the first `Intl` formatter a page creates loads the locale data, 30 to 65 ms of main thread on
// a phone (120 to 260 ms at Lighthouse's 4x CPU), before the first card paints (issue #13). Rarer shapes
// keep `Intl`, created on first use.

/** An integer's decimal digits grouped by three with commas (en-US): '1234567' → '1,234,567'. */
export function groupThousands(digits: string): string {
  const negative = digits.startsWith('-');
  const body = negative ? digits.slice(1) : digits;
  let out = '';
  for (let end = body.length; end > 0; end -= 3) {
    const start = Math.max(0, end - 3);
    out = out === '' ? body.slice(start, end) : `${body.slice(start, end)},${out}`;
  }
  return negative ? `-${out}` : out;
}

/** A count as en-US text with thousands separators: 1526 → '1,526' (what `toLocaleString('en-US')` gives). */
export function formatInteger(n: number | bigint): string {
  if (typeof n === 'bigint' || Number.isSafeInteger(n)) return groupThousands(String(n));
  return n.toLocaleString('en-US');
}

let compactCount: Intl.NumberFormat | undefined;
let rarityPercent: Intl.NumberFormat | undefined;
const COMPACT_UNITS = ['', 'K', 'M', 'B', 'T'] as const;

/** Compact count in English: 1234 → '1.2K' (001 §9 "compact counts (en)"); '' when not a finite number. */
export function formatCount(n: number | bigint): string {
  if (typeof n === 'number' && !Number.isFinite(n)) return '';
  const value = typeof n === 'bigint' ? n : Number.isSafeInteger(n) ? BigInt(n) : null;
  if (value !== null && value >= 0n && value < 10n ** 15n) return compactInteger(value);
  compactCount ??= new Intl.NumberFormat('en', { notation: 'compact' });
  return compactCount.format(n);
}

/**
 * Intl's English compact notation for a non-negative integer below 10^15: two significant digits under
 * ten of a unit ('1.2K'), whole units from ten ('15K', '123K'), half rounded up, a carry into the next
 * unit ('999,999' → '1M').
 */
function compactInteger(value: bigint): string {
  if (value < 1000n) return value.toString();
  let unit = 1;
  while (unit < COMPACT_UNITS.length - 1 && value >= 1000n ** BigInt(unit + 1)) unit += 1;
  const base = 1000n ** BigInt(unit);
  // Tenths of the unit, half up; at ten units or more, whole units, half up.
  let tenths = (value * 10n + base / 2n) / base;
  if (tenths >= 100n) tenths = ((value + base / 2n) / base) * 10n;
  if (tenths >= 10000n && unit < COMPACT_UNITS.length - 1) return `1${COMPACT_UNITS[unit + 1]}`;
  const whole = tenths / 10n;
  const fraction = tenths % 10n;
  return `${whole}${fraction === 0n ? '' : `.${fraction}`}${COMPACT_UNITS[unit]}`;
}

/** Rarity as a percent with two decimals (000 §9); `fraction` is 0..1, so 0.0123 → '1.23%'; '' when not finite. */
export function formatRarityPercent(fraction: number): string {
  if (!Number.isFinite(fraction)) return '';
  rarityPercent ??= new Intl.NumberFormat('en', {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return rarityPercent.format(fraction);
}
