// Price and number inputs of the filters (001 §5 "Filters and inputs"): no negatives, thousand separators;
// USD with 2 fixed decimals and a $ prefix; ETH with a ' ETH' suffix and unrestricted decimals; a USD
// price filter is multiplied by 100 (cents). Min/max numeric inputs are non-negative whole numbers with
// thousand separators. The API's price filters are USD cents, so an ETH bound is converted with the
// exchange rate (000 §7).
import { CURRENCIES, type Currency } from '../fx/currency';
import { convertMinorUnits, type FxRatio } from '../fx/fx';
import { formatDecimal } from '../math/decimal';
import { MAX_PRICE_CENTS, priceInputToCents } from './explore-filters';

/** Currencies a price filter can be typed in: the display currencies. */
export type PriceInputCurrency = Extract<Currency, 'USD' | 'ETH'>;

export const ETH_INPUT_SUFFIX = ' ETH';
export const USD_INPUT_PREFIX = '$';

const GROUPS = /\B(?=(\d{3})+(?!\d))/g;
const group = (digits: string) => digits.replace(GROUPS, ',');

/**
 * What a price input keeps while typing: digits, one decimal point (USD: at most 2 decimals), thousand
 * separators re-applied, and the currency's $ prefix or ' ETH' suffix. A minus sign or letters are dropped.
 * '' stays ''.
 */
export function typedPriceInput(text: string, currency: PriceInputCurrency): string {
  const body = text.replace(/ETH/gi, '').replace(/[^\d.]/g, '');
  if (body === '') return '';
  const dot = body.indexOf('.');
  let int = dot < 0 ? body : body.slice(0, dot);
  let frac = dot < 0 ? null : body.slice(dot + 1).replace(/\./g, '');
  int = int.replace(/^0+(?=\d)/, '');
  if (currency === 'USD' && frac !== null) frac = frac.slice(0, 2);
  const number = `${group(int)}${frac === null ? '' : `.${frac}`}`;
  return currency === 'USD' ? `${USD_INPUT_PREFIX}${number}` : `${number}${ETH_INPUT_SUFFIX}`;
}

/** The amount of a price input in minor units (USD cents, ETH wei); null when empty or not a valid amount. */
export function priceInputToMinorUnits(text: string, currency: PriceInputCurrency): bigint | null {
  if (currency === 'USD') {
    const cents = priceInputToCents(text);
    return cents === null ? null : BigInt(cents);
  }
  const body = text
    .trim()
    .replace(/\s*ETH$/i, '')
    .replace(/,/g, '');
  const m = /^(\d{0,30})(?:\.(\d{0,18}))?$/.exec(body);
  if (!m || (m[1] === '' && (m[2] ?? '') === '')) return null;
  const decimals = CURRENCIES.ETH.decimals;
  return BigInt(m[1] || '0') * 10n ** BigInt(decimals) + BigInt((m[2] ?? '').padEnd(decimals, '0') || '0');
}

/**
 * The finished text of a price input (on blur): USD '$1,234.50' (2 fixed decimals), ETH '1,234.5 ETH'
 * (decimals as typed, trailing zeros dropped). '' when empty or invalid.
 */
export function formatPriceInput(text: string, currency: PriceInputCurrency): string {
  const units = priceInputToMinorUnits(text, currency);
  return units === null ? '' : minorUnitsToPriceInput(units, currency);
}

/** Minor units as price input text: 123450n USD → '$1,234.50'; 1500000000000000000n ETH → '1.5 ETH'. */
export function minorUnitsToPriceInput(units: bigint, currency: PriceInputCurrency): string {
  const decimals = CURRENCIES[currency].decimals;
  if (currency === 'USD') {
    return `${USD_INPUT_PREFIX}${formatDecimal({ units, scale: decimals }, { minFractionDigits: 2, maxFractionDigits: 2 })}`;
  }
  return `${formatDecimal({ units, scale: decimals }, { maxFractionDigits: decimals })}${ETH_INPUT_SUFFIX}`;
}

/**
 * A typed price bound as the USD cents of the API's price filter: USD × 100; ETH converted with `ethToUsd`
 * (USD per ETH as an exact ratio, from fxrates) and rounded to the cent. Null when the input is empty,
 * invalid, or above the highest accepted bound.
 */
export function priceInputToFilterCents(
  text: string,
  currency: PriceInputCurrency,
  ethToUsd: FxRatio | null,
): number | null {
  const units = priceInputToMinorUnits(text, currency);
  if (units === null) return null;
  let cents: bigint;
  if (currency === 'USD') cents = units;
  else if (ethToUsd === null) return null;
  else cents = convertMinorUnits(units, 'ETH', 'USD', ethToUsd);
  return cents <= BigInt(MAX_PRICE_CENTS) ? Number(cents) : null;
}

/**
 * A filter bound in cents as input text in `currency` (ETH converted with `usdToEth`); '' for null. With
 * `ethToUsd` too, an ETH bound reads as the shortest amount that gives the same cents again, so 0.05 ETH
 * typed and applied reads 0.05 ETH, not 0.049999 ETH; without it, at most 6 decimals.
 */
export function filterCentsToPriceInput(
  cents: number | null,
  currency: PriceInputCurrency,
  usdToEth: FxRatio | null,
  ethToUsd: FxRatio | null = null,
): string {
  if (cents === null) return '';
  if (currency === 'USD') return minorUnitsToPriceInput(BigInt(cents), 'USD');
  if (usdToEth === null) return '';
  const wei = convertMinorUnits(BigInt(cents), 'USD', 'ETH', usdToEth);
  if (ethToUsd !== null) {
    const decimals = CURRENCIES.ETH.decimals;
    for (let shown = 0; shown <= decimals; shown += 1) {
      const step = 10n ** BigInt(decimals - shown);
      const rounded = ((wei + step / 2n) / step) * step;
      if (convertMinorUnits(rounded, 'ETH', 'USD', ethToUsd) === BigInt(cents))
        return minorUnitsToPriceInput(rounded, 'ETH');
    }
  }
  // Shown with at most 6 decimals: a converted bound need not carry 18 digits of wei.
  const shown = (wei / 10n ** 12n) * 10n ** 12n;
  return minorUnitsToPriceInput(shown, 'ETH');
}

/** A min/max numeric filter input while typing: whole digits only, thousand separators ('12345' → '12,345'). */
export function typedWholeNumberInput(text: string): string {
  const digits = text.replace(/\D/g, '').replace(/^0+(?=\d)/, '');
  return group(digits);
}

/** Apply is enabled when at least one bound is set (001 §5); with preset radio options, both are needed. */
export function canApplyRange(min: string, max: string, hasRadioOptions = false): boolean {
  const filled = [min, max].filter((value) => value.trim() !== '').length;
  return hasRadioOptions ? filled === 2 : filled >= 1;
}
