import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import styles from './TwoFactorPromptDialog.module.css';

export interface TwoFactorPromptDialogProps {
  open: boolean;
  onEnable: () => void;
  onSkip: () => void;
  /** Which choice is running. */
  busy: 'enable' | 'skip' | null;
}

/** 000 §4: after sign-in without two-factor, offer 'Enable 2FA' or 'Skip'. One of them must be chosen. */
export function TwoFactorPromptDialog({ open, onEnable, onSkip, busy }: TwoFactorPromptDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onSkip}
      title="Protect your account"
      dismissible={false}
      closeOnBackdrop={false}
      loading={busy !== null}
      testId="twofa-prompt-dialog"
      actions={
        <>
          <Button variant="secondary" onClick={onSkip} loading={busy === 'skip'} disabled={busy !== null}>
            Skip
          </Button>
          <Button onClick={onEnable} loading={busy === 'enable'} disabled={busy !== null} data-autofocus>
            Enable 2FA
          </Button>
        </>
      }
    >
      <div className={styles.body}>
        <span className={styles.icon} aria-hidden="true">
          <svg viewBox="0 0 24 24" width="26" height="26">
            <rect
              x="5"
              y="10"
              width="14"
              height="10"
              rx="2.5"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
            />
            <path d="M8 10V7.5a4 4 0 018 0V10" fill="none" stroke="currentColor" strokeWidth="1.8" />
            <circle cx="12" cy="15" r="1.6" fill="currentColor" />
          </svg>
        </span>
        <p>
          Add two-factor authentication so that a password alone is not enough to sign in to your account. It
          takes a minute with an authenticator app, a text message or email.
        </p>
      </div>
    </Dialog>
  );
}
