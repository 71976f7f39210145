// The quantity-limit panel's closed texts (000 §5, 001 §4: allowed quantity below 1 shows sold out / limit
// reached), shared by the checkout page and the drop sale cards.

/** 001 §4: the sold-out label of a standard (fcfs) drop. */
export const SOLD_OUT = 'Sold Out';
/** A one-per-collector NFT the viewer already bought (the checkout's 409 limit-reached says the same). */
export const LIMIT_REACHED = 'You have reached the purchase limit for this NFT';
