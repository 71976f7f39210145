import type { ReactNode } from 'react';
import { AuthHeading } from './AuthHeading';
import styles from './auth.module.css';
import { PasswordSignupForm } from './PasswordSignupForm';
import { SignupStart } from './SignupStart';
import { WalletSignupForm } from './WalletSignupForm';

export type SignupMode = 'start' | 'password' | 'wallet';

export interface SignupFlowProps {
  mode: SignupMode;
  onModeChange: (mode: SignupMode) => void;
  walletAddress?: string | undefined;
  referral?: string | undefined;
  /** The new user is signed in (credentials stored). */
  onSignedUp: () => void;
  /** 000 §8: a 401 answer sends the user to login. */
  onUnauthorized: () => void;
  headingLevel?: 1 | 2;
  footer: ReactNode;
}

const SUBTITLES: Record<SignupMode, string> = {
  start: 'Collect digital art from the artists and publishers you love.',
  password: 'Sign up with your email address.',
  wallet: 'Sign up with your Ethereum wallet.',
};

/** Signup (000 §4): selection, then password mode or wallet mode; back returns to the selection. */
export function SignupFlow({
  mode,
  onModeChange,
  walletAddress,
  referral,
  onSignedUp,
  onUnauthorized,
  headingLevel = 1,
  footer,
}: SignupFlowProps) {
  return (
    <div data-testid="signup-flow" data-mode={mode}>
      {mode === 'start' ? null : (
        <button type="button" className={styles.back} onClick={() => onModeChange('start')}>
          <svg width="18" height="18" viewBox="0 0 24 24" fill="none" aria-hidden="true">
            <path
              d="M15 6l-6 6 6 6"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          Back
        </button>
      )}
      <AuthHeading level={headingLevel} title="Create your account" subtitle={SUBTITLES[mode]} />
      {mode === 'start' ? <SignupStart onChoose={onModeChange} /> : null}
      {mode === 'password' ? (
        <PasswordSignupForm referral={referral} onSignedUp={onSignedUp} onUnauthorized={onUnauthorized} />
      ) : null}
      {mode === 'wallet' ? (
        <WalletSignupForm
          walletAddress={walletAddress}
          referral={referral}
          onSignedUp={onSignedUp}
          onUnauthorized={onUnauthorized}
        />
      ) : null}
      {footer}
    </div>
  );
}
