// Request and response schemas of the catalog routes (docs/decisions/004-catalog-api.md §1–§3).
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
import { pageOf, pageQuery } from '../../http/pagination';

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
  type: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
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

// ---- responses ----

export const assetSchema = z.object({ src: z.string(), type: z.string(), alt: z.string() });
export const priceSchema = z.object({ amount: z.string(), currency: z.string() });
export const creatorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  profileUrl: z.string(),
  storefrontSlug: z.string(),
  profilePicUrl: z.string().nullable(),
});
export const publisherRefSchema = z.object({
  name: z.string(),
  slug: z.string(),
  profilePicUrl: z.string().nullable(),
});
export const likesSchema = z.object({ likesAmount: z.number().int(), isLiked: z.boolean() });
export const subscriptionSchema = z.object({ totalCount: z.number().int(), isSubscribed: z.boolean() });
export const userRefSchema = z.object({
  id: z.number().int(),
  displayName: z.string(),
  username: z.string(),
  profilePicUrl: z.string().nullable(),
});
const lastSaleSchema = z.object({ amount: z.number().int(), time: z.string() }).nullable();

export const listingSchema = z.object({
  id: z.number().int(),
  tokenId: z.string(),
  editionNumber: z.number().int(),
  baseListingPrice: priceSchema,
  priceInCents: z.number().int(),
  listingDiscount: priceSchema.nullable(),
  listingDeliveryFee: z.object({ amount: z.string() }).nullable(),
  externalListingId: z.string().nullable(),
  seller: userRefSchema.nullable(),
  createdAt: z.string(),
});

export const nftCardSchema = z.object({
  id: z.number().int(),
  contractAddress: z.string(),
  tokenId: z.string(),
  typeNumber: z.number().int(),
  niftyType: z.string(),
  name: z.string(),
  title: z.string(),
  editionNumber: z.number().int(),
  asset: assetSchema,
  rarity: z.number().nullable(),
  saleType: z.string(),
  category: z.string(),
  tags: z.array(z.string()),
  editions: z.number().int(),
  mintedEditions: z.number().int(),
  priceInCents: z.number().int().nullable(),
  listing: listingSchema.nullable(),
  floorPriceInCents: z.number().int().nullable(),
  lastSale: lastSaleSchema,
  likes: likesSchema,
  badge: z.enum(['highlyDesirable', 'fastSellOut']).nullable(),
  isAcceptingOffers: z.boolean(),
  owner: userRefSchema.nullable(),
  externalOwner: z.string().nullable(),
  creators: z.array(creatorSchema),
  project: z.object({ name: z.string(), slug: z.string() }),
  publisher: publisherRefSchema,
  chain: z.string(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
});

export const statusSchema = z.enum(['live', 'upcoming', 'ended']);

export const collectionCardSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  contractAddress: z.string(),
  chain: z.string(),
  title: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  category: z.string(),
  tags: z.array(z.string()),
  publisher: publisherRefSchema,
  creators: z.array(creatorSchema),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  status: statusSchema,
  floorPriceInCents: z.number().int().nullable(),
  listedCount: z.number().int(),
  totalItems: z.number().int(),
  mintedEditions: z.number().int(),
  lastSaleAt: z.string().nullable(),
  lastListedAt: z.string().nullable(),
  likes: likesSchema,
});

export const dropCardSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  introText: z.string(),
  dropType: z.string(),
  status: statusSchema,
  startDate: z.string(),
  endDate: z.string(),
  coverAsset: assetSchema.nullable(),
  chain: z.string(),
  publisher: publisherRefSchema,
  artists: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      userName: z.string(),
      iconUrl: z.string().nullable(),
    }),
  ),
  collections: z.array(z.object({ slug: z.string(), name: z.string(), contractAddress: z.string() })),
  categories: z.array(z.string()),
  tags: z.array(z.string()),
});

export const facetOptionSchema = z.object({ name: z.string(), label: z.string(), count: z.number().int() });
export const facetsSchema = z.object({
  categories: z.array(facetOptionSchema),
  tags: z.array(facetOptionSchema),
});

export const explorePageOf = <T extends z.ZodType>(item: T) => pageOf(item).extend({ facets: facetsSchema });

const niftySummarySchema = z.object({
  typeNumber: z.number().int(),
  niftyType: z.string(),
  title: z.string(),
  asset: assetSchema,
  editionSize: z.number().int(),
  totalSold: z.number().int(),
  saleType: z.string(),
  floorPriceInCents: z.number().int().nullable(),
  listedCount: z.number().int(),
});

export const collectionDetailSchema = collectionCardSchema.extend({
  introVideo: z.string().nullable(),
  drop: z
    .object({
      slug: z.string(),
      title: z.string(),
      dropType: z.string(),
      /** Every visible collection of the drop, this one included, first collection first. */
      collections: z.array(z.object({ slug: z.string(), name: z.string(), contractAddress: z.string() })),
    })
    .nullable(),
  stats: z.object({
    floorPriceInCents: z.number().int().nullable(),
    listedCount: z.number().int(),
    totalItems: z.number().int(),
    mintedEditions: z.number().int(),
    owners: z.number().int(),
    volumeInCents: z.number().int(),
    lastSaleAt: z.string().nullable(),
  }),
  nifties: z.array(niftySummarySchema),
  subscription: subscriptionSchema,
});

