// Queries of the browsing API (docs/decisions/004-catalog-api.md); their keys come from `catalogKeys`.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ExploreView } from '@vitrine/domain';
import { api } from '../../app/api-client';
import type { PaginatedResponse } from '../../app/api-types';
import type {
  CollectionCard,
  CollectionDetail,
  CollectionNiftyDetail,
  ExploreDropWithCards,
  ExplorePage,
  FavoriteNifty,
  ItemDetail,
  NftCard,
  Storefront,
  TableNifty,
  UserProfile,
} from './catalog-types';
import { catalogKeys, type ExploreQuery } from './query-keys';

export interface ExploreResults {
  nfts: ExplorePage<NftCard>;
  collections: ExplorePage<CollectionCard>;
  drops: ExplorePage<ExploreDropWithCards>;
}

const segment = (value: string) => encodeURIComponent(value);

/** `GET /api/v1/explore/{view}/` with the query of `toExploreApiQuery`. */
export function exploreQuery<V extends ExploreView>(view: V, query: ExploreQuery, signedIn: boolean) {
  return queryOptions({
    queryKey: catalogKeys.explorePage(view, query, signedIn),
    queryFn: ({ signal }) => api.get<ExploreResults[V]>(`/v1/explore/${view}/`, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/v2/users/{id}/nifties/`: tokens the user owns, with the explore params of nfts. */
export function userNiftiesQuery(profileUrl: string, query: ExploreQuery, signedIn: boolean) {
  return queryOptions({
    queryKey: catalogKeys.userNiftiesPage(profileUrl, query, signedIn),
    queryFn: ({ signal }) =>
      api.get<ExplorePage<NftCard>>(`/v2/users/${segment(profileUrl)}/nifties/`, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function itemQuery(contractAddress: string, tokenId: string, signedIn: boolean) {
  return queryOptions({
    queryKey: catalogKeys.item(contractAddress, tokenId, signedIn),
    queryFn: ({ signal }) =>
      api.get<ItemDetail>(`/v1/marketplace/items/${segment(contractAddress)}/${segment(tokenId)}/`, {
        signal,
      }),
  });
}

export function collectionQuery(key: string, signedIn: boolean) {
  return queryOptions({
    queryKey: catalogKeys.collection(key, signedIn),
    queryFn: ({ signal }) =>
      api.get<CollectionDetail>(`/v1/marketplace/collections/${segment(key)}/`, { signal }),
  });
}

export function collectionNiftyQuery(key: string, typeNumber: number, signedIn: boolean) {
  return queryOptions({
    queryKey: catalogKeys.collectionNifty(key, typeNumber, signedIn),
    queryFn: ({ signal }) =>
      api.get<CollectionNiftyDetail>(`/v1/marketplace/collections/${segment(key)}/nifties/${typeNumber}/`, {
        signal,
      }),
  });
}

/** The collection listing table: `GET /api/v1/marketplace/collections/{key}/tokens/`. */
export function collectionTokensQuery(key: string, query: ExploreQuery) {
  return queryOptions({
    queryKey: catalogKeys.collectionTokens(key, query),
    queryFn: ({ signal }) =>
      api.get<PaginatedResponse<TableNifty>>(`/v1/marketplace/collections/${segment(key)}/tokens/`, {
        query,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function storefrontQuery(slug: string, signedIn: boolean) {
  return queryOptions({
    queryKey: catalogKeys.storefront(slug, signedIn),
    queryFn: ({ signal }) => api.get<Storefront>(`/v1/storefronts/${segment(slug)}/`, { signal }),
  });
}

export function userProfileQuery(id: string) {
  return queryOptions({
    queryKey: catalogKeys.userProfile(id),
    queryFn: ({ signal }) => api.get<UserProfile>(`/v2/users/${segment(id)}/`, { signal }),
  });
}

export function favoriteNiftiesQuery(id: string, page: number, signedIn: boolean) {
  return queryOptions({
    queryKey: catalogKeys.favoriteNiftiesPage(id, page, signedIn),
    queryFn: ({ signal }) =>
      api.get<PaginatedResponse<FavoriteNifty>>(
        `/v2/users/${segment(id)}/boards/favorites/nifties/marketplace/`,
        { query: { page, page_size: 20 }, signal },
      ),
    placeholderData: keepPreviousData,
  });
}

export function favoriteCollectionsQuery(id: string, page: number, signedIn: boolean) {
  return queryOptions({
    queryKey: catalogKeys.favoriteCollectionsPage(id, page, signedIn),
    queryFn: ({ signal }) =>
      api.get<PaginatedResponse<CollectionCard & { savedAt: string }>>(
        `/v2/users/${segment(id)}/boards/favorites/collections/marketplace/`,
        { query: { page, page_size: 12 }, signal },
      ),
    placeholderData: keepPreviousData,
  });
}
