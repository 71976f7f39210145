import { divRoundHalfUp, parseDecimal, pow10 } from '../math/decimal';
import { CURRENCIES, type Currency, toIntegerUnits } from './currency';

/** Query of GET v1/fxrates/ for a conversion, and whether the returned price must be inverted (000 §7, 001 §7). */
export interface FxQuery {
  source_currency: string;
  base_currency: string;
  invert: boolean;
}

/** One row of the fxrates results; price is the amount of base currency per one source currency. */
export interface FxRateResult {
  price: string | number;
}

/** An exact exchange rate as a fraction: numerator / denominator units of `to` per one unit of `from`. */
export interface FxRatio {
  numerator: bigint;
  denominator: bigint;
}

export const FX_RATES_PATH = '/v1/fxrates/';

/** The fxrates query for converting `from` into `to`: for USD the pair is reversed and the price inverted (000 §7). */
export function fxQueryFor(from: string, to: string): FxQuery {
  if (from === 'USD' && to !== 'USD') return { source_currency: to, base_currency: from, invert: true };
  return { source_currency: from, base_currency: to, invert: false };
}

/** Equal currencies need no lookup: their rate is 1 (000 §7). */
export function needsFxLookup(query: FxQuery): boolean {
  return query.source_currency !== query.base_currency;
}

/** Query parameters of GET v1/fxrates/ (000 §7): the latest rate first, one result. */
export function fxRatesQueryParams(query: FxQuery): Record<string, string> {
  return {
    source_currency: query.source_currency,
    base_currency: query.base_currency,
    order_by: '-created_at',
    limit: '1',
  };
}

/** Exact rate from fxrates results; 1/1 for equal currencies, no result or an unusable price (000 §7). */
export function fxRatioFromResults(
  query: FxQuery,
  results: readonly FxRateResult[] | null | undefined,
): FxRatio {
  const price = results?.[0]?.price;
  const parsed = needsFxLookup(query) && price !== undefined ? parseDecimal(price) : null;
  if (parsed === null || parsed.units <= 0n) return { numerator: 1n, denominator: 1n };
  const ratio = { numerator: parsed.units, denominator: pow10(parsed.scale) };
  return query.invert ? { numerator: ratio.denominator, denominator: ratio.numerator } : ratio;
}

/** Rate as a number for display: results[0].price, inverted for USD; 1 for equal currencies or no result (000 §7). */
export function fxRateFromResults(
  query: FxQuery,
  results: readonly FxRateResult[] | null | undefined,
): number {
  const { numerator, denominator } = fxRatioFromResults(query, results);
  return Number(numerator) / Number(denominator);
}

/** A rate given as a decimal string, a number or an exact ratio, as a positive fraction; throws RangeError otherwise. */
export function toFxRatio(rate: string | number | FxRatio): FxRatio {
  if (typeof rate === 'object') {
    if (rate.numerator <= 0n || rate.denominator <= 0n)
      throw new RangeError('Exchange rate must be positive');
    return rate;
  }
  const parsed = parseDecimal(rate);
  if (parsed === null || parsed.units <= 0n) throw new RangeError(`Exchange rate must be positive: ${rate}`);
  return { numerator: parsed.units, denominator: pow10(parsed.scale) };
}

/**
 * Converts integer minor units (USD cents, ETH wei) with bigint arithmetic and no floats (000 §7).
 * `rate` is units of `toCurrency` per one unit of `fromCurrency` (e.g. '3000' for ETH→USD, or the ratio of
 * fxRatioFromResults). The result is rounded half up to the nearest minor unit (half away from zero if negative).
 * Equal currencies return the amount unchanged. Throws RangeError for a non-integer amount or a non-positive rate.
 */
export function convertMinorUnits(
  amount: bigint | number | string,
  fromCurrency: Currency,
  toCurrency: Currency,
  rate: string | number | FxRatio,
): bigint {
  const units = toIntegerUnits(amount);
  if (fromCurrency === toCurrency) return units;
  const { numerator, denominator } = toFxRatio(rate);
  const fromScale = pow10(CURRENCIES[fromCurrency].decimals);
  const toScale = pow10(CURRENCIES[toCurrency].decimals);
  return divRoundHalfUp(units * numerator * toScale, denominator * fromScale);
}
