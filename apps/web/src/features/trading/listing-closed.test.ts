import { describe, expect, it } from 'vitest';
import {
  LISTING_CLOSED_TEXT,
  LISTING_SOLD_TEXT,
  LISTING_WITHDRAWN_TEXT,
  listingClosedText,
  listingRepricedText,
} from './listing-closed';

const quoted = { sellerId: 7, priceInCents: 2_500 };
const usd = (cents: number, discount?: number) => ({
  priceInCents: cents - (discount ?? 0),
  baseListingPrice: { amount: String(cents), currency: 'USD' },
  listingDiscount: discount ? { amount: String(discount), currency: 'USD' } : null,
});

describe('why a listing checkout closed', () => {
  it('sold: the NFT has another owner', () => {
    expect(listingClosedText(quoted, { ownerId: 9, listing: null })).toBe(LISTING_SOLD_TEXT);
  });
  it('withdrawn: still the seller’s, not for sale', () => {
    expect(listingClosedText(quoted, { ownerId: 7, listing: null })).toBe(LISTING_WITHDRAWN_TEXT);
  });
  it('repriced: for sale at another price, the one a buyer pays (less the discount)', () => {
    expect(listingClosedText(quoted, { ownerId: 7, listing: usd(400) })).toBe(listingRepricedText('$4.00'));
    expect(listingClosedText(quoted, { ownerId: 7, listing: usd(5_000, 1_000) })).toBe(
      listingRepricedText('$40.00'),
    );
    const eth = {
      priceInCents: 310_000,
      baseListingPrice: { amount: '1500000000000000000', currency: 'ETH' },
      listingDiscount: null,
    };
    expect(listingClosedText(quoted, { ownerId: 7, listing: eth })).toBe(listingRepricedText('1.5 ETH'));
  });
  it('not read again yet (the same listing at the same price), or unknown: every reason it may have been', () => {
    expect(listingClosedText(quoted, { ownerId: 7, listing: usd(2_500) })).toBe(LISTING_CLOSED_TEXT);
    expect(listingClosedText(null, { ownerId: 7, listing: null })).toBe(LISTING_CLOSED_TEXT);
    expect(listingClosedText(quoted, null)).toBe(LISTING_CLOSED_TEXT);
  });
});
