import { useQuery } from '@tanstack/react-query';
import { SUGGESTED_SEARCHES, suggestedSearchHref } from '@vitrine/domain';
import { FLAGS } from '../platform/feature-flags';
import { useFeatureFlag } from '../platform/useFeatureFlags';
import { searchText, universalSearchQuery } from './search-api';
import {
  SEARCH_RESULT_KIND,
  searchPageHref,
  searchResultDetail,
  searchResultHref,
  searchResultImage,
  searchResultName,
} from './search-links';
import { useRecentSearches } from './useRecentSearches';

export type SearchEntryGroup = 'recent' | 'suggested' | 'results' | 'all';

/** One choosable row of the search panel. */
export interface SearchEntry {
  id: string;
  group: SearchEntryGroup;
  href: string;
  label: string;
  detail?: string;
  kind?: string;
  image?: string | null;
  /** Publishers and artworks show square pictures. */
  square?: boolean;
}

export type SearchPanelStatus = 'suggestions' | 'loading' | 'results' | 'empty' | 'error';

/**
 * The rows of the search panel (001 §2 "suggestions, recent searches, autocomplete results mixing
 * collections, publishers, users and products, 'View All Results'"): with no text, recent searches and
 * suggestions; with text, the universal search for the debounced text, then View All Results.
 */
export function useSearchEntries(text: string, debouncedText: string) {
  const recent = useRecentSearches();
  const postProductionPages = useFeatureFlag(FLAGS.postProductionPagesEnabled);
  const query = searchText(debouncedText);
  const universal = useQuery(universalSearchQuery(debouncedText));
  const typing = searchText(text) !== query;

  if (searchText(text) === '') {
    const entries: SearchEntry[] = [
      ...recent.map((item) => ({
        id: `recent-${item}`,
        group: 'recent' as const,
        href: searchPageHref(item),
        label: item,
      })),
      ...SUGGESTED_SEARCHES.map((search) => ({
        id: `suggested-${search.label}`,
        group: 'suggested' as const,
        href: suggestedSearchHref(search),
        label: search.label,
      })),
    ];
    return { status: 'suggestions' as SearchPanelStatus, entries, query };
  }

  const all: SearchEntry = {
    id: 'view-all',
    group: 'all',
    href: searchPageHref(text),
    label: 'View All Results',
  };
  if (typing || universal.isPending) return { status: 'loading' as SearchPanelStatus, entries: [all], query };
  if (universal.isError) return { status: 'error' as SearchPanelStatus, entries: [all], query };
  const results: SearchEntry[] = universal.data.results.map((result) => ({
    id: `${result.type}-${result.item.id}`,
    group: 'results',
    href: searchResultHref(result, postProductionPages),
    label: searchResultName(result),
    detail: searchResultDetail(result),
    kind: SEARCH_RESULT_KIND[result.type],
    image: searchResultImage(result),
    square: result.type !== 'user',
  }));
  return {
    status: (results.length === 0 ? 'empty' : 'results') as SearchPanelStatus,
    entries: [...results, all],
    query,
  };
}
