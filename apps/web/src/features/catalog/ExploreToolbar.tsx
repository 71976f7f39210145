import { type ExploreState, isOneOf, QUICK_FILTERS, SORT_OPTIONS } from '@vitrine/domain';
import { useId } from 'react';
import styles from './ExploreToolbar.module.css';
import { QUICK_FILTER_LABELS, sortChoices } from './explore-options';
import type { ExplorePatch } from './useExploreState';

export interface ExploreToolbarProps {
  state: ExploreState;
  update: (patch: ExplorePatch) => void;
  onOpenFilters: () => void;
  activeFilterCount: number;
}

/** Above the grid: the Filters button (mobile), quick filters (NFTs, collections) and the sort. */
export function ExploreToolbar({ state, update, onOpenFilters, activeFilterCount }: ExploreToolbarProps) {
  const sortId = useId();
  const quick = state.quickFilter ?? 'all';
  return (
    <div className={styles.toolbar}>
      <button type="button" className={styles.filters} onClick={onOpenFilters} data-testid="open-filters">
        <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M4 6h16M7 12h10M10 18h4" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
        Filters
        {activeFilterCount > 0 ? <span className={styles.badge}>{activeFilterCount}</span> : null}
      </button>
      {state.view === 'drops' ? (
        <span className={styles.spacer} />
      ) : (
        <fieldset className={styles.quick}>
          <legend className="visually-hidden">Quick filters</legend>
          {QUICK_FILTERS.map((filter) => (
            <button
              key={filter}
              type="button"
              aria-pressed={quick === filter}
              className={styles.quickButton}
              onClick={() => update({ quickFilter: filter === 'all' ? null : filter })}
              data-testid={`quick-${filter}`}
            >
              {QUICK_FILTER_LABELS[filter]}
            </button>
          ))}
        </fieldset>
      )}
      <label className={styles.sort} htmlFor={sortId}>
        <span className="visually-hidden">Sort by</span>
        <select
          id={sortId}
          className={styles.select}
          value={state.sort ?? ''}
          onChange={(event) => {
            const value = event.target.value;
            update({ sort: isOneOf(SORT_OPTIONS, value) ? value : null });
          }}
          data-testid="sort-select"
        >
          {sortChoices(state.view).map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
