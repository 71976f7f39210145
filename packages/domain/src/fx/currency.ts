import { formatDecimal, parseDecimal, rescale } from '../math/decimal';

/** Currencies with their minor unit: USD in cents (2 decimals), ETH in wei (18 decimals) (000 §3, 001 §3). */
export const CURRENCIES = {
  USD: { code: 'USD', minorUnit: 'cent', decimals: 2 },
  ETH: { code: 'ETH', minorUnit: 'wei', decimals: 18 },
} as const;
export type Currency = keyof typeof CURRENCIES;

/** Display currencies, default USD, stored locally (000 §1, §3). */
export const DISPLAY_CURRENCIES = ['USD', 'ETH'] as const;
export type DisplayCurrency = (typeof DISPLAY_CURRENCIES)[number];
export const DEFAULT_DISPLAY_CURRENCY: DisplayCurrency = 'USD';

/** True for 'USD' or 'ETH' (000 §3 "display currencies USD, ETH"), e.g. when reading the stored preference. */
export function isDisplayCurrency(value: unknown): value is DisplayCurrency {
  return value === 'USD' || value === 'ETH';
}

/** True for a currency with a known minor unit (USD, ETH). */
export function isCurrency(value: unknown): value is Currency {
  return value === 'USD' || value === 'ETH';
}

/** Integer minor units (cents, wei) of a major amount such as '12.34' USD, rounded half up; null when not a number. */
export function toMinorUnits(amount: number | string | bigint, currency: Currency): bigint | null {
  const value = parseDecimal(amount);
  return value === null ? null : rescale(value, CURRENCIES[currency].decimals);
}

/** Exact major amount of integer minor units as a decimal string: 123456n cents → '1234.56' (trailing zeros dropped). */
export function fromMinorUnits(units: bigint | number | string, currency: Currency): string {
  const decimals = CURRENCIES[currency].decimals;
  return formatDecimal(
    { units: toIntegerUnits(units), scale: decimals },
    { maxFractionDigits: decimals, grouping: false },
  );
}

/** Parses integer minor units; throws RangeError for fractions, unsafe numbers or non-numeric text. */
export function toIntegerUnits(units: bigint | number | string): bigint {
  if (typeof units === 'bigint') return units;
  if (typeof units === 'number') {
    if (!Number.isSafeInteger(units)) throw new RangeError(`Minor units must be a safe integer: ${units}`);
    return BigInt(units);
  }
  if (!/^[+-]?\d+$/.test(units.trim())) throw new RangeError(`Minor units must be an integer: ${units}`);
  return BigInt(units.trim());
}
