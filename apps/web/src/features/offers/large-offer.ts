// An offer far above what the NFT goes for is most likely a typo (1000001 for 100): the form asks once before it is
// sent (QA 2026-12-07: $1,000,001.00 was authorised on an unlisted NFT whose edition's floor is $8.00, in one
// press). An offer at or above a Buy Now price has its own warning (`OverBuyNowWarning`).
import { formatCents, formatInteger } from '@vitrine/domain';

/** An offer this many times the floor, or more, is asked about. */
export const FAR_ABOVE_FLOOR = 5;
/** An offer of this much or more ($10,000.00) is asked about whatever the NFT goes for. */
export const LARGE_OFFER_CENTS = 1_000_000;

/** The question to ask before an offer of `cents` is sent, or null when it needs none. */
export function largeOfferQuestion(
  cents: number,
  reference: { buyNowCents: number | null; floorCents: number | null },
): string | null {
  const again = 'If that is what you meant, press again to make it.';
  // At or above Buy Now, the floor's question gives way to the Buy Now warning beside the field; a very large amount
  // is still asked about (review 2026-12-07: $1,000,001 on an NFT listed at $100 went in one press).
  const overBuyNow = reference.buyNowCents !== null && cents >= reference.buyNowCents;
  const floor = reference.floorCents;
  if (!overBuyNow && floor !== null && floor > 0 && cents >= FAR_ABOVE_FLOOR * floor) {
    const times = Math.floor(cents / floor);
    return `Your offer of ${formatCents(cents)} is ${formatInteger(times)} times this edition's floor (${formatCents(floor)}). ${again}`;
  }
  if (cents >= LARGE_OFFER_CENTS) return `You are offering ${formatCents(cents)}. ${again}`;
  return null;
}
