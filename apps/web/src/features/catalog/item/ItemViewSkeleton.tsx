import { Skeleton } from '../../../ui/Skeleton';
import styles from './ItemView.module.css';

/** The item page while it loads. */
export function ItemViewSkeleton() {
  return (
    <div className={`page-container ${styles.page}`} aria-busy="true" data-testid="item-loading">
      <div className={styles.hero}>
        <Skeleton variant="rect" width="100%" aspectRatio="1 / 1" />
        <div className={styles.info}>
          <Skeleton width={160} />
          <Skeleton width="70%" height={40} />
          <Skeleton width="40%" />
          <Skeleton variant="rect" width="100%" height={150} />
          <Skeleton width="90%" />
          <Skeleton width="80%" />
        </div>
      </div>
    </div>
  );
}
