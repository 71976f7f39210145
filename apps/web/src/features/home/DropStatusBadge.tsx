import type { CollectionStatus } from '@vitrine/domain';
import styles from './DropStatusBadge.module.css';

export interface DropStatusBadgeProps {
  status: CollectionStatus | null;
  /** 'Dropping This Week' instead of 'Upcoming' when the start is within 7 days (000 §4). */
  droppingThisWeek?: boolean;
}

/** 'Live' while open, 'Upcoming' (or 'Dropping This Week') before start; nothing once ended (001 §4). */
export function DropStatusBadge({ status, droppingThisWeek = false }: DropStatusBadgeProps) {
  if (status === 'live') {
    return (
      <span className={`${styles.badge} ${styles.live}`} data-testid="drop-status-badge">
        <span className={styles.dot} aria-hidden="true" />
        Live
      </span>
    );
  }
  if (status === 'upcoming') {
    return (
      <span className={`${styles.badge} ${styles.upcoming}`} data-testid="drop-status-badge">
        {droppingThisWeek ? (
          <>
            {/* On small screens only Live or Upcoming (000 §4). */}
            <span className={styles.wideOnly}>Dropping This Week</span>
            <span className={styles.narrowOnly}>Upcoming</span>
          </>
        ) : (
          'Upcoming'
        )}
      </span>
    );
  }
  return null;
}
