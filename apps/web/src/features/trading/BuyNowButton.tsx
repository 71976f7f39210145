import { useMutation } from '@tanstack/react-query';
import { useContext } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../ui/Button';
import { AuthModalContext } from '../auth/auth-modal-context';
import { isUnauthorized } from '../auth/authed-request';
import { useRequireSignIn } from '../social/useRequireSignIn';
import { listingCheckoutPath, tradingApi } from './trading-api';

/**
 * Buy Now on a listed item (000 §4, §8): signed out opens the auth modal; signed in creates a listing
 * match and opens its checkout page. Disabled while loading; a 401 opens the auth modal, other errors
 * reload the page (the listing may have changed).
 */
export function BuyNowButton({
  listingId,
  contractAddress,
  tokenId,
}: {
  listingId: number;
  contractAddress: string;
  tokenId: string;
}) {
  const requireSignIn = useRequireSignIn();
  const authModal = useContext(AuthModalContext);
  const navigate = useNavigate();
  const mutation = useMutation({
    mutationFn: () => tradingApi.listingMatch(listingId),
    onSuccess: (match) => navigate(listingCheckoutPath(contractAddress, tokenId, match.listingMatchId)),
    onError: (error) => {
      if (isUnauthorized(error) && authModal) authModal.open();
      else window.location.reload();
    },
  });
  return (
    <Button
      size="lg"
      loading={mutation.isPending}
      disabled={mutation.isPending}
      onClick={() => {
        if (requireSignIn()) mutation.mutate();
      }}
      data-testid="buy-now"
    >
      Buy Now
    </Button>
  );
}
