import { fromMinorUnits } from '@vitrine/domain';
import type { PriceInput } from '../../platform/display-price';
import type { Price } from '../catalog-types';

/** Props of <Price> for USD cents. */
export function centsPrice(cents: number): PriceInput {
  return { amount: cents, currency: 'USD', convertFromCents: true };
}

/** Props of <Price> for an amount in its own currency's minor units (cents or wei, 004 conventions). */
export function minorUnitsPrice(price: Price): PriceInput {
  if (price.currency === 'USD') return { amount: price.amount, currency: 'USD', convertFromCents: true };
  return { amount: fromMinorUnits(price.amount, price.currency), currency: price.currency };
}

/**
 * What a buyer pays for a listing: its list price (`baseListingPrice`) less the seller's discount, in the
 * listing's currency and minor unit (000 §3).
 */
export function paidPrice(listing: { baseListingPrice: Price; listingDiscount: Price | null }): Price {
  const { baseListingPrice: base, listingDiscount: discount } = listing;
  if (!discount) return base;
  return { amount: (BigInt(base.amount) - BigInt(discount.amount)).toString(), currency: base.currency };
}

/** A listing's prices from what a buyer pays and the discount (the collection table's row): `paidPrice` undone. */
export function fromPaidPrice(
  paid: Price,
  discount: Price | null,
): { baseListingPrice: Price; listingDiscount: Price | null } {
  if (!discount) return { baseListingPrice: paid, listingDiscount: null };
  return {
    baseListingPrice: {
      amount: (BigInt(paid.amount) + BigInt(discount.amount)).toString(),
      currency: paid.currency,
    },
    listingDiscount: discount,
  };
}
