// Index search and universal search (001 §7 "Search and browse"; docs/decisions/004-catalog-api.md §4).

import {
  AppError,
  type SearchIndexKind,
  UNIVERSAL_SEARCH_PAGE_SIZES,
  UNIVERSAL_SEARCH_RESULT_LIMIT,
} from '@vitrine/domain';
import type { SearchAnswer, UniversalAnswer } from '@vitrine/domain/catalog-responses';
import type { Clock } from '../../lib/clock';
import type { SearchFilters, SearchRepo } from './search.repo';
import type { SearchBody } from './search.schemas';
import { type SearchText, searchText } from './search-match';

/** Which filter keys each index takes. */
const FILTERS_OF: Record<SearchIndexKind, readonly (keyof SearchFilters)[]> = {
  users: ['creator', 'verified'],
  publishers: ['verified', 'curated'],
  collections: ['category', 'publisher_slug', 'status'],
  products: ['contract_address', 'collection_slug', 'publisher_slug'],
};

export function createSearchService(deps: { repo: SearchRepo; clock: Clock }) {
  const { repo, clock } = deps;

  const service = {
    async search(index: SearchIndexKind, body: SearchBody): Promise<SearchAnswer> {
      const wrong = Object.keys(body.filters).filter(
        (k) => !(FILTERS_OF[index] as readonly string[]).includes(k),
      );
      if (wrong.length > 0) {
        throw new AppError({
          statusCode: 400,
          errorType: 'validation-error',
          message: 'Invalid request',
          fields: Object.fromEntries(
            wrong.map((k) => [`filters.${k}`, `Not a filter of the ${index} index`]),
          ),
        });
      }
      const text: SearchText | null = searchText(body.query);
      const offset = (body.page - 1) * body.page_size;
      const { total, results } = await repo.search(
        { index, text, prefix: body.tokenizer === 'autocomplete', filters: body.filters, now: clock.now() },
        body.page_size,
        offset,
      );
      return {
        meta: {
          total_pages: Math.ceil(total / body.page_size),
          total_results: total,
          page: body.page,
          page_size: body.page_size,
        },
        results,
      };
    },

    /** Four queries (8/8/4/4), merged by score, cut to 8 (001 §7). */
    async universal(query: string): Promise<UniversalAnswer> {
      const text = searchText(query);
      if (!text) return { meta: { total_results: 0 }, results: [] };
      const merged = (await repo.universal(text, clock.now(), UNIVERSAL_SEARCH_PAGE_SIZES)).slice(
        0,
        UNIVERSAL_SEARCH_RESULT_LIMIT,
      );
      return { meta: { total_results: merged.length }, results: merged };
    },
  };
  return service;
}

export type SearchService = ReturnType<typeof createSearchService>;
