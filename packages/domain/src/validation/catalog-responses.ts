// Answers of the browsing API: catalog, drops, search and social (docs/decisions/004-catalog-api.md).
// The API validates and documents its responses with these schemas; the web app reads their inferred
// types with `import type` only, so zod stays out of the web bundle. Imported as
// `@vitrine/domain/catalog-responses` (not from the package index, which the web imports at runtime).
import { z } from 'zod';
import { DISPLAY_CURRENCIES } from '../fx/currency';
import { socialLinkSchema } from './auth-responses';

// ---- lists (decision 001) ----

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    count: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
    total_pages: z.number().int(),
    results: z.array(item),
  });
export type Page<T> = Omit<z.output<ReturnType<typeof pageOf>>, 'results'> & { results: T[] };

// ---- shapes used by several routes (004 §1) ----

export const assetSchema = z.object({ src: z.string(), type: z.string(), alt: z.string() });
/** An amount in its currency's minor unit (cents, wei), as a string of digits. */
export const priceSchema = z.object({ amount: z.string(), currency: z.enum(DISPLAY_CURRENCIES) });
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
/** `username` is the profile_url: link /profile/{username}. */
export const userRefSchema = z.object({
  id: z.number().int(),
  displayName: z.string(),
  username: z.string(),
  profilePicUrl: z.string().nullable(),
});
const lastSaleSchema = z.object({ amount: z.number().int(), time: z.string() }).nullable();
const projectSchema = z.object({ name: z.string(), slug: z.string() });

export const listingSchema = z.object({
  id: z.number().int(),
  tokenId: z.string(),
  editionNumber: z.number().int(),
  /** The list price, before the seller's discount. */
  baseListingPrice: priceSchema,
  /** What a buyer pays (the list price less the discount), in USD cents. */
  priceInCents: z.number().int(),
  /** The seller's discount off the list price; null without one. */
  listingDiscount: priceSchema.nullable(),
  listingDeliveryFee: z.object({ amount: z.string() }).nullable(),
  externalListingId: z.string().nullable(),
  seller: userRefSchema.nullable(),
  createdAt: z.string(),
});

export const NFT_BADGES = ['highlyDesirable', 'fastSellOut'] as const;

/** One minted token (an edition). */
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
  badge: z.enum(NFT_BADGES).nullable(),
  isAcceptingOffers: z.boolean(),
  owner: userRefSchema.nullable(),
  externalOwner: z.string().nullable(),
  creators: z.array(creatorSchema),
  project: projectSchema,
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

const artistSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  userName: z.string(),
  iconUrl: z.string().nullable(),
});

/** A drop of explore's drops tab. */
export const exploreDropCardSchema = z.object({
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
  artists: z.array(artistSchema),
  collections: z.array(z.object({ slug: z.string(), name: z.string(), contractAddress: z.string() })),
  categories: z.array(z.string()),
  tags: z.array(z.string()),
});

export const facetOptionSchema = z.object({ name: z.string(), label: z.string(), count: z.number().int() });
export const facetsSchema = z.object({
  categories: z.array(facetOptionSchema),
  tags: z.array(facetOptionSchema),
});

// ---- explore (004 §2) ----

export const explorePageOf = <T extends z.ZodType>(item: T) => pageOf(item).extend({ facets: facetsSchema });
export type ExplorePage<T> = Page<T> & { facets: z.output<typeof facetsSchema> };

// ---- pages (004 §3) ----

export const collectionNiftySchema = z.object({
  typeNumber: z.number().int(),
  niftyType: z.string(),
  title: z.string(),
  asset: assetSchema,
  editionSize: z.number().int(),
  totalSold: z.number().int(),
  /** Editions held back from sale and editions burnt: the button label of 001 §4 reads them. */
  totalReserved: z.number().int(),
  totalBurnt: z.number().int(),
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
  nifties: z.array(collectionNiftySchema),
  subscription: subscriptionSchema,
});

export const collectionNiftyDetailSchema = z.object({
  collection: collectionDetailSchema,
  nifty: collectionNiftySchema.extend({
    description: z.string(),
    tags: z.array(z.string()),
    startTime: z.string().nullable(),
    endTime: z.string().nullable(),
    /**
     * Its primary sale's price in USD cents, as its drop card reads it (an auction's starting minimum bid; 0 is
     * FREE); null outside a drop's sale window.
     */
    priceInCents: z.number().int().nullable(),
    royaltyPercentage: z.number().int(),
    likes: likesSchema,
  }),
});

/** A row of the collection listing table (001 §3 "Table nifty"). */
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
  /** What a buyer pays for the listed token (its discount already taken off). */
  listingPrice: priceSchema.nullable(),
  /** The seller's discount off the list price (the list price is `listingPrice` plus it); null without one. */
  listingDiscount: priceSchema.nullable(),
  listingId: z.number().int().nullable(),
  lastSale: lastSaleSchema,
  owner: z.object({ displayName: z.string(), username: z.string() }).nullable(),
  externalOwner: z.string().nullable(),
  isAcceptingOffers: z.boolean(),
});

