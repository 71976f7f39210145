import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useToast } from '../../ui/useToast';
import type { Subscription } from '../catalog/catalog-types';
import { catalogKeys } from '../catalog/query-keys';
import { socialKeys } from './query-keys';
import { socialApi } from './social-api';

export type FollowTarget =
  | { kind: 'publisher'; slug: string }
  | { kind: 'contract'; contractAddress: string };

export const FOLLOW_ERROR_TEXT = 'Your follow could not be saved.';

/** Queries whose answers carry follow state; refreshed after a follow or unfollow. */
const FOLLOW_QUERY_KEYS = [
  catalogKeys.storefronts(),
  socialKeys.subscriptions(),
  catalogKeys.collections(),
  catalogKeys.collectionNifties(),
  catalogKeys.items(),
];

/**
 * Follow state of a publisher or a collection's contract (001 §2, §7), toggled optimistically; the server's
 * answer replaces the guess and an error reverts it with a toast.
 */
export function useFollow(target: FollowTarget, subscription: Subscription) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [override, setOverride] = useState<{ base: Subscription; value: Subscription } | null>(null);
  const shown = override && override.base === subscription ? override.value : subscription;

  const mutation = useMutation({
    mutationFn: async (follow: boolean) => {
      if (target.kind === 'publisher') {
        return follow ? socialApi.followPublisher(target.slug) : socialApi.unfollowPublisher(target.slug);
      }
      return follow
        ? socialApi.followContract(target.contractAddress)
        : socialApi.unfollowContract(target.contractAddress);
    },
    onMutate: (follow: boolean) => {
      setOverride({
        base: subscription,
        value: { isSubscribed: follow, totalCount: Math.max(0, shown.totalCount + (follow ? 1 : -1)) },
      });
    },
    onSuccess: (answer) => {
      setOverride({
        base: subscription,
        value: { isSubscribed: answer.isSubscribed, totalCount: answer.totalCount },
      });
      for (const queryKey of FOLLOW_QUERY_KEYS) void queryClient.invalidateQueries({ queryKey });
    },
    onError: (error) => {
      setOverride(null);
      toast.show({
        severity: 'error',
        primaryText: FOLLOW_ERROR_TEXT,
        secondaryText: error.message,
        source: 'follow',
      });
    },
  });

  const toggle = () => {
    if (!mutation.isPending) mutation.mutate(!shown.isSubscribed);
  };
  return { subscription: shown, toggle, pending: mutation.isPending };
}
