import { type Currency, PRICE_FORMAT_MESSAGE, readPrice } from '@vitrine/domain';

/** The message for text that is not an ETH price (too many decimals, a comma): an ETH example, not a dollar one. */
export const ETH_PRICE_FORMAT_MESSAGE = 'Enter a price in ETH like 0.25, with at most 18 decimals';

/** The listing price dialog's reading of a typed price (the domain's `readPrice`), with an ETH price's own hint. */
export function readListingPrice(
  text: string,
  currency: Currency,
): { units: bigint; amount: string } | { error: string } {
  const read = readPrice(text, currency);
  return currency === 'ETH' && 'error' in read && read.error === PRICE_FORMAT_MESSAGE
    ? { error: ETH_PRICE_FORMAT_MESSAGE }
    : read;
}
