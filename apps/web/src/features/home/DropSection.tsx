import { type ReactNode, useId } from 'react';
import { ErrorFallback } from '../../ui/ErrorFallback';
import { Link } from '../../ui/Link';
import { DropCard } from './DropCard';
import { DropCardSkeleton } from './DropCardSkeleton';
import styles from './DropSection.module.css';
import type { HomeDropStatus } from './drop-types';
import { useDrops } from './useDrops';

const SKELETON_COUNT = 4;

export interface DropSectionProps {
  status: HomeDropStatus;
  title: string;
  emptyText: string;
  /** How many cards load their cover eagerly: the first row of the first section (0 below the fold). */
  eagerCards?: number;
}

/** A home page section of drops with loading, empty and error (Retry) states. */
export function DropSection({ status, title, emptyText, eagerCards = 0 }: DropSectionProps) {
  const headingId = useId();
  const { data, isPending, isError, error, refetch, isFetching } = useDrops(status);
  const drops = data?.results ?? [];

  let content: ReactNode;
  if (isPending) {
    content = (
      <ul
        className={styles.grid}
        aria-busy="true"
        aria-label={`Loading ${title}`}
        data-testid="drops-loading"
      >
        {Array.from({ length: SKELETON_COUNT }, (_, index) => (
          // Keys no drop has: a drop's card never takes over (and moves) a placeholder's element, a layout shift.
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
          <li key={`placeholder-${index}`}>
            <DropCardSkeleton />
          </li>
        ))}
      </ul>
    );
  } else if (isError) {
    content = (
      <ErrorFallback
        title={`We couldn't load these drops.`}
        message={error.message}
        onRetry={() => void refetch()}
        retrying={isFetching}
        testId="drops-error"
      />
    );
  } else if (drops.length === 0) {
    content = (
      <div className={styles.empty} data-testid="drops-empty">
        <p className={styles.emptyTitle}>{emptyText}</p>
        <p>
          <Link to="/explore/drops" className={styles.viewAll}>
            Explore past drops
          </Link>
        </p>
      </div>
    );
  } else {
    content = (
      <ul className={styles.grid}>
        {drops.map((drop, index) => (
          <li key={drop.id}>
            <DropCard drop={drop} priority={index < eagerCards} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section
      className={`page-container ${styles.section}`}
      aria-labelledby={headingId}
      data-testid={`section-${status}`}
    >
      <div className={styles.header}>
        <div className={styles.titleRow}>
          {status === 'live' ? <span className={styles.liveDot} aria-hidden="true" /> : null}
          <h2 id={headingId} className={styles.title}>
            {title}
          </h2>
          {data && data.count > 0 ? (
            <span className={styles.count}>
              {data.count}
              <span className="visually-hidden"> drops</span>
            </span>
          ) : null}
        </div>
        <Link to={`/explore/drops?status=${status}`} className={styles.viewAll}>
          View all
        </Link>
      </div>
      {content}
    </section>
  );
}
