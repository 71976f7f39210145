import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { hasValidCredentials } from '../../app/credentials';
import { Dialog } from '../../ui/Dialog';
import styles from './AuthModal.module.css';
import authStyles from './auth.module.css';
import type { AuthModalMode, AuthModalOptions } from './auth-modal-context';
import { LegalNote } from './LegalNote';
import { LoginFlow, type LoginMethod } from './LoginFlow';
import { ENABLE_TWO_FACTOR_PATH } from './paths';
import { SignupFlow, type SignupMode } from './SignupFlow';
import { signupHref } from './signup-links';

/** 000 §2: the auth modal is 496 px wide. */
export const AUTH_MODAL_WIDTH = 496;

export interface AuthModalProps {
  options: AuthModalOptions;
  onClose: () => void;
}

/**
 * The login (or signup) form in a dialog (000 §2): 496 px, not closed by a click outside. It completes
 * (success handler, or a reload) after sign-in here, or when credentials appear while the tab was away
 * (signed in in another tab) and the tab regains focus.
 */
export function AuthModal({ options, onClose }: AuthModalProps) {
  const navigate = useNavigate();
  const [mode, setMode] = useState<AuthModalMode>(options.mode ?? 'login');
  const [method, setMethod] = useState<LoginMethod>('password');
  const [signupMode, setSignupMode] = useState<SignupMode>('start');
  const [walletAddress, setWalletAddress] = useState<string | undefined>(undefined);
  const done = useRef(false);
  const { onSuccess, onDismiss, onSignedIn } = options;

  const complete = useCallback(() => {
    if (done.current) return;
    done.current = true;
    onSignedIn?.();
    if (onSuccess) {
      onClose();
      onSuccess();
    } else {
      window.location.reload();
    }
  }, [onClose, onSuccess, onSignedIn]);

  useEffect(() => {
    const check = () => {
      if (document.visibilityState === 'visible' && hasValidCredentials()) complete();
    };
    window.addEventListener('focus', check);
    document.addEventListener('visibilitychange', check);
    return () => {
      window.removeEventListener('focus', check);
      document.removeEventListener('visibilitychange', check);
    };
  }, [complete]);

  const search = new URLSearchParams();
  const toSignup = (address?: string) => {
    setMode('signup');
    setWalletAddress(address);
    setSignupMode(address === undefined ? 'start' : 'wallet');
  };

  return (
    <Dialog
      open
      onClose={() => {
        onDismiss?.();
        onClose();
      }}
      title={
        <span className={styles.brand}>
          <span className={styles.mark} aria-hidden="true">
            <svg width="14" height="14" viewBox="0 0 24 24">
              <path d="M4 5h4.4L12 15.6 15.6 5H20l-6 15h-4z" fill="currentColor" />
            </svg>
          </span>
          Vitrine
        </span>
      }
      width={AUTH_MODAL_WIDTH}
      closeOnBackdrop={false}
      actions={null}
      testId="auth-modal"
    >
      <div className={styles.content}>
        {mode === 'login' ? (
          <LoginFlow
            headingLevel={2}
            method={method}
            onMethodChange={setMethod}
            onSignedIn={complete}
            onEnableTwoFactor={() => {
              done.current = true;
              onClose();
              navigate(ENABLE_TWO_FACTOR_PATH);
            }}
            signupHrefFor={(address) => signupHref(search, address)}
            onSwitchToSignup={toSignup}
            footer={
              <>
                <p className={authStyles.footer}>
                  Don't have an account?{' '}
                  <button type="button" className={authStyles.link} onClick={() => toSignup()}>
                    Sign up
                  </button>
                </p>
                <LegalNote action="signing in" />
              </>
            }
          />
        ) : (
          <SignupFlow
            headingLevel={2}
            mode={signupMode}
            onModeChange={setSignupMode}
            walletAddress={walletAddress}
            onSignedUp={complete}
            onUnauthorized={() => setMode('login')}
            footer={
              <>
                <p className={authStyles.footer}>
                  <button type="button" className={authStyles.link} onClick={() => setMode('login')}>
                    Already have an account? Sign in
                  </button>
                </p>
                <LegalNote action="signing up" />
              </>
            }
          />
        )}
      </div>
    </Dialog>
  );
}
