import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useLoggedIn } from '../../app/useLoggedIn';
import { Link } from '../../ui/Link';
import { AuthCard } from './AuthCard';
import styles from './auth.module.css';
import { LegalNote } from './LegalNote';
import { PageLoading } from './PageLoading';
import { ONBOARDING_PATH } from './paths';
import { goToTarget, redirectFromQuery } from './redirect';
import { SignupFlow, type SignupMode } from './SignupFlow';
import { useSessionStatus } from './session-status';
import { loginHref } from './signup-links';

/**
 * Signup page (000 §2): start screen, password and wallet forms, `referral`, `redirect` /
 * `post_auth_redirect_location`, ?type=wallet&walletAddress=. After success: the redirect target,
 * otherwise onboarding. A signed-in user is sent to the redirect target or home.
 */
export function SignupPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const loggedIn = useLoggedIn();
  const status = useSessionStatus();
  const handled = useRef(false);
  const target = redirectFromQuery(params);
  const walletAddress = params.get('walletAddress') ?? undefined;
  const referral = params.get('referral') ?? undefined;
  const type = params.get('type');
  const mode: SignupMode = type === 'wallet' ? 'wallet' : type === 'email' ? 'password' : 'start';

  useEffect(() => {
    if (loggedIn && !handled.current) {
      handled.current = true;
      goToTarget(target ?? '/', navigate);
    }
  }, [loggedIn, target, navigate]);

  if (status === 'loading' || (loggedIn && !handled.current)) return <PageLoading />;

  // The mode lives in ?type= (wallet | email), so the browser's back button returns to the selection too.
  const changeMode = (next: SignupMode) => {
    const query = new URLSearchParams(params);
    if (next === 'start') query.delete('type');
    else query.set('type', next === 'wallet' ? 'wallet' : 'email');
    if (next !== 'wallet') query.delete('walletAddress');
    setParams(query);
  };

  return (
    <AuthCard documentTitle="Sign up" testId="signup-page" wide={mode !== 'start'}>
      <SignupFlow
        mode={mode}
        onModeChange={changeMode}
        walletAddress={walletAddress}
        referral={referral}
        onSignedUp={() => {
          handled.current = true;
          if (target) goToTarget(target, navigate);
          else navigate(ONBOARDING_PATH, { replace: true });
        }}
        onUnauthorized={() => navigate(loginHref(params))}
        footer={
          <>
            <p className={styles.footer}>
              <Link to={loginHref(params)} className={styles.link}>
                Already have an account? Sign in
              </Link>
            </p>
            <LegalNote action="signing up" />
          </>
        }
      />
    </AuthCard>
  );
}
