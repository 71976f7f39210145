import { Skeleton } from '../../../ui/Skeleton';
import styles from './CollectionScreen.module.css';

/** A collection page while it loads. */
export function CollectionSkeleton() {
  return (
    <div className={`page-container ${styles.page}`} aria-busy="true" data-testid="collection-loading">
      <Skeleton variant="rect" width="100%" height={220} />
      <Skeleton width="40%" height={40} />
      <Skeleton width="25%" />
      <Skeleton variant="rect" width="100%" height={80} />
      <Skeleton variant="rect" width="100%" height={320} />
    </div>
  );
}