export const itemDetailSchema = z.object({
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

export const STOREFRONT_STAT_IDS = [
  'collections',
  'items',
  'owners',
  'volume',
  'floor',
  'followers',
] as const;

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
  stats: z.array(z.object({ id: z.enum(STOREFRONT_STAT_IDS), value: z.number().int() })),
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
  collection: projectSchema,
  creators: z.array(creatorSchema),
});

// ---- home page drops (001 §3 "Drop sale card"; decision 001) ----

/** Prices in integer USD cents. */
export const dropSaleCardSchema = z.object({
  id: z.number().int(),
  contractAddress: z.string(),
  niftyType: z.string(),
  typeNumber: z.number().int(),
  asset: assetSchema,
  nifty: z.object({
    isOnePurchasePerUser: z.boolean(),
    name: z.string(),
    niftyTotalBurnt: z.number().int(),
    niftyTotalNumOfEditions: z.number().int(),
    niftyTotalReserved: z.number().int(),
    niftyTotalSold: z.number().int(),
  }),
  saleType: z.string(),
  saleDetails: z.object({
    price: z.number().int(),
    highestBid: z.number().int().nullable(),
    userEntriesUnused: z.number().int().nullable(),
    userEntriesUsed: z.number().int().nullable(),
    totalEntries: z.number().int().nullable(),
  }),
  startDate: z.string(),
  endDate: z.string(),
  burnRequired: z.boolean(),
  isFreeRedemption: z.boolean(),
  requiresValidation: z.boolean(),
  tags: z.array(z.object({ name: z.string() })),
  chain: z.string(),
  artists: z.array(artistSchema),
  publisher: z.object({ name: z.string(), slug: z.string() }),
});

export const homeDropSchema = z.object({
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
  artists: z.array(artistSchema),
  cards: z.array(dropSaleCardSchema),
});

// ---- search host (004 §4; 001 §3 "Search result") ----

const searchCreatorSchema = z.object({
  id: z.number().int(),
  display_name: z.string(),
  slug: z.string(),
  profile_picture_url: z.string().nullable(),
});

/** A user or a publisher; `slug` is the profile_url for users, the publisher slug for publishers. */
export const profileItemSchema = z.object({
  id: z.number().int(),
  display_name: z.string(),
  profile_picture_url: z.string().nullable(),
  slug: z.string(),
  verified: z.boolean().optional(),
  curated: z.boolean().optional(),
});

export const collectionItemSchema = z.object({
  id: z.number().int(),
  collection_store_name: z.string(),
  collection_store_url: z.string(),
  collection_project_icon: z.string().nullable(),
  contract_address: z.string(),
  schedule_start_at: z.string().nullable(),
  schedule_end_at: z.string().nullable(),
  creators: z.array(searchCreatorSchema),
  post_production_page_slug: z.string().nullable(),
});

/** A nifty; `type` is its type number. */
export const productItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  display_image: z.string(),
  contract_address: z.string(),
  type: z.number().int(),
  creators: z.array(searchCreatorSchema),
  collection_store_name: z.string(),
  collection_store_url: z.string(),
});

export const searchResultSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('user'), score: z.number(), item: profileItemSchema }),
  z.object({ type: z.literal('publisher'), score: z.number(), item: profileItemSchema }),
  z.object({ type: z.literal('collection'), score: z.number(), item: collectionItemSchema }),
  z.object({ type: z.literal('product'), score: z.number(), item: productItemSchema }),
]);

export const searchAnswerSchema = z.object({
  meta: z.object({
    total_pages: z.number().int(),
    total_results: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  }),
  results: z.array(searchResultSchema),
});

export const universalAnswerSchema = z.object({
  meta: z.object({ total_results: z.number().int() }),
  results: z.array(searchResultSchema),
});

// ---- follows and favourites (004 §5) ----

export const publisherSubscriptionSchema = z.object({
  slug: z.string(),
  totalCount: z.number().int(),
  isSubscribed: z.boolean(),
});
export const contractSubscriptionSchema = z.object({
  contractAddress: z.string(),
  totalCount: z.number().int(),
  isSubscribed: z.boolean(),
});

export const saveAnswerSchema = z.object({ saved: z.boolean(), likes: likesSchema });

export const favoriteNiftySchema = z.object({
  savedAt: z.string(),
  kind: z.enum(['token', 'edition']),
  contractAddress: z.string(),
  typeNumber: z.number().int(),
  tokenId: z.string().nullable(),
  name: z.string(),
  asset: assetSchema,
  project: projectSchema,
  creators: z.array(creatorSchema),
  priceInCents: z.number().int().nullable(),
  floorPriceInCents: z.number().int().nullable(),
  likes: likesSchema,
});
export const favoriteCollectionSchema = collectionCardSchema.extend({ savedAt: z.string() });

// ---- types (what the web app reads) ----