export const collectionNiftySchema = z.object({
  collection: collectionDetailSchema,
  nifty: niftySummarySchema.extend({
    description: z.string(),
    tags: z.array(z.string()),
    startTime: z.string().nullable(),
    endTime: z.string().nullable(),
    royaltyPercentage: z.number().int(),
    likes: likesSchema,
  }),
});

export const tableNiftySchema = z.object({
  id: z.number().int(),
  contractAddress: z.string(),
  tokenId: z.string(),
  name: z.string(),
  editionNumber: z.number().int(),
  typeNumber: z.number().int(),
  asset: assetSchema,
  rarity: z.number().nullable(),
  price: z.number().int().nullable(),
  listingPrice: priceSchema.nullable(),
  listingId: z.number().int().nullable(),
  lastSale: lastSaleSchema,
  owner: z.object({ displayName: z.string(), username: z.string() }).nullable(),
  externalOwner: z.string().nullable(),
  isAcceptingOffers: z.boolean(),
});

export const itemSchema = z.object({
  token: nftCardSchema,
  description: z.string(),
  nifty: z.object({
    typeNumber: z.number().int(),
    niftyType: z.string(),
    title: z.string(),
    description: z.string(),
    editionSize: z.number().int(),
    totalSold: z.number().int(),
    saleType: z.string(),
    royaltyPercentage: z.number().int(),
    tags: z.array(z.string()),
  }),
  collection: z.object({
    slug: z.string(),
    name: z.string(),
    contractAddress: z.string(),
    chain: z.string(),
    imageUrl: z.string().nullable(),
    category: z.string(),
    publisher: publisherRefSchema,
    creators: z.array(creatorSchema),
  }),
  owner: userRefSchema.nullable(),
  externalOwner: z.string().nullable(),
  listing: listingSchema.nullable(),
  listings: z.array(listingSchema),
  offers: z.array(
    z.object({
      id: z.number().int(),
      amountInCents: z.number().int(),
      currency: z.string(),
      createdAt: z.string(),
      user: userRefSchema.nullable(),
    }),
  ),
  saleHistory: z.array(
    z.object({
      id: z.number().int(),
      market: z.string(),
      price: priceSchema,
      priceInCents: z.number().int(),
      soldAt: z.string(),
      seller: userRefSchema.nullable(),
      buyer: userRefSchema.nullable(),
    }),
  ),
  priceHistory: z.array(z.object({ time: z.string(), priceInCents: z.number().int() })),
  likes: likesSchema,
  subscription: subscriptionSchema,
});

const socialLinkSchema = z.object({ kind: z.string(), url: z.string() });

export const storefrontSchema = z.object({
  kind: z.enum(['publisher', 'creator']),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  profilePicUrl: z.string().nullable(),
  coverPhotoUrl: z.string().nullable(),
  socialLinks: z.array(socialLinkSchema),
  verified: z.boolean(),
  curated: z.boolean(),
  stats: z.array(z.object({ id: z.string(), value: z.number().int() })),
  subscription: subscriptionSchema.nullable(),
});

export const publicProfileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  bio: z.string(),
  profileUrl: z.string(),
  profile_url: z.string(),
  profilePicUrl: z.string().nullable(),
  profile_pic_url: z.string().nullable(),
  verified: z.boolean(),
  creator: z.boolean(),
  verificationType: z.enum(['verified']).nullable(),
  socialLinks: z.array(socialLinkSchema),
  createdAt: z.string(),
  totalCollections: z.number().int(),
  totalVolume: z.number().int(),
  stats: z.object({
    owned: z.number().int(),
    created: z.number().int(),
    favorites: z.number().int(),
    following: z.number().int(),
  }),
});

export const nbnoItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  contractAddress: z.string(),
  typeNumber: z.number().int(),
  niftyType: z.string(),
  image: z.string(),
  collection: z.object({ name: z.string(), slug: z.string() }),
  creators: z.array(creatorSchema),
});

export type NftCard = z.infer<typeof nftCardSchema>;
export type Listing = z.infer<typeof listingSchema>;
export type CollectionCard = z.infer<typeof collectionCardSchema>;
export type CollectionDetail = z.infer<typeof collectionDetailSchema>;
export type DropCard = z.infer<typeof dropCardSchema>;
export type Facets = z.infer<typeof facetsSchema>;
export type Creator = z.infer<typeof creatorSchema>;
export type UserRef = z.infer<typeof userRefSchema>;
export type TableNifty = z.infer<typeof tableNiftySchema>;
export type Item = z.infer<typeof itemSchema>;
export type Storefront = z.infer<typeof storefrontSchema>;
export type PublicProfile = z.infer<typeof publicProfileSchema>;
export type NbnoItem = z.infer<typeof nbnoItemSchema>;
