import { Dialog } from '../../ui/Dialog';

/**
 * A card payment's second step (3-D Secure): the bank asks the payer to confirm. Shared by the checkout and the
 * publisher fee; `finish` says what confirming completes ('finish your purchase', 'pay the publisher fee…').
 */
export function CardActionDialog({
  open,
  onClose,
  onConfirm,
  loading,
  finish,
  testId,
}: {
  open: boolean;
  onClose: () => void;
  onConfirm: () => void;
  loading: boolean;
  finish: string;
  testId: string;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Confirm your payment"
      loading={loading}
      onConfirm={onConfirm}
      confirmLabel="Complete verification"
      testId={testId}
    >
      <p>Your bank asks you to confirm this payment. Complete the verification to {finish}.</p>
    </Dialog>
  );
}
