import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { clearCredentials } from '../../app/credentials';
import { isUnauthorized } from './authed-request';
import { loginPathFor } from './redirect';

/**
 * A 401 on a protected page goes to /login?redirect=<return path> (000 §2, §8). The call already tried
 * a refresh; the credentials that were refused are dropped, so the login page does not send the user
 * straight back.
 */
export function useLoginRedirectOn401(...errors: unknown[]): void {
  const navigate = useNavigate();
  const location = useLocation();
  const unauthorized = errors.some(isUnauthorized);
  useEffect(() => {
    if (unauthorized) {
      clearCredentials();
      navigate(loginPathFor(`${location.pathname}${location.search}${location.hash}`), { replace: true });
    }
  }, [unauthorized, navigate, location]);
}
