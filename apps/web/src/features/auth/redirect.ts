// The post-auth target (000 §2): `redirect` or `post_auth_redirect_location`, honoured only when safe
// (same host or a subdomain, http/https; anything else means the root).
import { safeRedirectTarget } from '@vitrine/domain';
import type { NavigateFunction } from 'react-router';
import { LOGIN_PATH } from './paths';

export const REDIRECT_PARAMS = ['redirect', 'post_auth_redirect_location'] as const;

/** The safe target named in the query, or null when the query names none. */
export function redirectFromQuery(
  search: URLSearchParams,
  origin: string = window.location.origin,
): string | null {
  for (const key of REDIRECT_PARAMS) {
    const value = search.get(key);
    if (value) return safeRedirectTarget(value, origin);
  }
  return null;
}

/** The query of the redirect parameters, to carry them from login to signup and back ('' when none). */
export function redirectQuery(search: URLSearchParams): string {
  const kept = new URLSearchParams();
  for (const key of REDIRECT_PARAMS) {
    const value = search.get(key);
    if (value) kept.set(key, value);
  }
  const text = kept.toString();
  return text ? `?${text}` : '';
}

/** Goes to a target from `safeRedirectTarget`: in-app for this origin, a page load for a subdomain. */
export function goToTarget(target: string, navigate: NavigateFunction): void {
  if (target.startsWith('/')) {
    navigate(target, { replace: true });
    return;
  }
  const url = new URL(target);
  if (url.origin === window.location.origin)
    navigate(`${url.pathname}${url.search}${url.hash}`, { replace: true });
  else window.location.assign(url.href);
}

/** The login page that returns to `returnTo` afterwards. */
export function loginPathFor(returnTo: string): string {
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(returnTo)}`;
}
