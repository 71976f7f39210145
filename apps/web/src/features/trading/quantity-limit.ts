// The quantity-limit panel's closed texts (000 §5, 001 §4: allowed quantity below 1 shows sold out / limit
// reached), shared by the checkout page and the drop sale cards.

/** 001 §4: the sold-out label of a standard (fcfs) drop. */
export const SOLD_OUT = 'Sold Out';
/** A one-per-collector NFT the viewer already bought (the checkout's 409 limit-reached says the same). */
export const LIMIT_REACHED = 'You have reached the purchase limit for this NFT';

/**
 * Editions in other collectors' open checkouts: why the checkout offers fewer than the drop counts as remaining,
 * or none at all (`every`: no edition is free now).
 */
export function heldElsewhereText(n: number, every: boolean): string {
  const what = n === 1 ? '1 more edition is' : `${n} more editions are`;
  return every
    ? `No edition is free right now: ${n === 1 ? 'the last one is' : `the last ${n} are`} in other collectors' checkouts. Those not paid for come back within 15 minutes: please try again then.`
    : `${what} in other collectors' checkouts, back on sale if not paid for within 15 minutes.`;
}
