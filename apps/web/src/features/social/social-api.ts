// Follows, favourites and likes (docs/decisions/004-catalog-api.md §5). Writes need a bearer token.
import { api } from '../../app/api-client';
import type { Likes } from '../catalog/catalog-types';

export interface PublisherSubscription {
  slug: string;
  totalCount: number;
  isSubscribed: boolean;
}

export interface ContractSubscription {
  contractAddress: string;
  totalCount: number;
  isSubscribed: boolean;
}

export interface SaveAnswer {
  saved: boolean;
  likes: Likes;
}

/** A liked token (a favourite-save of a token, 000 §3 "Saved nifty"). */
export interface TokenRef {
  contractAddress: string;
  tokenId: string;
}

const segment = (value: string) => encodeURIComponent(value);

export const socialApi = {
  likeToken: (token: TokenRef) => api.post<SaveAnswer>('/v2/users/me/boards/favorites/nifties/save/', token),
  unlikeToken: (token: TokenRef) =>
    api.post<SaveAnswer>('/v2/users/me/boards/favorites/nifties/remove/', token),
  saveCollection: (contractAddress: string) =>
    api.post<SaveAnswer>('/v2/users/me/boards/favorites/collections/save/', { contractAddress }),
  removeCollection: (contractAddress: string) =>
    api.post<SaveAnswer>('/v2/users/me/boards/favorites/collections/remove/', { contractAddress }),
  followPublisher: (slug: string) =>
    api.post<PublisherSubscription>(`/v2/subscriptions/publishers/${segment(slug)}/follow/`),
  unfollowPublisher: (slug: string) =>
    api.post<PublisherSubscription>(`/v2/subscriptions/publishers/${segment(slug)}/unfollow/`),
  followContract: (address: string) =>
    api.post<ContractSubscription>(`/v2/subscriptions/contracts/${segment(address)}/follow/`),
  unfollowContract: (address: string) =>
    api.post<ContractSubscription>(`/v2/subscriptions/contracts/${segment(address)}/unfollow/`),
  contractSubscriptions: (addresses: readonly string[], signal?: AbortSignal) =>
    api.get<{ results: ContractSubscription[] }>('/v2/subscriptions/contracts/', {
      query: { contractAddress: addresses.join(',') },
      ...(signal ? { signal } : {}),
    }),
};
