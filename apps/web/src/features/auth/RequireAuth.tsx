import type { ReactNode } from 'react';
import { Navigate, useLocation, useNavigation } from 'react-router';
import { PageLoading } from './PageLoading';
import { loginPathFor } from './redirect';
import { useSessionStatus } from './session-status';

/**
 * Protected pages (settings, profile validation, onboarding): wait while an expired session is
 * refreshed, and send a signed-out user to /login?redirect=<this page> (000 §2). Not while the visitor is already
 * on their way elsewhere (a navigation loading its page): Sign Out goes home as it forgets the session, and this
 * page's redirect to the login page would otherwise replace that.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const status = useSessionStatus();
  const location = useLocation();
  const navigation = useNavigation();
  if (status === 'loading') return <PageLoading />;
  if (status === 'anonymous') {
    if (navigation.state !== 'idle') return <PageLoading />;
    return <Navigate to={loginPathFor(`${location.pathname}${location.search}${location.hash}`)} replace />;
  }
  return children;
}
