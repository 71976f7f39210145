import {
  type ExploreState,
  type ExploreView,
  parseExploreParams,
  serializeExploreParams,
} from '@vitrine/domain';
import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** Explore tabs: the three explore lists plus publishers (from the search host). */
export type ExploreTab = ExploreView | 'publishers';
export const EXPLORE_TABS: readonly { tab: ExploreTab; label: string }[] = [
  { tab: 'nfts', label: 'NFTs' },
  { tab: 'collections', label: 'Collections' },
  { tab: 'drops', label: 'Drops' },
  { tab: 'publishers', label: 'Publishers' },
];

export function isExploreTab(value: string | undefined): value is ExploreTab {
  return EXPLORE_TABS.some((entry) => entry.tab === value);
}

/** The explore URL of a state: /explore/{view}?… (prices in dollars, `categories[art]=true`). */
export function exploreHref(state: ExploreState, tab: ExploreTab = state.view): string {
  const query = serializeExploreParams(state);
  return `/explore/${tab}${query ? `?${query}` : ''}`;
}

/** The list an explore tab shows: the publishers tab searches NFTs' publishers (its own list, not an explore view). */
export function exploreViewOf(tab: ExploreTab): ExploreView {
  return tab === 'publishers' ? 'nfts' : tab;
}

/** The explore state of a URL's query (`?…`) on a tab's view. */
export function exploreStateOf(search: string, view: ExploreView): ExploreState {
  return { ...parseExploreParams(search, view), view };
}

/** A new state, or how to make it from the latest one. */
export type ExploreStateChange = ExploreState | ((latest: ExploreState) => ExploreState);
/** A filter change, or how to make it from the latest state. */
export type ExplorePatch = Partial<ExploreState> | ((latest: ExploreState) => Partial<ExploreState>);

/**
 * The explore filter state lives in the URL (001 §2): reads it, and writes a new state as a navigation
 * without scrolling to the top. Changes build on the address bar's latest state rather than the last
 * render's, so quick successive clicks (a render may still be on its way) never undo each other.
 */
export function useExploreState(tab: ExploreTab) {
  const { search } = useLocation();
  const navigate = useNavigate();
  const view = exploreViewOf(tab);
  const state = useMemo(() => exploreStateOf(search, view), [search, view]);

  const latest = useCallback((): ExploreState => exploreStateOf(window.location.search, view), [view]);

  const setState = useCallback(
    (change: ExploreStateChange, options: { replace?: boolean } = {}) => {
      const next = typeof change === 'function' ? change(latest()) : change;
      navigate(exploreHref(next, tab), { preventScrollReset: true, replace: options.replace ?? false });
    },
    [navigate, tab, latest],
  );

  /** Applies a filter change; the page goes back to the first (null) unless the patch sets it. */
  const update = useCallback(
    (patch: ExplorePatch) =>
      setState((current) => ({
        ...current,
        currentPage: null,
        ...(typeof patch === 'function' ? patch(current) : patch),
      })),
    [setState],
  );

  return { state, setState, update };
}
