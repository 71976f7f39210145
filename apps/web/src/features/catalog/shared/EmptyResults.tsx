import styles from './EmptyResults.module.css';

export interface EmptyResultsProps {
  text: string;
  /** Shows the 'Clear filters.' link. */
  onClear?: () => void;
}

/** The empty state of a list: 'No NFTs match the current filters.' with a 'Clear filters.' link (001 §2). */
export function EmptyResults({ text, onClear }: EmptyResultsProps) {
  return (
    <div className={styles.empty} data-testid="empty-results">
      <span className={styles.icon} aria-hidden="true">
        <svg width="22" height="22" viewBox="0 0 24 24" fill="none">
          <circle cx="11" cy="11" r="7" stroke="currentColor" strokeWidth="2" />
          <path d="M20 20l-3.5-3.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </span>
      <p className={styles.text}>{text}</p>
      {onClear ? (
        <button type="button" className={styles.clear} onClick={onClear} data-testid="clear-filters-link">
          Clear filters.
        </button>
      ) : null}
    </div>
  );
}
