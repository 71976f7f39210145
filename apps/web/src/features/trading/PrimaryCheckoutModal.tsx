import { lazy } from 'react';
import { CheckoutDialog } from './CheckoutDialog';

// The checkout's code loads only when the modal opens (the drop page stays light).
const PrimaryCheckoutView = lazy(() =>
  import('./PrimaryCheckoutPage').then((m) => ({ default: m.PrimaryCheckoutView })),
);

/**
 * A drop's checkout in a dialog over its page (000 §4: creating an intent for packs opens a checkout modal;
 * auctions, ranked and silent auctions and drawings have their own dialogs). `onClose` reads the drop again.
 */
export function PrimaryCheckoutModal({
  contractAddress,
  niftyType,
  piid,
  onClose,
}: {
  contractAddress: string;
  niftyType: number;
  piid: number | null;
  onClose: () => void;
}) {
  return (
    <CheckoutDialog open={piid !== null} onClose={onClose}>
      {piid !== null ? (
        <PrimaryCheckoutView
          contractAddress={contractAddress}
          niftyType={String(niftyType)}
          piid={piid}
          frame="modal"
          onBack={onClose}
        />
      ) : null}
    </CheckoutDialog>
  );
}
