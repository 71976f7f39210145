import { Dialog } from '../../ui/Dialog';
import { FormAlert } from '../../ui/FormAlert';

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
  error = null,
}: {
  open: boolean;
  onClose: () => void;
  onConfirm: () => void;
  loading: boolean;
  finish: string;
  testId: string;
  /** Why the last Complete did not finish (the bank has not seen the step done yet), shown in the dialog. */
  error?: string | null;
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
      {error ? <FormAlert testId={`${testId}-error`}>{error}</FormAlert> : null}
    </Dialog>
  );
}
