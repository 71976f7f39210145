// Answers of the browsing API (docs/decisions/004-catalog-api.md §1–§3). Money: USD cents in every
// `…InCents` field; `Price.amount` is a string of integer minor units (cents or wei).
import type { PaginatedResponse } from '../../app/api-types';

export interface Asset {
  src: string;
  type: string;
  alt: string;
}

export interface Price {
  amount: string;
  currency: 'USD' | 'ETH';
}

export interface Creator {
  id: number;
  name: string;
  profileUrl: string;
  storefrontSlug: string;
  profilePicUrl: string | null;
}

export interface PublisherRef {
  name: string;
  slug: string;
  profilePicUrl: string | null;
}

export interface Likes {
  likesAmount: number;
  isLiked: boolean;
}

export interface Subscription {
  totalCount: number;
  isSubscribed: boolean;
}

export interface UserRef {
  id: number;
  displayName: string;
  /** The profile_url: link /profile/{username}. */
  username: string;
  profilePicUrl: string | null;
}

export interface Listing {
  id: number;
  tokenId: string;
  editionNumber: number;
  baseListingPrice: Price;
  priceInCents: number;
  listingDiscount: Price | null;
  listingDeliveryFee: { amount: string } | null;
  externalListingId: string | null;
  seller: UserRef | null;
  createdAt: string;
}

export type NftBadge = 'highlyDesirable' | 'fastSellOut';

/** One minted token (an edition). */
export interface NftCard {
  id: number;
  contractAddress: string;
  tokenId: string;
  typeNumber: number;
  niftyType: 'edition' | 'oe' | 'pack';
  name: string;
  title: string;
  editionNumber: number;
  asset: Asset;
  rarity: number | null;
  saleType: string;
  category: string;
  tags: string[];
  editions: number;
  mintedEditions: number;
  priceInCents: number | null;
  listing: Listing | null;
  floorPriceInCents: number | null;
  lastSale: { amount: number; time: string } | null;
  likes: Likes;
  badge: NftBadge | null;
  isAcceptingOffers: boolean;
  owner: UserRef | null;
  externalOwner: string | null;
  creators: Creator[];
  project: { name: string; slug: string };
  publisher: PublisherRef;
  chain: string;
  startTime: string | null;
  endTime: string | null;
}

export type CollectionStatusName = 'live' | 'upcoming' | 'ended';

export interface CollectionCard {
  id: number;
  slug: string;
  contractAddress: string;
  chain: string;
  title: string;
  description: string;
  imageUrl: string | null;
  category: string;
  tags: string[];
  publisher: PublisherRef;
  creators: Creator[];
  startDate: string | null;
  endDate: string | null;
  status: CollectionStatusName;
  floorPriceInCents: number | null;
  listedCount: number;
  totalItems: number;
  mintedEditions: number;
  lastSaleAt: string | null;
  lastListedAt: string | null;
  likes: Likes;
}

export interface ExploreDropCard {
  id: number;
  slug: string;
  title: string;
  introText: string;
  dropType: string;
  status: CollectionStatusName;
  startDate: string;
  endDate: string;
  coverAsset: Asset | null;
  chain: string;
  publisher: PublisherRef;
  artists: { id: number; name: string; userName: string; iconUrl: string | null }[];
  collections: { slug: string; name: string; contractAddress: string }[];
  categories: string[];
  tags: string[];
}

export interface FacetOption {
  name: string;
  label: string;
  count: number;
}

export interface Facets {
  categories: FacetOption[];
  tags: FacetOption[];
}

export type ExplorePage<T> = PaginatedResponse<T> & { facets: Facets };

export interface ItemDetail {
  token: NftCard;
  description: string;
  nifty: {
    typeNumber: number;
    niftyType: string;
    title: string;
    description: string;
    editionSize: number;
    totalSold: number;
    saleType: string;
    royaltyPercentage: number;
    tags: string[];
  };
  collection: {
    slug: string;
    name: string;
    contractAddress: string;
    chain: string;
    imageUrl: string | null;
    category: string;
    publisher: PublisherRef;
    creators: Creator[];
  };
  owner: UserRef | null;
  externalOwner: string | null;
  listing: Listing | null;
  listings: Listing[];
  offers: { id: number; amountInCents: number; currency: string; createdAt: string; user: UserRef | null }[];
  saleHistory: {
    id: number;
    market: 'primary' | 'secondary';
    price: Price;
    priceInCents: number;
    soldAt: string;
    seller: UserRef | null;
    buyer: UserRef | null;
  }[];
  priceHistory: { time: string; priceInCents: number }[];
  likes: Likes;
  subscription: Subscription;
}

export interface CollectionNifty {
  typeNumber: number;
  niftyType: string;
  title: string;
  asset: Asset;
  editionSize: number;
  totalSold: number;
  saleType: string;
  floorPriceInCents: number | null;
  listedCount: number;
}

export interface CollectionDetail extends CollectionCard {
  introVideo: string | null;
  drop: {
    slug: string;
    title: string;
    dropType: string;
    /** Every collection of the drop, this one included. */
    collections: { slug: string; name: string; contractAddress: string }[];
  } | null;
  stats: {
    floorPriceInCents: number | null;
    listedCount: number;
    totalItems: number;
    mintedEditions: number;
    owners: number;
    volumeInCents: number;
    lastSaleAt: string | null;
  };
  nifties: CollectionNifty[];
  subscription: Subscription;
}

export interface CollectionNiftyDetail {
  collection: CollectionDetail;
  nifty: CollectionNifty & {
    description: string;
    tags: string[];
    startTime: string | null;
    endTime: string | null;
    royaltyPercentage: number;
    likes: Likes;
  };
}

/** A row of the collection listing table (001 §3 "Table nifty"). */
export interface TableNifty {
  id: number;
  contractAddress: string;
  tokenId: string;
  name: string;
  editionNumber: number;
  typeNumber: number;
  asset: Asset;
  rarity: number | null;
  price: number | null;
  listingPrice: Price | null;
  listingId: number | null;
  lastSale: { amount: number; time: string } | null;
  owner: { displayName: string; username: string } | null;
  externalOwner: string | null;
  isAcceptingOffers: boolean;
}

export type StorefrontStatId = 'collections' | 'items' | 'owners' | 'volume' | 'floor' | 'followers';

export interface SocialLink {
  kind: string;
  url: string;
}

export interface Storefront {
  kind: 'publisher' | 'creator';
  slug: string;
  name: string;
  description: string;
  profilePicUrl: string | null;
  coverPhotoUrl: string | null;
  socialLinks: SocialLink[];
  verified: boolean;
  curated: boolean;
  stats: { id: StorefrontStatId; value: number }[];
  subscription: Subscription | null;
}

export interface UserProfile {
  id: number;
  name: string;
  bio: string;
  profileUrl: string;
  profilePicUrl: string | null;
  verified: boolean;
  creator: boolean;
  verificationType: 'verified' | null;
  socialLinks: SocialLink[];
  createdAt: string;
  totalCollections: number;
  totalVolume: number;
  stats: { owned: number; created: number; favorites: number; following: number };
}

export interface FavoriteNifty {
  savedAt: string;
  kind: 'token' | 'edition';
  contractAddress: string;
  typeNumber: number;
  tokenId: string | null;
  name: string;
  asset: Asset;
  project: { name: string; slug: string };
  creators: Creator[];
  priceInCents: number | null;
  floorPriceInCents: number | null;
  likes: Likes;
}
