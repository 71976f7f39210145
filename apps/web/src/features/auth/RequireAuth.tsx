import type { ReactNode } from 'react';
import { Navigate, useLocation, useNavigation } from 'react-router';
import { PageLoading } from './PageLoading';
import { loginPathFor } from './redirect';
import { useLeavingForHome, useSessionStatus } from './session-status';

/**
 * Protected pages (settings, profile validation, onboarding): wait while an expired session is
 * refreshed, and send a signed-out user to /login?redirect=<this page> (000 §2). Not while Sign Out is taking the
 * tab home, nor while a navigation is loading its page: that redirect would replace the way home.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const status = useSessionStatus();
  const location = useLocation();
  const navigation = useNavigation();
  const leaving = useLeavingForHome();
  if (status === 'loading') return <PageLoading />;
  if (status === 'anonymous') {
    if (leaving || navigation.state !== 'idle') return <PageLoading />;
    return <Navigate to={loginPathFor(`${location.pathname}${location.search}${location.hash}`)} replace />;
  }
  return children;
}
