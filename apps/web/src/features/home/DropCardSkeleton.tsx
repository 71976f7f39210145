import { Skeleton } from '../../ui/Skeleton';
import styles from './DropCard.module.css';

/** A DropCard while drops load: the card's own rows (DropCard.module.css), so it takes exactly the card's size. */
export function DropCardSkeleton() {
  return (
    <div className={styles.card} data-testid="drop-card-skeleton" aria-hidden="true">
      <div className={styles.cover}>
        <Skeleton variant="rect" width="100%" aspectRatio="4 / 3" />
      </div>
      <div className={styles.body}>
        <div className={styles.meta}>
          <Skeleton width={96} height={24} />
        </div>
        <div className={styles.title}>
          <Skeleton width="80%" />
        </div>
        <div className={styles.people}>
          <div className={styles.publisher}>
            <Skeleton variant="circle" width={22} height={22} />
            <Skeleton width="45%" />
          </div>
          <div className={styles.artists}>
            <Skeleton width="55%" />
          </div>
        </div>
        <div className={styles.footer}>
          <div className={styles.timer}>
            <Skeleton width={120} />
          </div>
          <div className={styles.price}>
            <Skeleton width={64} />
          </div>
        </div>
      </div>
    </div>
  );
}
