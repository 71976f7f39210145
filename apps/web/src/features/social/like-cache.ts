// After a like is saved, cached pages that show the token carry the server's count (001 §4).
import type { QueryClient } from '@tanstack/react-query';
import type { ExplorePage, ItemDetail, Likes, NftCard } from '../catalog/catalog-types';
import { catalogKeys } from '../catalog/query-keys';
import type { TokenRef } from './social-api';

const sameToken = (card: Pick<NftCard, 'contractAddress' | 'tokenId'>, token: TokenRef) =>
  card.contractAddress.toLowerCase() === token.contractAddress.toLowerCase() &&
  card.tokenId === token.tokenId;

function patchPage(page: ExplorePage<NftCard> | undefined, token: TokenRef, likes: Likes) {
  if (!page?.results.some((card) => sameToken(card, token))) return page;
  return {
    ...page,
    results: page.results.map((card) => (sameToken(card, token) ? { ...card, likes } : card)),
  };
}

/** Writes the token's likes into every cached NFT list and item answer that shows it. */
export function patchTokenLikes(queryClient: QueryClient, token: TokenRef, likes: Likes): void {
  for (const key of [catalogKeys.explore('nfts'), catalogKeys.userNifties()]) {
    queryClient.setQueriesData<ExplorePage<NftCard>>({ queryKey: key }, (page) =>
      patchPage(page, token, likes),
    );
  }
  queryClient.setQueriesData<ItemDetail>({ queryKey: catalogKeys.items() }, (item) =>
    item && sameToken(item.token, token) ? { ...item, likes, token: { ...item.token, likes } } : item,
  );
}
