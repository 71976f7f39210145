// A nifty's sold count kept live on an open page (issue 15): the 'sold' events of its topic patch the
// cached answer that shows it, so a purchase elsewhere moves the count without a reload.
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { topics } from '@vitrine/domain';
import { useLiveTopic } from './useLiveTopic';

export function useLiveSold(queryKey: QueryKey, contractAddress: string | null, niftyType: number): void {
  const client = useQueryClient();
  useLiveTopic(contractAddress ? topics.nifty(contractAddress, niftyType) : null, (event) => {
    if (event.type !== 'sold') return;
    const sold = event.data.sold;
    client.setQueryData<{ nifty: { totalSold: number } }>(queryKey, (old) =>
      old && old.nifty.totalSold < sold ? { ...old, nifty: { ...old.nifty, totalSold: sold } } : old,
    );
  });
}
