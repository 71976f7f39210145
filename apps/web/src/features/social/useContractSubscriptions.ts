import { useQuery } from '@tanstack/react-query';
import { useLoggedIn } from '../../app/useLoggedIn';
import type { Subscription } from '../catalog/catalog-types';
import { socialKeys } from './query-keys';
import { socialApi } from './social-api';

const MAX_ADDRESSES = 50;

/**
 * Follow state of the collections behind a page of cards, in one call
 * (`GET /api/v2/subscriptions/contracts/?contractAddress=…`), as a map by lowercase address.
 */
export function useContractSubscriptions(addresses: readonly string[]) {
  const signedIn = useLoggedIn();
  const unique = [...new Set(addresses.map((address) => address.toLowerCase()))]
    .sort()
    .slice(0, MAX_ADDRESSES);
  return useQuery({
    queryKey: socialKeys.contractSubscriptions(unique, signedIn),
    queryFn: ({ signal }) => socialApi.contractSubscriptions(unique, signal),
    enabled: unique.length > 0,
    select: (answer) =>
      new Map<string, Subscription>(
        answer.results.map((row) => [
          row.contractAddress.toLowerCase(),
          { totalCount: row.totalCount, isSubscribed: row.isSubscribed },
        ]),
      ),
  });
}
