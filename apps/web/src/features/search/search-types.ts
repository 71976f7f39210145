// The search host's answers (inferred from the API's response schemas) (docs/decisions/004-catalog-api.md §4; 001 §3 "Search result").
import type { SearchIndexKind } from '@vitrine/domain';
import type { SearchAnswer, SearchResult } from '@vitrine/domain/catalog-responses';

export type {
  CollectionItem,
  ProductItem,
  ProfileItem,
  SearchResult,
  UniversalAnswer as UniversalSearchAnswer,
} from '@vitrine/domain/catalog-responses';

/** An index search answer; `R` narrows the results to one index's kind. */
export type IndexSearchAnswer<R extends SearchResult = SearchResult> = Omit<SearchAnswer, 'results'> & {
  results: R[];
};

export type IndexFilters = Record<string, string | boolean>;

export interface IndexSearchBody {
  query: string;
  page?: number;
  page_size?: number;
  tokenizer?: 'autocomplete' | 'standard';
  filters?: IndexFilters;
}

export type ResultOf<I extends SearchIndexKind> = Extract<
  SearchResult,
  {
    type: I extends 'users'
      ? 'user'
      : I extends 'publishers'
        ? 'publisher'
        : I extends 'collections'
          ? 'collection'
          : 'product';
  }
>;
