import { useState } from 'react';
import { FormAlert } from '../../ui/FormAlert';
import styles from './auth.module.css';
import { authApi, type LoginResponse } from './auth-api';
import { isNoUserFound, walletErrorMessage } from './auth-errors';
import { captchaToken } from './captcha';
import { getEthereum } from './ethereum';
import { NoWalletDialog } from './NoWalletDialog';
import { WalletIcon } from './WalletIcon';
import { WalletNotConnectedDialog } from './WalletNotConnectedDialog';
import { signWalletMessage, WALLET_STEP_LABELS, type WalletStep } from './wallet-auth';

export interface WalletLoginPanelProps {
  onAnswer: (answer: LoginResponse) => void;
  /** The signup page for a wallet without an account. */
  signupHrefFor: (address: string) => string;
  /** Inside the auth modal: switch to wallet signup in place. */
  onGoToSignup?: (address: string) => void;
}

/** The wallet choice of the login page (?type=wallet): connect, sign the server's message, sign in. */
export function WalletLoginPanel({ onAnswer, signupHrefFor, onGoToSignup }: WalletLoginPanelProps) {
  const [step, setStep] = useState<WalletStep>('idle');
  const [error, setError] = useState<string | null>(null);
  const [noWallet, setNoWallet] = useState(false);
  const [unknownWallet, setUnknownWallet] = useState<string | null>(null);

  const connect = async () => {
    const provider = getEthereum();
    if (!provider) {
      setNoWallet(true);
      return;
    }
    setError(null);
    let address: string | null = null;
    try {
      const signed = await signWalletMessage(provider, 'sign-in', setStep);
      address = signed.address;
      const answer = await authApi.loginWallet({
        walletAddress: signed.address,
        signedMessage: signed.signature,
        message: signed.message,
        captchaTokenV3: await captchaToken(),
      });
      onAnswer(answer);
    } catch (failure) {
      setStep('idle');
      // 000 §8: a noUserFound error is not shown as an error; a dialog offers signup instead.
      if (isNoUserFound(failure) && address) setUnknownWallet(address);
      else setError(walletErrorMessage(failure));
    }
  };

  const busy = step !== 'idle';
  return (
    <div className={styles.form} data-testid="wallet-login">
      <button type="button" className={styles.choice} onClick={connect} disabled={busy} data-autofocus>
        <span className={styles.choiceIcon}>
          <WalletIcon />
        </span>
        <span className={styles.choiceText}>
          <span className={styles.choiceTitle}>Connect browser wallet</span>
          <span className={styles.choiceHint}>MetaMask or another Ethereum wallet extension</span>
        </span>
        <span className={styles.choiceArrow} aria-hidden="true">
          →
        </span>
      </button>
      {busy ? (
        <div className={styles.status} role="status">
          <span className={styles.spinner} aria-hidden="true" />
          {WALLET_STEP_LABELS[step]}
        </div>
      ) : null}
      {error ? <FormAlert testId="wallet-error">{error}</FormAlert> : null}
      <NoWalletDialog open={noWallet} onClose={() => setNoWallet(false)} />
      <WalletNotConnectedDialog
        open={unknownWallet !== null}
        onClose={() => setUnknownWallet(null)}
        signupHref={signupHrefFor(unknownWallet ?? '')}
        {...(onGoToSignup && unknownWallet ? { onGoToSignup: () => onGoToSignup(unknownWallet) } : {})}
      />
    </div>
  );
}
