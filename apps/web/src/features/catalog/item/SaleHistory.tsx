import { TABLE_DEFAULT_ROWS } from '@vitrine/domain';
import { useState } from 'react';
import { Pagination } from '../../../ui/Pagination';
import { Price } from '../../../ui/Price';
import type { ItemDetail } from '../catalog-types';
import { minorUnitsPrice } from '../shared/price-props';
import { formatDateTime, formatRelative } from '../shared/time-format';
import styles from './DetailTable.module.css';
import { UserCell } from './UserCell';

/** The token's sales, newest first, 10 a page. */
export function SaleHistory({ sales }: { sales: ItemDetail['saleHistory'] }) {
  const [page, setPage] = useState(1);
  if (sales.length === 0) return <p className={styles.empty}>This NFT has not been sold yet.</p>;
  const totalPages = Math.ceil(sales.length / TABLE_DEFAULT_ROWS);
  const rows = sales.slice((page - 1) * TABLE_DEFAULT_ROWS, page * TABLE_DEFAULT_ROWS);
  return (
    <>
      <div className={styles.scroll}>
        <table className={`${styles.table} ${styles.stack}`} data-testid="sale-history">
          <thead>
            <tr>
              <th scope="col">Market</th>
              <th scope="col">Price</th>
              <th scope="col">From</th>
              <th scope="col">To</th>
              <th scope="col">Date</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((sale) => (
              <tr key={sale.id}>
                <td>
                  <span className={styles.chip}>{sale.market}</span>
                </td>
                <td data-label="Price">
                  <Price {...minorUnitsPrice(sale.price)} />
                </td>
                <td data-label="From">
                  <UserCell user={sale.seller} />
                </td>
                <td data-label="To">
                  <UserCell user={sale.buyer} />
                </td>
                <td className={styles.muted} data-label="Date" title={formatDateTime(sale.soldAt)}>
                  {formatRelative(sale.soldAt)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination page={page} totalPages={totalPages} onChange={setPage} label="Sale history pages" />
    </>
  );
}
