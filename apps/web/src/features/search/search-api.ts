import { queryOptions } from '@tanstack/react-query';
import { SEARCH_PAGE_SIZE, type SearchIndexKind } from '@vitrine/domain';
import { api } from '../../app/api-client';
import type { IndexSearchAnswer, IndexSearchBody, ResultOf, UniversalSearchAnswer } from './search-types';

/** Search text is lowercased before sending (001 §5). */
export const searchText = (text: string) => text.trim().toLowerCase();

/** The autocomplete box: POST /search/api/v2/universal (001 §7, four queries merged and cut to 8). */
export function universalSearchQuery(text: string) {
  const query = searchText(text);
  return queryOptions({
    queryKey: ['universal-search', query] as const,
    queryFn: ({ signal }) =>
      api.post<UniversalSearchAnswer>('/api/v2/universal', { query }, { host: 'search', signal }),
    enabled: query !== '',
    staleTime: 30_000,
  });
}

/** One index: POST /search/api/v2/indexes/{index}/search (page size 20 by default, 001 §9). */
export function indexSearchQuery<I extends SearchIndexKind>(index: I, body: IndexSearchBody) {
  const request: IndexSearchBody = {
    ...body,
    query: searchText(body.query),
    page_size: body.page_size ?? SEARCH_PAGE_SIZE,
  };
  return queryOptions({
    queryKey: ['index-search', index, request] as const,
    queryFn: ({ signal }) =>
      api.post<IndexSearchAnswer<ResultOf<I>>>(`/api/v2/indexes/${index}/search`, request, {
        host: 'search',
        signal,
      }),
  });
}
