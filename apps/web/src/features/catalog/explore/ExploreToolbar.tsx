import { type ExploreState, isOneOf, QUICK_FILTERS, type ResultLayout, SORT_OPTIONS } from '@vitrine/domain';
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

/** Above the grid: the Filters button (mobile), quick filters (NFTs, collections), the sort and (NFTs) grid/list. */
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
      {state.view === 'nfts' ? <LayoutToggle state={state} update={update} /> : null}
    </div>
  );
}

const LAYOUTS: readonly { layout: ResultLayout; label: string; icon: string }[] = [
  { layout: 'grid', label: 'Grid view', icon: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z' },
  { layout: 'list', label: 'List view', icon: 'M4 5h4v4H4zM10 6h10M4 15h4v4H4zM10 16h10' },
];

/** Grid or list (`view=list` in the URL); the page stays, only the layout changes. */
function LayoutToggle({ state, update }: Pick<ExploreToolbarProps, 'state' | 'update'>) {
  return (
    <fieldset className={styles.layouts} data-testid="layout-toggle">
      <legend className="visually-hidden">Layout</legend>
      {LAYOUTS.map(({ layout, label, icon }) => (
        <button
          key={layout}
          type="button"
          aria-pressed={state.layout === layout}
          aria-label={label}
          title={label}
          className={styles.layoutButton}
          onClick={() => update((latest) => ({ layout, currentPage: latest.currentPage }))}
          data-testid={`layout-${layout}`}
        >
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
            <path
              d={icon}
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </button>
      ))}
    </fieldset>
  );
}
