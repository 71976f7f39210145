import { countText, type ExploreState, filterChips } from '@vitrine/domain';

/** True when any filter is on (chips, categories, tags, status, quick filter). */
export function hasActiveFilters(state: ExploreState): boolean {
  return (
    filterChips(state).length > 0 ||
    state.categories.length > 0 ||
    state.tags.length > 0 ||
    state.status !== null ||
    (state.quickFilter !== null && state.quickFilter !== 'all') ||
    state.priceFilter !== null
  );
}

/** '{n} Results' (001 §2), '1 Result' for one (000 §5 plural rule). */
export function resultsText(count: number): string {
  return countText(count, 'Result');
}
