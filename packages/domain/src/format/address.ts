/** The null address, shown with a zero-address placeholder (000 §9, 001 §9). */
export const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

const SHORT_SIDE = 6;
const ELLIPSIS = '…';

/** Addresses shortened to first 6 and last 6 characters with an ellipsis (000 §5, 001 §5); short inputs unchanged. */
export function shortenAddress(addr: string): string {
  if (addr.length <= SHORT_SIDE * 2 + ELLIPSIS.length) return addr; // would not get shorter
  return `${addr.slice(0, SHORT_SIDE)}${ELLIPSIS}${addr.slice(-SHORT_SIDE)}`;
}

/** True for the null address, in any letter case (000 §9 "Zero address placeholder for the null address"). */
export function isZeroAddress(addr: string | null | undefined): boolean {
  return typeof addr === 'string' && addr.trim().toLowerCase() === ZERO_ADDRESS;
}
