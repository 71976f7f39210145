// Why a listing's checkout closed (QA 2026-12-07: it said only that it was sold, repriced or withdrawn, one of the
// three): read from the item as it is now (read again once the checkout closed) beside the listing it quoted.
import { formatListingUnits } from '@vitrine/domain';

type Price = { amount: string; currency: string };

/** The listing the checkout quoted: its seller and what a buyer paid. */
export interface QuotedListing {
  sellerId: number | null;
  priceInCents: number;
}

/** The item as it reads now: its owner, and its listing if it is for sale. */
export interface ItemNow {
  ownerId: number | null;
  listing: { priceInCents: number; baseListingPrice: Price; listingDiscount: Price | null } | null;
}

/** While the item's new state is not read yet (or cannot be): each reason it may have been. */
export const LISTING_CLOSED_TEXT =
  'This checkout was closed: the NFT was sold to another collector, or its seller changed the price or withdrew the listing.';
export const LISTING_SOLD_TEXT =
  'This NFT was sold to another collector while you were checking out. You have not been charged.';
export const LISTING_WITHDRAWN_TEXT =
  'Its seller took this NFT off sale while you were checking out. You have not been charged.';
export const listingRepricedText = (price: string) =>
  `Its seller changed the price to ${price} while you were checking out. You have not been charged: go back to the NFT to buy it at the new price.`;

/** What a buyer pays for a listing, in its currency: the list price less the seller's discount. */
function paidPrice(listing: NonNullable<ItemNow['listing']>): string {
  const currency = listing.baseListingPrice.currency === 'ETH' ? 'ETH' : 'USD';
  const discount = listing.listingDiscount ? BigInt(listing.listingDiscount.amount) : 0n;
  return formatListingUnits(BigInt(listing.baseListingPrice.amount) - discount, currency);
}

/**
 * Why the checkout of `quoted` closed, as `now` tells it: sold (another owner), repriced (for sale at another price),
 * withdrawn (its seller's and not for sale). The same listing at the same price is what was read before the checkout
 * closed: the reasons it may have been, until the item is read again.
 */
export function listingClosedText(quoted: QuotedListing | null, now: ItemNow | null): string {
  if (!quoted || !now) return LISTING_CLOSED_TEXT;
  if (now.ownerId !== quoted.sellerId) return LISTING_SOLD_TEXT;
  if (now.listing === null) return LISTING_WITHDRAWN_TEXT;
  if (now.listing.priceInCents !== quoted.priceInCents) return listingRepricedText(paidPrice(now.listing));
  return LISTING_CLOSED_TEXT;
}
