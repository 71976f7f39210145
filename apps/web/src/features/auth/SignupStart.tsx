import styles from './auth.module.css';
import { MailIcon } from './MailIcon';
import { WalletIcon } from './WalletIcon';

export interface SignupStartProps {
  onChoose: (mode: 'wallet' | 'password') => void;
}

/** The start screen of signup (000 §2, §4): wallet signup or email signup. */
export function SignupStart({ onChoose }: SignupStartProps) {
  return (
    <div className={styles.choices} data-testid="signup-start">
      <button type="button" className={styles.choice} onClick={() => onChoose('password')} data-autofocus>
        <span className={styles.choiceIcon}>
          <MailIcon />
        </span>
        <span className={styles.choiceText}>
          <span className={styles.choiceTitle}>Sign up with email</span>
          <span className={styles.choiceHint}>Create a password for your account</span>
        </span>
        <span className={styles.choiceArrow} aria-hidden="true">
          →
        </span>
      </button>
      <button type="button" className={styles.choice} onClick={() => onChoose('wallet')}>
        <span className={styles.choiceIcon}>
          <WalletIcon />
        </span>
        <span className={styles.choiceText}>
          <span className={styles.choiceTitle}>Sign up with a wallet</span>
          <span className={styles.choiceHint}>MetaMask or another Ethereum wallet</span>
        </span>
        <span className={styles.choiceArrow} aria-hidden="true">
          →
        </span>
      </button>
    </div>
  );
}