export type Asset = z.output<typeof assetSchema>;
export type Price = z.output<typeof priceSchema>;
export type Creator = z.output<typeof creatorSchema>;
export type PublisherRef = z.output<typeof publisherRefSchema>;
export type Likes = z.output<typeof likesSchema>;
export type Subscription = z.output<typeof subscriptionSchema>;
export type UserRef = z.output<typeof userRefSchema>;
export type Listing = z.output<typeof listingSchema>;
export type NftBadge = (typeof NFT_BADGES)[number];
export type NftCard = z.output<typeof nftCardSchema>;
export type CollectionStatusName = z.output<typeof statusSchema>;
export type CollectionCard = z.output<typeof collectionCardSchema>;
export type ExploreDropCard = z.output<typeof exploreDropCardSchema>;
export type FacetOption = z.output<typeof facetOptionSchema>;
export type Facets = z.output<typeof facetsSchema>;
export type CollectionNifty = z.output<typeof collectionNiftySchema>;
export type CollectionDetail = z.output<typeof collectionDetailSchema>;
export type CollectionNiftyDetail = z.output<typeof collectionNiftyDetailSchema>;
export type TableNifty = z.output<typeof tableNiftySchema>;
export type ItemDetail = z.output<typeof itemDetailSchema>;
export type StorefrontStatId = (typeof STOREFRONT_STAT_IDS)[number];
export type SocialLink = z.output<typeof socialLinkSchema>;
export type Storefront = z.output<typeof storefrontSchema>;
export type PublicProfile = z.output<typeof publicProfileSchema>;
export type NbnoItem = z.output<typeof nbnoItemSchema>;
export type DropSaleCardAnswer = z.output<typeof dropSaleCardSchema>;
export type HomeDrop = z.output<typeof homeDropSchema>;
export type ProfileItem = z.output<typeof profileItemSchema>;
export type CollectionItem = z.output<typeof collectionItemSchema>;
export type ProductItem = z.output<typeof productItemSchema>;
export type SearchResult = z.output<typeof searchResultSchema>;
export type SearchAnswer = z.output<typeof searchAnswerSchema>;
export type UniversalAnswer = z.output<typeof universalAnswerSchema>;
export type PublisherSubscription = z.output<typeof publisherSubscriptionSchema>;
export type ContractSubscription = z.output<typeof contractSubscriptionSchema>;
export type SaveAnswer = z.output<typeof saveAnswerSchema>;
export type FavoriteNifty = z.output<typeof favoriteNiftySchema>;
export type FavoriteCollection = z.output<typeof favoriteCollectionSchema>;

// ---- eligibility (docs/decisions/015-drop-pages-and-eligibility.md) ----

const criteriaLinkSchema = z.object({
  key: z.string(),
  object_type: z.enum(['amno', 'nbno', 'nbco', 'artist', 'publisher']),
  contractAddress: z.string().optional(),
  tokenId: z.string().optional(),
  niftyContractAddress: z.string().optional(),
  niftyType: z.number().int().optional(),
  slug: z.string().optional(),
  profile_url: z.string().optional(),
  title: z.string(),
});

/** A viewer's eligibility for one nifty of a drop (001 §3 participation criteria display, §4 eligibility). */
export const niftyEligibilitySchema = z.object({
  contractAddress: z.string(),
  niftyType: z.number().int(),
  eligible: z.boolean().nullable(),
  status: z.enum(['Eligibility Required', 'Eligible', 'Not Eligible']),
  requiresValidation: z.boolean(),
  validated: z.boolean().nullable(),
  action: z.enum(['Place Bid', 'Enter Drawing', 'Mint', 'Buy', 'Redeem']),
  criteria: z
    .object({
      mode: z.enum(['all', 'any']),
      prompt: z.string(),
      expression: z.string(),
      message: z.string().nullable(),
      rules: z.array(
        z.object({
          id: z.number().int(),
          rule: z.string(),
          description: z.string(),
          title: z.string(),
          resourcetype: z.enum(['AllowlistRule', 'QuantityBasedRule']),
          links: z.array(criteriaLinkSchema),
          link: criteriaLinkSchema.nullable(),
          met: z.boolean().nullable(),
        }),
      ),
    })
    .nullable(),
  /** A one-per-collector NFT the viewer bought (or is buying): the quantity-limit panel's limit reached. */
  limitReached: z.boolean().nullable(),
});
export const dropEligibilitySchema = z.object({ results: z.array(niftyEligibilitySchema) });
export type NiftyEligibility = z.output<typeof niftyEligibilitySchema>;
export type DropEligibility = z.output<typeof dropEligibilitySchema>;

/** An explore drop with the sale cards of its works, so explore's drop cards read the labels of home's (decision 015). */
export const exploreDropWithCardsSchema = exploreDropCardSchema.extend({
  cards: z.array(dropSaleCardSchema),
});
export type ExploreDropWithCards = z.output<typeof exploreDropWithCardsSchema>;
