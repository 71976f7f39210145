import { Dialog } from '../../ui/Dialog';
import { FormAlert } from '../../ui/FormAlert';

/**
 * A payment's second step: for a card (3-D Secure) the bank asks the payer to confirm; for Klarna, Klarna's own
 * step (simulated, decision 009). Shared by the checkout and the publisher fee; `finish` says what confirming
 * completes ('finish your purchase', 'pay the publisher fee…').
 */
export function CardActionDialog({
  open,
  onClose,
  onConfirm,
  loading,
  finish,
  testId,
  error = null,
  provider = 'card',
  returnFocus,
}: {
  open: boolean;
  onClose: () => void;
  onConfirm: () => void;
  loading: boolean;
  finish: string;
  testId: string;
  /** Why the last Complete did not finish (the bank has not seen the step done yet), shown in the dialog. */
  error?: string | null;
  /** Whose step it is: the card's bank, or Klarna. */
  provider?: 'card' | 'klarna';
  /** Where focus goes on close when the control that opened it cannot take it (Dialog's `returnFocus`). */
  returnFocus?: () => HTMLElement | null | undefined;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={provider === 'klarna' ? 'Confirm with Klarna' : 'Confirm your payment'}
      loading={loading}
      // While the step is being completed, it stays: closed, its answer would land beside 'nothing was added'.
      dismissible={!loading}
      onConfirm={onConfirm}
      confirmLabel={provider === 'klarna' ? 'Confirm with Klarna' : 'Complete verification'}
      testId={testId}
      {...(returnFocus ? { returnFocus } : {})}
    >
      <p>
        {provider === 'klarna'
          ? `Klarna asks you to confirm this payment and how you will pay it. Confirm with Klarna to ${finish}.`
          : `Your bank asks you to confirm this payment. Complete the verification to ${finish}.`}
      </p>
      {error ? <FormAlert testId={`${testId}-error`}>{error}</FormAlert> : null}
    </Dialog>
  );
}
