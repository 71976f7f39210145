import { itemPath } from '@vitrine/domain';
import { Link } from '../../../ui/Link';
import type { Listing } from '../catalog-types';
import { ListingPrice } from '../shared/ListingPrice';
import { formatRelative } from '../shared/time-format';
import styles from './DetailTable.module.css';
import { UserCell } from './UserCell';

/** Other editions of the nifty for sale, cheapest first. */
export function ItemListings({
  listings,
  contractAddress,
}: {
  listings: readonly Listing[];
  contractAddress: string;
}) {
  if (listings.length === 0) return <p className={styles.empty}>No other editions are listed.</p>;
  return (
    <div className={styles.scroll}>
      <table className={`${styles.table} ${styles.stack}`} data-testid="item-listings">
        <thead>
          <tr>
            <th scope="col">Edition</th>
            <th scope="col">Price</th>
            <th scope="col">Seller</th>
            <th scope="col">Listed</th>
          </tr>
        </thead>
        <tbody>
          {listings.map((listing) => (
            <tr key={listing.id}>
              <td>
                <Link to={itemPath(contractAddress, listing.tokenId)} className={styles.person}>
                  #{listing.editionNumber}
                </Link>
              </td>
              <td data-label="Price">
                <ListingPrice listing={listing} />
              </td>
              <td data-label="Seller">
                <UserCell user={listing.seller} />
              </td>
              <td className={styles.muted} data-label="Listed" title={listing.createdAt}>
                {formatRelative(listing.createdAt)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
