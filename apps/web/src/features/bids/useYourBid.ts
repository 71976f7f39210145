// The bid info as the signed-in viewer reads it (their own bid in `yourBid`), kept fresh by the nifty's live
// topic: every bid or auction event refetches it, so 'You've been outbid' shows without a reload.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { topics } from '@vitrine/domain';
import { useProfile } from '../auth/profile-query';
import { useLiveTopic } from '../live/useLiveTopic';
import { bidKeys, bidsApi } from './bids-api';

export function useBidInfo(
  contractAddress: string,
  niftyType: number,
  options: { enabled?: boolean; refetchOnMount?: 'always' } = {},
) {
  const enabled = options.enabled ?? true;
  const queryClient = useQueryClient();
  const viewer = useProfile().data?.id ?? null;
  useLiveTopic(enabled ? topics.nifty(contractAddress, niftyType) : null, (event) => {
    if (event.type !== 'bid' && event.type !== 'auction') return;
    void queryClient.invalidateQueries({ queryKey: bidKeys.info(contractAddress, niftyType) });
  });
  return useQuery({
    queryKey: [...bidKeys.info(contractAddress, niftyType), viewer] as const,
    queryFn: ({ signal }) => bidsApi.info(contractAddress, niftyType, signal),
    enabled,
    refetchOnMount: options.refetchOnMount ?? true,
  });
}
