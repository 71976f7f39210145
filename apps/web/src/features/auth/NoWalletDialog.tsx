import { Button } from '../../ui/Button';
import { buttonClassName } from '../../ui/button-styles';
import { Dialog } from '../../ui/Dialog';
import { METAMASK_DOWNLOAD_URL, WALLET_MESSAGES } from './ethereum';

export interface NoWalletDialogProps {
  open: boolean;
  onClose: () => void;
}

/** 000 §8: 'No Wallet Extension Found' with 'Download the MetaMask Plugin to continue'. */
export function NoWalletDialog({ open, onClose }: NoWalletDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={WALLET_MESSAGES.noExtensionTitle}
      testId="no-wallet-dialog"
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <a
            className={buttonClassName({})}
            href={METAMASK_DOWNLOAD_URL}
            target="_blank"
            rel="noopener noreferrer"
            onClick={onClose}
          >
            Download
          </a>
        </>
      }
    >
      <p>{WALLET_MESSAGES.noExtensionText}</p>
    </Dialog>
  );
}
