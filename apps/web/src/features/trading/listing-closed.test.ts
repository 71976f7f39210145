import { describe, expect, it } from 'vitest';
import {
  LISTING_CLOSED_TEXT,
  LISTING_SOLD_TEXT,
  LISTING_WITHDRAWN_TEXT,
  listingClosedText,
  listingRepricedText,
} from './listing-closed';

const usd = (cents: number, discount?: number) => ({
  baseListingPrice: { amount: String(cents), currency: 'USD' },
  listingDiscount: discount ? { amount: String(discount), currency: 'USD' } : null,
});
const eth = (wei: string) => ({ baseListingPrice: { amount: wei, currency: 'ETH' }, listingDiscount: null });
const quoted = { id: 3, sellerId: 7, ...usd(2_500) };

describe('why a listing checkout closed', () => {
  it('sold: the NFT has another owner', () => {
    expect(listingClosedText(quoted, { ownerId: 9, listing: null })).toBe(LISTING_SOLD_TEXT);
  });
  it('withdrawn: still the seller’s, not for sale', () => {
    expect(listingClosedText(quoted, { ownerId: 7, listing: null })).toBe(LISTING_WITHDRAWN_TEXT);
  });
  it('repriced: for sale at another price, the one a buyer pays (less the discount), or listed anew', () => {
    expect(listingClosedText(quoted, { ownerId: 7, listing: { id: 3, ...usd(400) } })).toBe(
      listingRepricedText('$4.00'),
    );
    expect(listingClosedText(quoted, { ownerId: 7, listing: { id: 3, ...usd(5_000, 1_000) } })).toBe(
      listingRepricedText('$40.00'),
    );
    expect(listingClosedText(quoted, { ownerId: 7, listing: { id: 3, ...eth('1500000000000000000') } })).toBe(
      listingRepricedText('1.5 ETH'),
    );
    expect(listingClosedText(quoted, { ownerId: 7, listing: { id: 4, ...usd(2_500) } })).toBe(
      listingRepricedText('$25.00'),
    );
  });
  it('not read again yet (the same listing at the same price, in its own currency), or unknown: every reason', () => {
    expect(listingClosedText(quoted, { ownerId: 7, listing: { id: 3, ...usd(2_500) } })).toBe(
      LISTING_CLOSED_TEXT,
    );
    // An ETH listing at the same ETH price: its USD cents moved with the rate, it was not repriced (review 2026-12-07).
    const ethQuote = { id: 5, sellerId: 7, ...eth('1500000000000000000') };
    expect(
      listingClosedText(ethQuote, { ownerId: 7, listing: { id: 5, ...eth('1500000000000000000') } }),
    ).toBe(LISTING_CLOSED_TEXT);
    expect(listingClosedText(null, { ownerId: 7, listing: null })).toBe(LISTING_CLOSED_TEXT);
    expect(listingClosedText(quoted, null)).toBe(LISTING_CLOSED_TEXT);
  });
});
