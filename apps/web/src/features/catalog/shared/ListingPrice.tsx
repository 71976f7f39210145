import { Price } from '../../../ui/Price';
import type { Price as Amount } from '../catalog-types';
import styles from './ListingPrice.module.css';
import { minorUnitsPrice, paidPrice } from './price-props';

/**
 * A listing's price as a buyer pays it (000 §3). With the seller's discount, the list price follows it struck
 * through, and the discount: '$80.00 $100.00 $20.00 off' (a screen reader hears 'List price $100.00').
 */
export function ListingPrice({
  listing,
  className,
}: {
  listing: { baseListingPrice: Amount; listingDiscount: Amount | null };
  /** The class of the price paid (the item page's large figure). */
  className?: string;
}) {
  if (!listing.listingDiscount)
    return <Price {...minorUnitsPrice(listing.baseListingPrice)} className={className} />;
  return (
    <span className={styles.discounted} data-testid="discounted-price">
      <Price {...minorUnitsPrice(paidPrice(listing))} className={className} />
      <del className={styles.was} data-testid="list-price">
        <span className="visually-hidden">List price </span>
        <Price {...minorUnitsPrice(listing.baseListingPrice)} />
      </del>
      <span className={styles.off} data-testid="discount">
        <Price {...minorUnitsPrice(listing.listingDiscount)} /> off
      </span>
    </span>
  );
}
