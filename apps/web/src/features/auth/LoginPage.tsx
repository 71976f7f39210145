import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useLoggedIn } from '../../app/useLoggedIn';
import { Link } from '../../ui/Link';
import { AuthCard } from './AuthCard';
import styles from './auth.module.css';
import { LegalNote } from './LegalNote';
import { LoginFlow, type LoginMethod } from './LoginFlow';
import { PageLoading } from './PageLoading';
import { ENABLE_TWO_FACTOR_PATH } from './paths';
import { goToTarget, redirectFromQuery } from './redirect';
import { useSessionStatus } from './session-status';
import { signupHref } from './signup-links';

/**
 * Login page (000 §2), at /login and /new-login: email and password, ?type=wallet for the wallet
 * choice; `redirect` / `post_auth_redirect_location` are honoured when safe. A signed-in user is sent on.
 */
export function LoginPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const loggedIn = useLoggedIn();
  const status = useSessionStatus();
  const handled = useRef(false);
  const target = redirectFromQuery(params) ?? '/';
  const method: LoginMethod = params.get('type') === 'wallet' ? 'wallet' : 'password';

  useEffect(() => {
    if (loggedIn && !handled.current) {
      handled.current = true;
      goToTarget(target, navigate);
    }
  }, [loggedIn, target, navigate]);

  if (status === 'loading' || (loggedIn && !handled.current)) return <PageLoading />;

  const setMethod = (next: LoginMethod) => {
    const query = new URLSearchParams(params);
    if (next === 'wallet') query.set('type', 'wallet');
    else query.delete('type');
    setParams(query, { replace: true });
  };

  return (
    <AuthCard documentTitle="Log in" testId="login-page">
      <LoginFlow
        method={method}
        onMethodChange={setMethod}
        onSignedIn={() => {
          handled.current = true;
          goToTarget(target, navigate);
        }}
        onEnableTwoFactor={() => {
          handled.current = true;
          navigate(ENABLE_TWO_FACTOR_PATH, { replace: true });
        }}
        signupHrefFor={(walletAddress) => signupHref(params, walletAddress)}
        footer={
          <>
            <p className={styles.footer}>
              Don't have an account?{' '}
              <Link to={signupHref(params)} className={styles.link}>
                Sign up
              </Link>
            </p>
            <LegalNote action="signing in" />
          </>
        }
      />
    </AuthCard>
  );
}
