// Query keys of the catalog's answers, in one place (docs/ARCHITECTURE.md, Web). A family without
// arguments (`items()`) is the prefix that invalidates or patches every key of that family. Keys carry
// whether the viewer is signed in where the answer holds the viewer's likes and follows; addresses,
// slugs and ids are lowercased so one page has one key.
import type { ExploreView } from '@vitrine/domain';

export type ExploreQuery = Record<string, string>;

const lower = (value: string) => value.toLowerCase();

export const catalogKeys = {
  explore: (view: ExploreView) => ['explore', view] as const,
  explorePage: (view: ExploreView, query: ExploreQuery, signedIn: boolean) =>
    [...catalogKeys.explore(view), query, signedIn] as const,
  userNifties: () => ['user-nifties'] as const,
  userNiftiesPage: (profileUrl: string, query: ExploreQuery, signedIn: boolean) =>
    [...catalogKeys.userNifties(), lower(profileUrl), query, signedIn] as const,
  items: () => ['item'] as const,
  item: (contractAddress: string, tokenId: string, signedIn: boolean) =>
    [...catalogKeys.items(), lower(contractAddress), tokenId, signedIn] as const,
  collections: () => ['collection'] as const,
  collection: (key: string, signedIn: boolean) =>
    [...catalogKeys.collections(), lower(key), signedIn] as const,
  collectionNifties: () => ['collection-nifty'] as const,
  collectionNifty: (key: string, typeNumber: number, signedIn: boolean) =>
    [...catalogKeys.collectionNifties(), lower(key), typeNumber, signedIn] as const,
  collectionTokensAll: () => ['collection-tokens'] as const,
  collectionTokens: (key: string, query: ExploreQuery) =>
    [...catalogKeys.collectionTokensAll(), lower(key), query] as const,
  storefronts: () => ['storefront'] as const,
  storefront: (slug: string, signedIn: boolean) =>
    [...catalogKeys.storefronts(), lower(slug), signedIn] as const,
  userProfile: (id: string) => ['user-profile', lower(id)] as const,
  favoriteNifties: () => ['favorite-nifties'] as const,
  favoriteNiftiesPage: (id: string, page: number, signedIn: boolean) =>
    [...catalogKeys.favoriteNifties(), lower(id), page, signedIn] as const,
  favoriteCollections: () => ['favorite-collections'] as const,
  favoriteCollectionsPage: (id: string, page: number, signedIn: boolean) =>
    [...catalogKeys.favoriteCollections(), lower(id), page, signedIn] as const,
};
