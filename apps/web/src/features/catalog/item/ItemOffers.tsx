import { Price } from '../../../ui/Price';
import type { ItemDetail } from '../catalog-types';
import { centsPrice } from '../shared/price-props';
import { formatRelative } from '../shared/time-format';
import styles from './DetailTable.module.css';
import { UserCell } from './UserCell';

/** Offers on the token (none until the trading area adds them). */
export function ItemOffers({ offers }: { offers: ItemDetail['offers'] }) {
  if (offers.length === 0) return <p className={styles.empty}>No offers yet.</p>;
  return (
    <div className={styles.scroll}>
      <table className={styles.table} data-testid="item-offers">
        <thead>
          <tr>
            <th scope="col">Offer</th>
            <th scope="col">From</th>
            <th scope="col">Made</th>
          </tr>
        </thead>
        <tbody>
          {offers.map((offer) => (
            <tr key={offer.id}>
              <td>
                <Price {...centsPrice(offer.amountInCents)} />
              </td>
              <td>
                <UserCell user={offer.user} />
              </td>
              <td className={styles.muted}>{formatRelative(offer.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
