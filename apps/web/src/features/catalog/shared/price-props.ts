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

/** A listing's price paid and list price (the domain's rule, 000 §3): see `paidPrice` and `listedPrices`. */
export { listedPrices, paidPrice } from '@vitrine/domain';
