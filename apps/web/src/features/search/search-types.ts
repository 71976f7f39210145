// The search host's answers (docs/decisions/004-catalog-api.md §4; 001 §3 "Search result").
import type { SearchIndexKind } from '@vitrine/domain';

export interface SearchCreator {
  id: number;
  display_name: string;
  slug: string;
  profile_picture_url: string | null;
}

export interface ProfileItem {
  id: number;
  display_name: string;
  profile_picture_url: string | null;
  /** profile_url for users, the publisher slug for publishers. */
  slug: string;
  verified?: boolean;
  curated?: boolean;
}

export interface CollectionItem {
  id: number;
  collection_store_name: string;
  collection_store_url: string;
  collection_project_icon: string | null;
  contract_address: string;
  schedule_start_at: string | null;
  schedule_end_at: string | null;
  creators: SearchCreator[];
  post_production_page_slug: string | null;
}

export interface ProductItem {
  id: number;
  title: string;
  display_image: string;
  contract_address: string;
  /** The nifty's type number. */
  type: number;
  creators: SearchCreator[];
  collection_store_name: string;
  collection_store_url: string;
}

export type SearchResult =
  | { type: 'user'; score: number; item: ProfileItem }
  | { type: 'publisher'; score: number; item: ProfileItem }
  | { type: 'collection'; score: number; item: CollectionItem }
  | { type: 'product'; score: number; item: ProductItem };

export interface IndexSearchAnswer<R extends SearchResult = SearchResult> {
  meta: { total_pages: number; total_results: number; page: number; page_size: number };
  results: R[];
}

export interface UniversalSearchAnswer {
  meta: { total_results: number };
  results: SearchResult[];
}

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
