import { Skeleton } from '../../../ui/Skeleton';
import styles from './CollectionCard.module.css';

/** The shape of a CollectionCard (and an explore drop card) while a page loads. */
export function CollectionCardSkeleton() {
  return (
    <div className={styles.card} data-testid="collection-card-skeleton" aria-hidden="true">
      <div className={styles.media}>
        <Skeleton variant="rect" width="100%" height="100%" />
      </div>
      <div className={styles.body}>
        <Skeleton width="70%" height={22} />
        <Skeleton width="45%" />
        <div className={styles.stats}>
          <Skeleton width="80%" />
          <Skeleton width="60%" />
          <Skeleton width="60%" />
        </div>
      </div>
    </div>
  );
}
