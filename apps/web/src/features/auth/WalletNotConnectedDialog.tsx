import { Button } from '../../ui/Button';
import { ButtonLink } from '../../ui/ButtonLink';
import { Dialog } from '../../ui/Dialog';
import { WALLET_MESSAGES } from './ethereum';

export interface WalletNotConnectedDialogProps {
  open: boolean;
  onClose: () => void;
  /** The signup page for this wallet. */
  signupHref: string;
  /** Inside the auth modal: switch to signup instead of leaving the page. */
  onGoToSignup?: () => void;
}

/** 000 §8: a wallet without an account is offered signup ('Go to sign up'). */
export function WalletNotConnectedDialog({
  open,
  onClose,
  signupHref,
  onGoToSignup,
}: WalletNotConnectedDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Wallet not connected"
      testId="wallet-not-connected-dialog"
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          {onGoToSignup ? (
            <Button
              onClick={() => {
                onClose();
                onGoToSignup();
              }}
            >
              Go to sign up
            </Button>
          ) : (
            <ButtonLink to={signupHref} onClick={onClose}>
              Go to sign up
            </ButtonLink>
          )}
        </>
      }
    >
      <p>{WALLET_MESSAGES.notConnected}</p>
    </Dialog>
  );
}
