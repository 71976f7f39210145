import { formatCount } from '@vitrine/domain';
import { Price } from '../../../ui/Price';
import type { StorefrontStatId } from '../catalog-types';
import { centsPrice } from './price-props';
import { MONEY_STATS } from './storefront-stats';

/** A storefront stat's figure: money in the display currency, counts compact. */
export function StatValue({ id, value }: { id: StorefrontStatId; value: number }) {
  return MONEY_STATS.has(id) ? <Price {...centsPrice(value)} /> : formatCount(value);
}
