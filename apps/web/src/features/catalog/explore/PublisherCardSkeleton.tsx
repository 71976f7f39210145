import { Skeleton } from '../../../ui/Skeleton';
import styles from './PublisherCard.module.css';

/** The shape of a PublisherCard while it loads. */
export function PublisherCardSkeleton() {
  return (
    <div className={styles.card} data-testid="publisher-card-skeleton" aria-hidden="true">
      <div className={styles.cover} />
      <div className={styles.body}>
        <Skeleton variant="rect" width={64} height={64} className={styles.avatar} />
        <Skeleton width="60%" height={22} />
        <Skeleton width="90%" />
        <Skeleton width="70%" />
      </div>
    </div>
  );
}
