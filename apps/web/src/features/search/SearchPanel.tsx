import { Avatar } from '../../ui/Avatar';
import { Link } from '../../ui/Link';
import { Skeleton } from '../../ui/Skeleton';
import { clearRecentSearches } from './recent-searches-store';
import styles from './SearchPanel.module.css';
import type { SearchEntry, SearchPanelStatus } from './useSearchEntries';

export interface SearchPanelProps {
  id: string;
  status: SearchPanelStatus;
  entries: readonly SearchEntry[];
  /** The text the results are for (shown in 'No results for "{query}"'). */
  query: string;
  activeId: string | null;
  optionId: (entry: SearchEntry) => string;
  onChoose: (entry: SearchEntry) => void;
}

/** The search box's dropdown: recent searches and suggestions, or the mixed autocomplete results. */
export function SearchPanel({ id, status, entries, query, activeId, optionId, onChoose }: SearchPanelProps) {
  const group = (name: SearchEntry['group']) => entries.filter((entry) => entry.group === name);
  const option = (entry: SearchEntry) => (
    <Link
      key={entry.id}
      id={optionId(entry)}
      to={entry.href}
      role="option"
      aria-selected={activeId === entry.id}
      tabIndex={-1}
      className={`${styles.option} ${entry.group === 'suggested' ? styles.pill : ''} ${entry.group === 'all' ? styles.all : ''}`}
      onMouseDown={(event) => event.preventDefault()}
      onClick={(event) => {
        event.preventDefault();
        onChoose(entry);
      }}
      data-testid={`search-option-${entry.group}`}
    >
      {entry.group === 'results' ? (
        <>
          <Avatar src={entry.image} name={entry.label} size={36} square={entry.square} />
          <span className={styles.text}>
            <span className={styles.label}>{entry.label}</span>
            {entry.detail ? <span className={styles.detail}>{entry.detail}</span> : null}
          </span>
          {entry.kind ? <span className={styles.kind}>{entry.kind}</span> : null}
        </>
      ) : entry.group === 'recent' ? (
        <>
          <svg
            className={styles.icon}
            width="16"
            height="16"
            viewBox="0 0 24 24"
            fill="none"
            aria-hidden="true"
          >
            <circle cx="12" cy="12" r="8.5" stroke="currentColor" strokeWidth="2" />
            <path d="M12 7.5V12l3 2" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <span className={styles.label}>{entry.label}</span>
        </>
      ) : (
        entry.label
      )}
    </Link>
  );

  const recent = group('recent');
  const suggested = group('suggested');
  const results = group('results');
  const all = group('all');

  return (
    <div className={styles.panel} data-testid="search-panel">
      <div id={id} role="listbox" aria-label="Search suggestions" className={styles.list}>
        {status === 'suggestions' ? (
          <>
            {recent.length > 0 ? (
              <div className={styles.section}>
                <div className={styles.sectionHead}>
                  <span className={styles.heading}>Recent searches</span>
                  <button
                    type="button"
                    className={styles.clear}
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={clearRecentSearches}
                  >
                    Clear
                  </button>
                </div>
                <div className={styles.list} data-testid="recent-searches">
                  {recent.map(option)}
                </div>
              </div>
            ) : null}
            <div className={styles.section}>
              <span className={styles.heading}>Suggested</span>
              <div className={styles.pills}>{suggested.map(option)}</div>
            </div>
          </>
        ) : null}
        {status === 'loading' ? (
          <div className={styles.loading} aria-live="polite" data-testid="search-loading">
            <span className="visually-hidden">Searching…</span>
            {[0, 1, 2].map((row) => (
              <span key={row} className={styles.skeletonRow}>
                <Skeleton variant="rect" width={36} height={36} />
                <Skeleton width={`${60 - row * 12}%`} />
              </span>
            ))}
          </div>
        ) : null}
        {status === 'empty' ? (
          <p className={styles.message} data-testid="search-no-results">
            No results for "{query}"
          </p>
        ) : null}
        {status === 'error' ? <p className={styles.message}>Search is not available right now.</p> : null}
        {results.map(option)}
        {all.map(option)}
      </div>
    </div>
  );
}
