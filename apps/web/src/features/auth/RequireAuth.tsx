import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageLoading } from './PageLoading';
import { loginPathFor } from './redirect';
import { useSessionStatus } from './session-status';

/**
 * Protected pages (settings, profile validation, onboarding): wait while an expired session is
 * refreshed, and send a signed-out user to /login?redirect=<this page> (000 §2).
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const status = useSessionStatus();
  const location = useLocation();
  if (status === 'loading') return <PageLoading />;
  if (status === 'anonymous') {
    return <Navigate to={loginPathFor(`${location.pathname}${location.search}${location.hash}`)} replace />;
  }
  return children;
}
