import { isApiError } from '../../app/api-error';
import { clearCredentials, getAccessToken, readCredentials } from '../../app/credentials';
import { refreshCredentials } from './session-refresh';
import { ensureFreshCredentials } from './session-status';

/**
 * Runs an API call that needs the bearer token. When the API refuses the token (401) the tokens are
 * refreshed once and the call is repeated; when they cannot be refreshed the 401 is thrown on
 * (a token without a refresh token is dropped: the user is signed out).
 */
export async function withAuthRetry<T>(call: () => Promise<T>): Promise<T> {
  // Expired, with a refresh token at hand (a refresh that failed a moment ago, a computer that slept):
  // refresh before asking rather than ask as a signed-out visitor, whose 401 would end at the login page.
  if (getAccessToken() === null && readCredentials()?.refresh_token) await ensureFreshCredentials();
  const token = getAccessToken();
  try {
    return await call();
  } catch (error) {
    if (!token || !isApiError(error) || error.statusCode !== 401) throw error;
    const outcome = await refreshCredentials({ rejectedAccessToken: token });
    if (outcome === 'refreshed') return call();
    if (outcome === 'skipped') clearCredentials();
    throw error;
  }
}

export function isUnauthorized(error: unknown): boolean {
  return isApiError(error) && error.statusCode === 401;
}
