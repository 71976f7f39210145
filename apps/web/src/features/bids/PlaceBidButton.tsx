import type { SaleType } from '@vitrine/domain';
import { useState } from 'react';
import { Button } from '../../ui/Button';
import { useRequireSignIn } from '../social/useRequireSignIn';
import { BidDialog } from './BidDialog';

/**
 * 'Place Bid' (001 §4): signed out opens the auth modal; signed in opens the bid dialog. `label` is the card's
 * button label when the auction is not open ('Not yet Available', 'Ended'; then `disabled`).
 */
export function PlaceBidButton({
  contractAddress,
  niftyType,
  saleType,
  disabled = false,
  label = 'Place Bid',
}: {
  contractAddress: string;
  niftyType: number;
  saleType: SaleType | string;
  disabled?: boolean;
  label?: string;
}) {
  const [open, setOpen] = useState(false);
  // Signed out, the bid dialog opens once the visitor has signed in and is back on this page.
  // A disabled button (the auction still loading, or not open) waits rather than using the action up.
  const requireSignIn = useRequireSignIn({
    key: `place-bid:${contractAddress}/${niftyType}`,
    ready: !disabled,
    run: () => setOpen(true),
  });
  return (
    <>
      <Button
        size="lg"
        disabled={disabled}
        onClick={() => {
          if (requireSignIn()) setOpen(true);
        }}
        data-testid="place-bid"
      >
        {label}
      </Button>
      <BidDialog
        contractAddress={contractAddress}
        niftyType={niftyType}
        saleType={saleType as SaleType}
        open={open}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
