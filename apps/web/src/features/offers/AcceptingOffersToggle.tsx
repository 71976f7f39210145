import { useMutation } from '@tanstack/react-query';
import { Checkbox } from '../../ui/Checkbox';
import { useToast } from '../../ui/useToast';
import { useRefreshItems } from '../trading/ListingControls';
import { tradingApi } from '../trading/trading-api';

/**
 * The owner's switch on the item page (000 §7 set-nifty-sm-pref): whether others may make offers on this NFT.
 * Off, the item page shows them "Not Accepting Offers" instead of Make Offer; offers already made stay.
 */
export function AcceptingOffersToggle({
  contractAddress,
  tokenId,
  accepting,
}: {
  contractAddress: string;
  tokenId: string;
  accepting: boolean;
}) {
  const toast = useToast();
  const refresh = useRefreshItems();
  const mutation = useMutation({
    mutationFn: (next: boolean) => tradingApi.setAcceptingOffers(contractAddress, tokenId, next),
    onSuccess: (_, next) => {
      toast.success(next ? 'Offers are on for this NFT' : 'Offers are off for this NFT');
      return refresh();
    },
    onError: (error) => toast.error('Could not change whether this NFT takes offers', error.message),
  });
  // While the change is on its way the box shows what was asked; the item's data then confirms it.
  const checked = mutation.isPending ? mutation.variables : accepting;
  return (
    <Checkbox
      label="Accepting offers"
      checked={checked}
      disabled={mutation.isPending}
      onChange={(e) => mutation.mutate(e.currentTarget.checked)}
      data-testid="accepting-offers"
    />
  );
}
