import {
  convertMinorUnits,
  type FxRatio,
  formatPrice,
  fromMinorUnits,
  isCurrency,
  toIntegerUnits,
  toMinorUnits,
} from '@vitrine/domain';

export interface PriceInput {
  /** Major units (dollars, ether), or cents when convertFromCents and USD. */
  amount: number | string | bigint;
  currency: string;
  convertFromCents?: boolean;
}

/** The price text in its own currency (001 §9 "Number formats"). */
export function formatOwnPrice({ amount, currency, convertFromCents }: PriceInput): string {
  return formatPrice({ amount, currency, convertFromCents: convertFromCents === true });
}

/**
 * The price text in the display currency, converted exactly with bigint minor units and the fxrates
 * ratio (000 §7). Null when it cannot be converted (unknown currency, not a number); callers then show
 * the price in its own currency.
 */
export function formatConvertedPrice(
  price: PriceInput,
  displayCurrency: string,
  ratio: FxRatio,
): string | null {
  const { amount, currency, convertFromCents } = price;
  if (currency === displayCurrency) return formatOwnPrice(price);
  if (!isCurrency(currency) || !isCurrency(displayCurrency)) return null;
  try {
    const units =
      convertFromCents === true && currency === 'USD'
        ? toIntegerUnits(amount)
        : toMinorUnits(amount, currency);
    if (units === null) return null;
    const converted = convertMinorUnits(units, currency, displayCurrency, ratio);
    return formatPrice({ amount: fromMinorUnits(converted, displayCurrency), currency: displayCurrency });
  } catch {
    return null;
  }
}
