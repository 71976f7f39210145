// Follows, favourites and likes (docs/decisions/004-catalog-api.md §5). Writes need a bearer token.

import type {
  ContractSubscription,
  PublisherSubscription,
  SaveAnswer,
} from '@vitrine/domain/catalog-responses';
import { api } from '../../app/api-client';

export type { ContractSubscription, PublisherSubscription, SaveAnswer };

/** A liked token (a favourite-save of a token, 000 §3 "Saved nifty"). */
export interface TokenRef {
  contractAddress: string;
  tokenId: string;
}

/** What a heart saves (001 §3 "Saved nifty", 000 §7 favourites): a token (a like), an edition, a collection. */
export type SaveTarget =
  | ({ kind: 'token' } & TokenRef)
  | { kind: 'edition'; contractAddress: string; typeNumber: number }
  | { kind: 'collection'; contractAddress: string };

const segment = (value: string) => encodeURIComponent(value);

export const socialApi = {
  /** Saves or removes any favourite. */
  setSaved(target: SaveTarget, save: boolean) {
    const action = save ? 'save' : 'remove';
    if (target.kind === 'collection') {
      return api.post<SaveAnswer>(`/v2/users/me/boards/favorites/collections/${action}/`, {
        contractAddress: target.contractAddress,
      });
    }
    const body =
      target.kind === 'token'
        ? { contractAddress: target.contractAddress, tokenId: target.tokenId }
        : { niftyContractAddress: target.contractAddress, niftyType: target.typeNumber };
    return api.post<SaveAnswer>(`/v2/users/me/boards/favorites/nifties/${action}/`, body);
  },
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
