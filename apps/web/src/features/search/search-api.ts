import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { SEARCH_PAGE_SIZE, type SearchIndexKind } from '@vitrine/domain';
import { api } from '../../app/api-client';
import { searchKeys } from './query-keys';
import type { IndexSearchAnswer, IndexSearchBody, ResultOf, UniversalSearchAnswer } from './search-types';

/** Search text is lowercased before sending (001 §5). */
export const searchText = (text: string) => text.trim().toLowerCase();

/** The autocomplete box: POST /search/api/v2/universal (001 §7, four queries merged and cut to 8). */
export function universalSearchQuery(text: string) {
  const query = searchText(text);
  return queryOptions({
    queryKey: searchKeys.universal(query),
    queryFn: ({ signal }) =>
      api.post<UniversalSearchAnswer>('/api/v2/universal', { query }, { host: 'search', signal }),
    enabled: query !== '',
    staleTime: 30_000,
  });
}

/** The body sent for a search: text lowercased, page size 20 unless given (001 §5, §9). */
function indexSearchRequest(body: IndexSearchBody): IndexSearchBody {
  return { ...body, query: searchText(body.query), page_size: body.page_size ?? SEARCH_PAGE_SIZE };
}

function postIndexSearch<I extends SearchIndexKind>(index: I, request: IndexSearchBody, signal: AbortSignal) {
  return api.post<IndexSearchAnswer<ResultOf<I>>>(`/api/v2/indexes/${index}/search`, request, {
    host: 'search',
    signal,
  });
}

/** One index: POST /search/api/v2/indexes/{index}/search (page size 20 by default, 001 §9). */
export function indexSearchQuery<I extends SearchIndexKind>(index: I, body: IndexSearchBody) {
  const request = indexSearchRequest(body);
  return queryOptions({
    queryKey: searchKeys.index(index, request),
    queryFn: ({ signal }) => postIndexSearch(index, request, signal),
  });
}

/** Every match of one index, a page at a time (a list that grows with 'Show more'). */
export function indexSearchPagesQuery<I extends SearchIndexKind>(
  index: I,
  body: Omit<IndexSearchBody, 'page'>,
) {
  const request = indexSearchRequest(body);
  return infiniteQueryOptions({
    queryKey: searchKeys.indexPages(index, request),
    queryFn: ({ pageParam, signal }) => postIndexSearch(index, { ...request, page: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.meta.page < last.meta.total_pages ? last.meta.page + 1 : undefined),
  });
}
