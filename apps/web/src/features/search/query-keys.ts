// Query keys of the search feature; `request` is the body as sent (text lowercased, page size set).
import type { SearchIndexKind } from '@vitrine/domain';
import type { IndexSearchBody } from './search-types';

export const searchKeys = {
  universal: (query: string) => ['universal-search', query] as const,
  index: (index: SearchIndexKind, request: IndexSearchBody) => ['index-search', index, request] as const,
  indexPages: (index: SearchIndexKind, request: IndexSearchBody) =>
    ['index-search-pages', index, request] as const,
};
