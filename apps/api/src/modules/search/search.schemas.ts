// The search host's request (001 §3 "Search result", §7; docs/decisions/004-catalog-api.md §4).
import { SEARCH_INDEX_KINDS, SEARCH_PAGE_SIZE, SEARCH_TEXT_MAX_LENGTH } from '@vitrine/domain';
import { z } from 'zod';
import { keyParam } from '../catalog/catalog.schemas';

export const searchParams = z.object({ index: z.enum(SEARCH_INDEX_KINDS) });

const query = z.string().max(SEARCH_TEXT_MAX_LENGTH, `At most ${SEARCH_TEXT_MAX_LENGTH} characters`);

export const searchFilters = z
  .object({
    creator: z.boolean().optional(),
    verified: z.boolean().optional(),
    curated: z.boolean().optional(),
    category: z.string().max(50).optional(),
    publisher_slug: keyParam.optional(),
    status: z.enum(['live', 'upcoming', 'past']).optional(),
    contract_address: z
      .string()
      .regex(/^0x[0-9a-fA-F]{40}$/, 'Must be a 0x address')
      .optional(),
    collection_slug: keyParam.optional(),
  })
  .strict();

export const searchBody = z.object({
  query: query.default(''),
  page: z.number().int().min(1, 'Must be 1 or more').max(1_000_000_000).default(1),
  page_size: z.number().int().min(1, 'Must be 1 or more').max(100, 'At most 100').default(SEARCH_PAGE_SIZE),
  tokenizer: z.enum(['autocomplete', 'standard']).default('standard'),
  filters: searchFilters.default({}),
});
export type SearchBody = z.infer<typeof searchBody>;

export const universalBody = z.object({ query: query.default('') });

// Responses: @vitrine/domain/catalog-responses (shared with the web app's types).
