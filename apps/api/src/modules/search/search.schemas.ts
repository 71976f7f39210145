// The search host's request and answer (001 §3 "Search result", §7; docs/decisions/004-catalog-api.md §4).
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

const creator = z.object({
  id: z.number().int(),
  display_name: z.string(),
  slug: z.string(),
  profile_picture_url: z.string().nullable(),
});

const indexItem = z.object({
  id: z.number().int(),
  display_name: z.string(),
  profile_picture_url: z.string().nullable(),
  slug: z.string(),
  verified: z.boolean().optional(),
  curated: z.boolean().optional(),
});

const collectionItem = z.object({
  id: z.number().int(),
  collection_store_name: z.string(),
  collection_store_url: z.string(),
  collection_project_icon: z.string().nullable(),
  contract_address: z.string(),
  schedule_start_at: z.string().nullable(),
  schedule_end_at: z.string().nullable(),
  creators: z.array(creator),
  post_production_page_slug: z.string().nullable(),
});

const productItem = z.object({
  id: z.number().int(),
  title: z.string(),
  display_image: z.string(),
  contract_address: z.string(),
  type: z.number().int(),
  creators: z.array(creator),
  collection_store_name: z.string(),
  collection_store_url: z.string(),
});

export const searchResult = z.discriminatedUnion('type', [
  z.object({ type: z.literal('user'), score: z.number(), item: indexItem }),
  z.object({ type: z.literal('publisher'), score: z.number(), item: indexItem }),
  z.object({ type: z.literal('collection'), score: z.number(), item: collectionItem }),
  z.object({ type: z.literal('product'), score: z.number(), item: productItem }),
]);
export type SearchResult = z.infer<typeof searchResult>;

export const searchAnswer = z.object({
  meta: z.object({
    total_pages: z.number().int(),
    total_results: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  }),
  results: z.array(searchResult),
});
export type SearchAnswer = z.infer<typeof searchAnswer>;

export const universalAnswer = z.object({
  meta: z.object({ total_results: z.number().int() }),
  results: z.array(searchResult),
});
export type UniversalAnswer = z.infer<typeof universalAnswer>;
