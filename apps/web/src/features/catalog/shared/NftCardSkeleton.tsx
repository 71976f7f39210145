import { Skeleton } from '../../../ui/Skeleton';
import styles from './NftCard.module.css';

/** The shape of an NftCard while a page of NFTs loads. */
export function NftCardSkeleton() {
  return (
    <div className={styles.card} data-testid="nft-card-skeleton" aria-hidden="true">
      <div className={styles.media}>
        <Skeleton variant="rect" width="100%" height="100%" />
      </div>
      <div className={styles.body}>
        <Skeleton width="45%" />
        <Skeleton width="80%" height={20} />
        <Skeleton width="55%" />
        <div className={styles.footer}>
          <Skeleton width={72} />
          <Skeleton width={32} />
        </div>
      </div>
    </div>
  );
}
