import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { AuthHeading } from './AuthHeading';
import styles from './auth.module.css';
import {
  authApi,
  isChallenge,
  type LoginResponse,
  type TokenResponse,
  type TwoFactorChallenge,
} from './auth-api';
import { LoginForm } from './LoginForm';
import { MailIcon } from './MailIcon';
import { storeSignIn } from './sign-in';
import { TwoFactorPromptDialog } from './TwoFactorPromptDialog';
import { TwoFactorStep } from './TwoFactorStep';
import { WalletIcon } from './WalletIcon';
import { WalletLoginPanel } from './WalletLoginPanel';

export type LoginMethod = 'password' | 'wallet';

export interface LoginFlowProps {
  method: LoginMethod;
  /** Switch between the email form and the wallet choice (the page keeps it in ?type=wallet). */
  onMethodChange: (method: LoginMethod) => void;
  /** Credentials are stored: go on (redirect target, reload, or the modal's success handler). */
  onSignedIn: () => void;
  /** 'Enable 2FA' of the prompt: credentials are stored, go to the two-factor setup. */
  onEnableTwoFactor: () => void;
  signupHrefFor: (walletAddress?: string) => string;
  /** Inside the modal: switch to signup in place instead of following links. */
  onSwitchToSignup?: (walletAddress?: string) => void;
  headingLevel?: 1 | 2;
  /** Links under the form (signup, terms). */
  footer: ReactNode;
}

/**
 * Sign-in (000 §4): the credentials form (email or wallet) moves to the two-factor step when the answer
 * carries a challenge; tokens that ask for the prompt show 'Enable 2FA' / 'Skip' before they are stored.
 */
export function LoginFlow({
  method,
  onMethodChange,
  onSignedIn,
  onEnableTwoFactor,
  signupHrefFor,
  onSwitchToSignup,
  headingLevel = 1,
  footer,
}: LoginFlowProps) {
  const queryClient = useQueryClient();
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);
  const [prompt, setPrompt] = useState<TokenResponse | null>(null);
  const [promptBusy, setPromptBusy] = useState<'enable' | 'skip' | null>(null);
  const [email, setEmail] = useState('');

  const finish = (tokens: TokenResponse, prompt2fa: boolean) => {
    if (prompt2fa) {
      setPrompt(tokens);
      return;
    }
    storeSignIn(queryClient, tokens);
    onSignedIn();
  };

  const onAnswer = (answer: LoginResponse) => {
    if (isChallenge(answer.data)) setChallenge(answer.data);
    else finish(answer.data, answer.prompt2fa);
  };

  const enable = () => {
    if (!prompt) return;
    setPromptBusy('enable');
    storeSignIn(queryClient, prompt);
    onEnableTwoFactor();
  };

  const skip = async () => {
    if (!prompt) return;
    setPromptBusy('skip');
    // Skip sets shouldSkipTwofaPrompt with the new token, then completes the login; a failed skip
    // only means the prompt comes again next time.
    await authApi.skipTwoFactorPrompt(prompt.access_token).catch(() => undefined);
    storeSignIn(queryClient, prompt);
    onSignedIn();
  };

  const promptDialog = (
    <TwoFactorPromptDialog open={prompt !== null} onEnable={enable} onSkip={skip} busy={promptBusy} />
  );

  if (challenge) {
    return (
      <>
        <TwoFactorStep
          challenge={challenge}
          onTokens={finish}
          onRestart={() => setChallenge(null)}
          headingLevel={headingLevel}
        />
        {promptDialog}
      </>
    );
  }

  return (
    <div data-testid="login-flow">
      <AuthHeading
        level={headingLevel}
        title="Log in"
        subtitle={
          method === 'wallet'
            ? 'Sign in with your Ethereum wallet.'
            : 'Welcome back. Sign in to collect and bid.'
        }
      />
      {method === 'wallet' ? (
        <WalletLoginPanel
          onAnswer={onAnswer}
          signupHrefFor={(address) => signupHrefFor(address)}
          {...(onSwitchToSignup ? { onGoToSignup: (address: string) => onSwitchToSignup(address) } : {})}
        />
      ) : (
        <LoginForm onAnswer={onAnswer} initialEmail={email} onEmailChange={setEmail} />
      )}
      <div className={styles.divider}>or</div>
      {method === 'wallet' ? (
        <button type="button" className={styles.choice} onClick={() => onMethodChange('password')}>
          <span className={styles.choiceIcon}>
            <MailIcon />
          </span>
          <span className={styles.choiceText}>
            <span className={styles.choiceTitle}>Log in with email</span>
            <span className={styles.choiceHint}>Use your email address and password</span>
          </span>
        </button>
      ) : (
        <button type="button" className={styles.choice} onClick={() => onMethodChange('wallet')}>
          <span className={styles.choiceIcon}>
            <WalletIcon />
          </span>
          <span className={styles.choiceText}>
            <span className={styles.choiceTitle}>Log in with a wallet</span>
            <span className={styles.choiceHint}>MetaMask or another browser wallet</span>
          </span>
        </button>
      )}
      {footer}
      {promptDialog}
    </div>
  );
}
