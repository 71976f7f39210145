import { Skeleton } from '../../../ui/Skeleton';
import styles from './NftList.module.css';

/** The shape of an NftRow while a page of NFTs loads in the list layout. */
export function NftRowSkeleton() {
  return (
    <div className={styles.row} data-testid="nft-row-skeleton" aria-hidden="true">
      <div className={styles.thumb}>
        <Skeleton variant="rect" width="100%" height="100%" />
      </div>
      <div className={styles.main}>
        <Skeleton width="55%" height={20} />
        <Skeleton width="35%" />
        <Skeleton width="45%" />
      </div>
      <div className={styles.price}>
        <Skeleton width={48} />
        <Skeleton width={72} />
      </div>
      <Skeleton variant="rect" width={56} height={32} className={styles.like} />
    </div>
  );
}

/** Rows of placeholders while the first page of the list layout loads. */
export function ListSkeleton({ count = 12 }: { count?: number }) {
  return (
    <ul className={styles.list} aria-busy="true" aria-label="Loading" data-testid="list-loading">
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
        <li key={index}>
          <NftRowSkeleton />
        </li>
      ))}
    </ul>
  );
}
