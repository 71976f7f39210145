// Request schemas of the catalog routes (docs/decisions/004-catalog-api.md §1–§3).
import {
  CATEGORIES,
  MAX_PRICE_CENTS,
  PRICE_FILTERS,
  QUICK_FILTERS,
  SEARCH_TEXT_MAX_LENGTH,
  SORT_OPTIONS,
  TABLE_SORTS,
  TIME_FILTERS,
} from '@vitrine/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { pageQuery } from '../../http/pagination';
import { typeNumber } from '../../http/schemas';

// ---- query parameters ----

/** A comma list (`tags=A,B`); the bracket form `tags[A]=true` is folded into it by `bracketLists`. */
const listParam = <T extends z.ZodType<string, string>>(item: T) =>
  z
    .string()
    .max(1100)
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== ''),
    )
    .pipe(z.array(item).max(20, 'At most 20 values'));

export const booleanParam = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const cents = z.coerce.number().int().min(0, 'Must be 0 or more').max(MAX_PRICE_CENTS);
const wholeNumber = z.coerce.number().int().min(0, 'Must be 0 or more').max(1_000_000_000);
export const textParam = z
  .string()
  .max(SEARCH_TEXT_MAX_LENGTH, `At most ${SEARCH_TEXT_MAX_LENGTH} characters`);
export const addressParam = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'Must be a 0x address');
export const tokenIdParam = z.string().regex(/^\d{1,78}$/, 'Must be a whole number');
function noControlCharacters(v: string): boolean {
  return !/\p{Cc}/u.test(v);
}

/** Slugs, profile URLs and other keys: no control characters (PostgreSQL refuses NUL in text). */
export const keyParam = z
  .string()
  .min(1)
  .max(100)
  .refine(noControlCharacters, 'Must not contain control characters');
const handle = keyParam;

const commonFilters = {
  q: textParam.optional(),
  sort: z.enum(SORT_OPTIONS).optional(),
  status: z.enum(TIME_FILTERS).optional(),
  categories: listParam(z.enum(CATEGORIES)).optional(),
  tags: listParam(
    z.string().max(50).refine(noControlCharacters, 'Must not contain control characters'),
  ).optional(),
  publisher: handle.optional(),
  creator: handle.optional(),
};

const marketFilters = {
  quickFilter: z.enum(QUICK_FILTERS).optional(),
  minPrice: cents.optional(),
  maxPrice: cents.optional(),
  priceFilter: z.enum(PRICE_FILTERS).optional(),
  editionSize: z.coerce.number().int().min(1, 'Must be 1 or more').max(1_000_000_000).optional(),
  trending: booleanParam.optional(),
};

export const exploreNftsQuery = pageQuery.extend({
  ...commonFilters,
  ...marketFilters,
  tokenId: tokenIdParam.optional(),
  hotDeals: booleanParam.optional(),
  minMass: wholeNumber.optional(),
  maxMass: wholeNumber.optional(),
  contractAddress: addressParam.optional(),
  owner: handle.optional(),
});
export type ExploreNftsQuery = z.infer<typeof exploreNftsQuery>;

export const userNiftiesQuery = exploreNftsQuery.omit({ owner: true });

export const exploreCollectionsQuery = pageQuery.extend({ ...commonFilters, ...marketFilters });
export type ExploreCollectionsQuery = z.infer<typeof exploreCollectionsQuery>;

export const exploreDropsQuery = pageQuery.extend(commonFilters);
export type ExploreDropsQuery = z.infer<typeof exploreDropsQuery>;

const isoDate = z
  .string()
  .max(40)
  .refine(
    (v) => /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(v) && !Number.isNaN(Date.parse(v)),
    {
      message: 'Must be a date (YYYY-MM-DD) or an ISO date-time',
    },
  );

export const collectionTokensQuery = z.object({
  page: pageQuery.shape.page,
  page_size: z.coerce.number().int().min(1).max(100).default(10),
  type: typeNumber.optional(),
  sort: z.enum(TABLE_SORTS).default('edition'),
  minEdition: wholeNumber.optional(),
  maxEdition: wholeNumber.optional(),
  minPrice: cents.optional(),
  maxPrice: cents.optional(),
  minLastSale: cents.optional(),
  maxLastSale: cents.optional(),
  lastSaleFrom: isoDate.optional(),
  lastSaleTo: isoDate.optional(),
  listed: booleanParam.optional(),
});
export type CollectionTokensQuery = z.infer<typeof collectionTokensQuery>;

export const nbnoQuery = pageQuery.extend({ search: textParam.optional() });

/**
 * preValidation hook: `tags[PFP]=true&tags[3D]=true` (the web URL form of 001 §2) becomes `tags=PFP,3D`;
 * repeated keys (`tags=a&tags=b`) are joined too.
 */
export function bracketLists(names: readonly string[]) {
  return async (request: FastifyRequest) => {
    const query = request.query as Record<string, unknown> | undefined;
    if (!query || typeof query !== 'object') return;
    for (const name of names) {
      const parts: string[] = [];
      const own = query[name];
      if (Array.isArray(own) && own.every((v) => typeof v === 'string')) parts.push(...own);
      else if (own !== undefined) continue; // a single string stays; anything else fails validation
      for (const key of Object.keys(query)) {
        if (!key.startsWith(`${name}[`) || !key.endsWith(']')) continue;
        const value = query[key];
        delete query[key];
        if (value === 'false' || value === '0') continue;
        const item = key.slice(name.length + 1, -1);
        if (item !== '') parts.push(item);
      }
      if (parts.length > 0) query[name] = parts.join(',');
    }
  };
}

// Responses: @vitrine/domain/catalog-responses (shared with the web app's types).
