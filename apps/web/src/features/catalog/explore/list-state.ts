import type { UseQueryResult } from '@tanstack/react-query';
import type { ExplorePage } from '../catalog-types';
import type { ExploreListState } from './ExploreLayout';

/** The layout's view of an explore query. */
export function listState<T>(query: UseQueryResult<ExplorePage<T>>): ExploreListState {
  const { data } = query;
  return {
    facets: data?.facets,
    count: data ? data.count : null,
    totalPages: data?.total_pages ?? 0,
    isPending: query.isPending,
    isError: query.isError,
    error: query.error,
    isFetching: query.isFetching,
    isEmpty: data !== undefined && data.results.length === 0,
    refetch: () => void query.refetch(),
  };
}
