// Exact decimal arithmetic on bigint, so that money never goes through floating point (000 §7, 001 §9).
import { groupThousands } from '../format/number';

/** A decimal number as an integer and a scale: value = units / 10^scale. */
export interface ScaledDecimal {
  units: bigint;
  scale: number;
}

export interface DecimalFormatOptions {
  minFractionDigits?: number;
  maxFractionDigits: number;
  /** Group the integer part with commas (en-US); default true. */
  grouping?: boolean;
}

const DECIMAL_TEXT = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;
const MAX_EXPONENT = 400;

/** 10^n as a bigint. */
export function pow10(n: number): bigint {
  return 10n ** BigInt(n);
}

/** Parses a number, bigint or decimal string ('12.5', '-0.001', '1e-7') exactly; null when not a finite decimal. */
export function parseDecimal(value: number | string | bigint): ScaledDecimal | null {
  if (typeof value === 'bigint') return { units: value, scale: 0 };
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  const match = DECIMAL_TEXT.exec(String(value).trim());
  if (!match) return null;
  const [, sign = '', int = '', frac = '', exp = '0'] = match;
  const exponent = Number(exp);
  if (int === '' && frac === '') return null;
  if (Math.abs(exponent) > MAX_EXPONENT) return null;
  const units = BigInt(`${sign}${int}${frac}` || '0');
  const scale = frac.length - exponent;
  return scale >= 0 ? { units, scale } : { units: units * pow10(-scale), scale: 0 };
}

/** Integer division rounding half away from zero ("half up" for non-negative amounts); `divisor` must not be 0. */
export function divRoundHalfUp(dividend: bigint, divisor: bigint): bigint {
  if (divisor === 0n) throw new RangeError('Division by zero');
  const negative = dividend < 0n !== divisor < 0n;
  const num = dividend < 0n ? -dividend : dividend;
  const den = divisor < 0n ? -divisor : divisor;
  const truncated = num / den;
  const rounded = (num % den) * 2n >= den ? truncated + 1n : truncated;
  return negative ? -rounded : rounded;
}

/** The units of `value` at another scale, rounded half up when precision is dropped. */
export function rescale(value: ScaledDecimal, scale: number): bigint {
  if (scale >= value.scale) return value.units * pow10(scale - value.scale);
  return divRoundHalfUp(value.units, pow10(value.scale - scale));
}

/** Formats a decimal exactly: rounds half up to maxFractionDigits, keeps at least minFractionDigits, groups with commas. */
export function formatDecimal(value: ScaledDecimal, options: DecimalFormatOptions): string {
  const { maxFractionDigits, minFractionDigits = 0, grouping = true } = options;
  const units = rescale(value, maxFractionDigits);
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const base = pow10(maxFractionDigits);
  const int = abs / base;
  let frac = maxFractionDigits > 0 ? (abs % base).toString().padStart(maxFractionDigits, '0') : '';
  frac = frac.replace(/0+$/, '');
  if (frac.length < minFractionDigits) frac = frac.padEnd(minFractionDigits, '0');
  const intText = grouping ? groupThousands(int.toString()) : int.toString();
  return `${negative ? '-' : ''}${intText}${frac ? `.${frac}` : ''}`;
}

/** Converts a decimal to a JavaScript number (for display only, e.g. compact notation). */
export function decimalToNumber(value: ScaledDecimal): number {
  return Number(formatDecimal(value, { maxFractionDigits: value.scale, grouping: false }));
}
