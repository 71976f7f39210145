// Why a listing's checkout closed (QA 2026-12-07: it said only that it was sold, repriced or withdrawn, one of the
// three): read from the item as it is now (read again once the checkout closed) beside the listing it quoted.
import { formatListingUnits } from '@vitrine/domain';

type Price = { amount: string; currency: string };

/** A listing's price as the answers carry it: the list price and the seller's discount, in its currency. */
interface ListedPrice {
  baseListingPrice: Price;
  listingDiscount: Price | null;
}

/** The listing the checkout quoted: its id, its seller and its price. */
export interface QuotedListing extends ListedPrice {
  id: number;
  sellerId: number | null;
}

/** The item as it reads now: its owner, and its listing if it is for sale. */
export interface ItemNow {
  ownerId: number | null;
  listing: (ListedPrice & { id: number }) | null;
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

/** What a buyer pays for a listing, in its currency's minor unit: the list price less the seller's discount. */
function paid(listing: ListedPrice): { units: bigint; currency: 'USD' | 'ETH' } {
  const currency = listing.baseListingPrice.currency === 'ETH' ? 'ETH' : 'USD';
  const discount = listing.listingDiscount ? BigInt(listing.listingDiscount.amount) : 0n;
  return { units: BigInt(listing.baseListingPrice.amount) - discount, currency };
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
  // Compared in the listing's own currency (an ETH listing's cents move with the rate, its ETH price does not).
  const before = paid(quoted);
  const after = paid(now.listing);
  if (now.listing.id !== quoted.id || after.units !== before.units || after.currency !== before.currency)
    return listingRepricedText(formatListingUnits(after.units, after.currency));
  return LISTING_CLOSED_TEXT;
}
