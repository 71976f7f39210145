import styles from './Pagination.module.css';
import { pageItems } from './page-items';

export interface PaginationProps {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  /** Names the list for screen readers, e.g. 'NFT pages'. */
  label?: string;
  className?: string;
}

/** Previous / numbered pages / Next. Hidden when there is a single page. */
export function Pagination({ page, totalPages, onChange, label = 'Pages', className }: PaginationProps) {
  if (totalPages <= 1) return null;
  return (
    <nav
      className={[styles.pagination, className].filter(Boolean).join(' ')}
      aria-label={label}
      data-testid="pagination"
    >
      <button
        type="button"
        className={styles.step}
        onClick={() => onChange(page - 1)}
        disabled={page <= 1}
        data-testid="pagination-previous"
      >
        <span aria-hidden="true">←</span> Previous
      </button>
      <ol className={styles.pages}>
        {pageItems(page, totalPages).map((item, index) =>
          item === 'gap' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity.
            <li key={`gap-${index}`} className={styles.gap} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                className={styles.page}
                aria-current={item === page ? 'page' : undefined}
                aria-label={`Page ${item}`}
                onClick={() => onChange(item)}
              >
                {item}
              </button>
            </li>
          ),
        )}
      </ol>
      {/* On a phone only the current page's number shows: how many there are beside it (QA 2026-12-07: '1' alone
          said nothing of a second page). */}
      <span className={styles.ofTotal} data-testid="pagination-of-total">
        of {totalPages}
      </span>
      <button
        type="button"
        className={styles.step}
        onClick={() => onChange(page + 1)}
        disabled={page >= totalPages}
        data-testid="pagination-next"
      >
        Next <span aria-hidden="true">→</span>
      </button>
    </nav>
  );
}
