import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useToast } from '../../ui/useToast';
import type { Likes } from '../catalog/catalog-types';
import { catalogKeys } from '../catalog/query-keys';
import { patchTokenLikes } from './like-cache';
import { type SaveTarget, socialApi } from './social-api';

export const LIKE_ERROR_TEXT = 'Your like could not be saved.';

/**
 * A token's like (or an edition's or collection's save) with an optimistic toggle (001 §4): the new state shows at once, the server's
 * answer replaces it, and an error reverts it with a toast. `likes` is what the page's data says; an
 * optimistic value only holds while that data is unchanged.
 */
export function useLike(target: SaveTarget, likes: Likes) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [override, setOverride] = useState<{ base: Likes; value: Likes } | null>(null);
  const shown = override && override.base === likes ? override.value : likes;

  const mutation = useMutation({
    mutationFn: (like: boolean) => socialApi.setSaved(target, like),
    onMutate: (like: boolean) => {
      const value: Likes = {
        isLiked: like,
        likesAmount: Math.max(0, shown.likesAmount + (like ? 1 : -1)),
      };
      setOverride({ base: likes, value });
    },
    onSuccess: (answer) => {
      setOverride({ base: likes, value: answer.likes });
      if (target.kind === 'token') patchTokenLikes(queryClient, target, answer.likes);
      // Favourites boards change with a save: refetch them when next shown.
      void queryClient.invalidateQueries({
        queryKey:
          target.kind === 'collection' ? catalogKeys.favoriteCollections() : catalogKeys.favoriteNifties(),
      });
    },
    onError: (error) => {
      setOverride(null);
      toast.show({
        severity: 'error',
        primaryText: LIKE_ERROR_TEXT,
        secondaryText: error.message,
        source: 'like',
      });
    },
  });

  const toggle = () => {
    if (mutation.isPending) return;
    mutation.mutate(!shown.isLiked);
  };

  return { likes: shown, toggle, pending: mutation.isPending };
}
