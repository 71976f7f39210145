import { Skeleton } from '../../ui/Skeleton';
import styles from './DropCard.module.css';

/** The shape of a DropCard while drops load. */
export function DropCardSkeleton() {
  return (
    <div className={styles.card} data-testid="drop-card-skeleton" aria-hidden="true">
      <Skeleton variant="rect" width="100%" aspectRatio="4 / 3" />
      <div className={styles.body}>
        <Skeleton width={96} height={22} />
        <Skeleton width="80%" height={22} />
        <Skeleton width="55%" />
        <Skeleton width="40%" />
        <div className={styles.footer}>
          <Skeleton width={120} />
          <Skeleton width={64} />
        </div>
      </div>
    </div>
  );
}
