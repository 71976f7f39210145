import { CURRENCIES } from '../fx/currency';
import { decimalToNumber, formatDecimal, parseDecimal, type ScaledDecimal } from '../math/decimal';

export interface FormatPriceOptions {
  /** Major units (dollars, ether), or cents when convertFromCents and USD. Strings and bigints are exact. */
  amount: number | string | bigint;
  /** 'USD' is shown as currency; any other code (ETH, GUSD, DAI) as a number followed by the code. */
  currency: string;
  convertFromCents?: boolean;
  compact?: boolean;
  precise?: boolean;
}

export interface FormatEthOptions {
  compact?: boolean;
  precise?: boolean;
}

const COMPACT_THRESHOLD = 100_000;
const DEFAULT_FRACTION_DIGITS = 4;
const COMPACT_FRACTION_DIGITS = 1;
const PRECISE_FRACTION_DIGITS = 17;

/**
 * Price text (001 §9 "Number formats"): USD as en-US currency ('$1,234.56', cents converted to dollars when
 * convertFromCents); other currencies up to 4 decimals plus the code ('1.2345 ETH'), in compact notation when
 * compact (1 decimal above 100000), up to 17 decimals when precise (precise wins over compact; neither changes
 * USD). Rounds half up. '' when the amount is not a finite number.
 */
export function formatPrice(options: FormatPriceOptions): string {
  const parsed = parseDecimal(options.amount);
  if (parsed === null) return '';
  const fromCents = options.convertFromCents === true && options.currency === 'USD';
  const value = fromCents ? { units: parsed.units, scale: parsed.scale + 2 } : parsed;
  return formatDecimalPrice(value, options.currency, options);
}

/** Cents as US dollars: 123456 → '$1,234.56' (001 §9 "cents converted to dollars"). */
export function formatCents(cents: number | string | bigint): string {
  return formatPrice({ amount: cents, currency: 'USD', convertFromCents: true });
}

/** Wei as ETH, exact with bigint arithmetic: 1234500000000000000n → '1.2345 ETH' (001 §9); '' for non-integers. */
export function formatWeiAsEth(wei: bigint | string, options: FormatEthOptions = {}): string {
  const text = typeof wei === 'bigint' ? wei.toString() : wei.trim();
  if (!/^[+-]?\d+$/.test(text)) return '';
  return formatDecimalPrice({ units: BigInt(text), scale: CURRENCIES.ETH.decimals }, 'ETH', options);
}

function formatDecimalPrice(value: ScaledDecimal, currency: string, options: FormatEthOptions): string {
  if (currency === 'USD') {
    const text = formatDecimal(value, { minFractionDigits: 2, maxFractionDigits: 2 });
    return text.startsWith('-') ? `-$${text.slice(1)}` : `$${text}`;
  }
  if (options.compact && !options.precise) return `${formatCompact(value)} ${currency}`;
  const digits = options.precise ? PRECISE_FRACTION_DIGITS : DEFAULT_FRACTION_DIGITS;
  return `${formatDecimal(value, { maxFractionDigits: digits })} ${currency}`;
}

/** Compact formatters by fraction digits, made on first use (an Intl formatter is costly to create). */
const compactFormats = new Map<number, Intl.NumberFormat>();

function formatCompact(value: ScaledDecimal): string {
  const amount = decimalToNumber(value);
  const digits = Math.abs(amount) > COMPACT_THRESHOLD ? COMPACT_FRACTION_DIGITS : DEFAULT_FRACTION_DIGITS;
  let format = compactFormats.get(digits);
  if (!format) {
    format = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: digits });
    compactFormats.set(digits, format);
  }
  return format.format(amount);
}
