import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
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
  // What the server answered, shown until the item's data says otherwise: when reading the item again fails,
  // the box does not flip back to a setting that is no longer saved.
  const [saved, setSaved] = useState<{ value: boolean; over: boolean } | null>(null);
  // The item's data says what was saved: nothing more to keep (a later change elsewhere then shows as read).
  if (saved !== null && saved.value === accepting) setSaved(null);
  const savedValue = saved !== null && saved.over === accepting ? saved.value : null;
  const mutation = useMutation({
    mutationFn: (next: boolean) => tradingApi.setAcceptingOffers(contractAddress, tokenId, next),
    onSuccess: (answer) => {
      setSaved({ value: answer.isAcceptingOffers, over: accepting });
      toast.success(answer.isAcceptingOffers ? 'Offers are on for this NFT' : 'Offers are off for this NFT');
      return refresh();
    },
    onError: (error) => toast.error('Could not change whether this NFT takes offers', error.message),
  });
  // While the change is on its way the box shows what was asked; then what was saved, until the item's data
  // confirms it.
  const checked = mutation.isPending ? mutation.variables : (savedValue ?? accepting);
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
