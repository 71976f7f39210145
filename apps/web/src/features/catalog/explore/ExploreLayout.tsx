import { clearAllFilters, clearFromEmptyResults, type ExploreState, filterChips } from '@vitrine/domain';
import { type ReactNode, useState } from 'react';
import { useMediaQuery } from '../../../lib/useMediaQuery';
import { ErrorFallback } from '../../../ui/ErrorFallback';
import { Pagination } from '../../../ui/Pagination';
import type { Facets } from '../catalog-types';
import { EmptyResults } from '../shared/EmptyResults';
import { ActiveFilterChips } from './ActiveFilterChips';
import styles from './ExploreLayout.module.css';
import { ExploreToolbar } from './ExploreToolbar';
import { resultsText } from './explore-filters-active';
import { EMPTY_TEXT } from './explore-options';
import { FilterSheet } from './FilterSheet';
import { FilterSidebar } from './FilterSidebar';
import type { ExplorePatch, ExploreStateChange } from './useExploreState';

/** Where the filter sidebar shows beside the results (001 §9: a 320 px sidebar). */
const WIDE_LAYOUT = '(min-width: 960px)';

export interface ExploreListState {
  facets: Facets | undefined;
  count: number | null;
  totalPages: number;
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  isFetching: boolean;
  isEmpty: boolean;
  refetch: () => void;
}

export interface ExploreLayoutProps {
  state: ExploreState;
  setState: (change: ExploreStateChange) => void;
  update: (patch: ExplorePatch) => void;
  list: ExploreListState;
  /** The grid of results. */
  children: ReactNode;
  /** Placeholders while the first page loads. */
  skeleton: ReactNode;
}

/**
 * The explore browser: filter sidebar (320px; a sheet on mobile), toolbar, active-filter chips, the grid
 * with loading, empty and error states, and pagination (every filter change starts again at page one).
 */
export function ExploreLayout({ state, setState, update, list, children, skeleton }: ExploreLayoutProps) {
  const [sheetOpen, setSheetOpen] = useState(false);
  // The sidebar shows from 960 px (ExploreLayout.module.css); narrower, its filters are in the sheet and are
  // not rendered while hidden (a third of the page's elements on a phone, issue #13).
  const wide = useMediaQuery(WIDE_LAYOUT);
  const page = state.currentPage ?? 1;
  const activeCount =
    filterChips(state).length + state.categories.length + state.tags.length + (state.status ? 1 : 0);

  const goToPage = (next: number) => {
    setState((latest) => ({ ...latest, currentPage: next > 1 ? next : null }));
    document.getElementById('explore-results')?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };

  let body: ReactNode;
  if (list.isPending) {
    body = skeleton;
  } else if (list.isError) {
    body = (
      <ErrorFallback
        title="We couldn't load these results."
        message={list.error?.message}
        onRetry={list.refetch}
        retrying={list.isFetching}
        testId="explore-error"
      />
    );
  } else if (list.isEmpty) {
    body = <EmptyResults text={EMPTY_TEXT[state.view]} onClear={() => setState(clearFromEmptyResults)} />;
  } else {
    body = children;
  }

  return (
    <div className={styles.layout}>
      <aside className={styles.sidebar} aria-labelledby="explore-filters-heading">
        {/* The page's headings go h1 (the explore title), h2 (filters, results), h3 (a filter, a card). */}
        <h2 id="explore-filters-heading" className="visually-hidden">
          Filters
        </h2>
        <p className={styles.sidebarCount} data-testid="sidebar-results">
          {list.count === null ? '\u00a0' : resultsText(list.count)}
        </p>
        {wide ? <FilterSidebar state={state} update={update} facets={list.facets} /> : null}
      </aside>
      <section
        className={styles.results}
        id="explore-results"
        aria-labelledby="explore-results-heading"
        aria-busy={list.isFetching || undefined}
      >
        <h2 id="explore-results-heading" className="visually-hidden">
          Results
        </h2>
        <ExploreToolbar
          state={state}
          update={update}
          onOpenFilters={() => setSheetOpen(true)}
          activeFilterCount={activeCount}
        />
        <ActiveFilterChips state={state} count={list.count} onChange={setState} />
        <div className={list.isFetching && !list.isPending ? styles.refreshing : undefined}>{body}</div>
        {list.isPending || list.isError ? null : (
          <Pagination page={page} totalPages={list.totalPages} onChange={goToPage} label="Result pages" />
        )}
      </section>
      <FilterSheet
        open={sheetOpen}
        onClose={() => setSheetOpen(false)}
        onClearAll={() => setState(clearAllFilters)}
        title={list.count === null ? '' : resultsText(list.count)}
      >
        <FilterSidebar state={state} update={update} facets={list.facets} sheet />
      </FilterSheet>
    </div>
  );
}
