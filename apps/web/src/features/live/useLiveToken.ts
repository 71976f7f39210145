// An open item page kept true (QA 2026-12-07): when its token is listed, repriced, cancelled, sold or moved
// elsewhere, the 'token' event of its nifty's topic has the page read the item and its offers again, so a sold
// NFT stops offering Buy Now without a reload.
import { useQueryClient } from '@tanstack/react-query';
import { topics } from '@vitrine/domain';
import { catalogKeys } from '../catalog/query-keys';
import { offerKeys } from '../offers/offers-api';
import { useLiveTopic } from './useLiveTopic';

export function useLiveToken(contractAddress: string, niftyType: number, tokenId: string): void {
  const client = useQueryClient();
  useLiveTopic(topics.nifty(contractAddress, niftyType), (event) => {
    if (event.type !== 'token' || event.data.tokenId !== tokenId) return;
    // Every item key of this token (signed in or not), and its offers.
    void client.invalidateQueries({
      queryKey: [...catalogKeys.items(), contractAddress.toLowerCase(), tokenId],
    });
    void client.invalidateQueries({ queryKey: offerKeys.onToken(contractAddress, tokenId) });
  });
}
