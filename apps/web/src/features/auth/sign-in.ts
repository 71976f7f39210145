import type { QueryClient } from '@tanstack/react-query';
import { buildHeaders } from '../../app/api-client';
import { apiUrl } from '../../app/config';
import {
  clearCredentials,
  credentialsSettled,
  readCredentials,
  type TokenGrant,
  writeCredentials,
} from '../../app/credentials';
import { forgetRotation } from '../../app/last-rotation';
import { removeStorage } from '../../lib/storage';
import { LAST_REFRESH_FAILED_KEY, whileRefreshLocked } from './session-refresh';

/** Session storage flag: the 'Signed in' toast was shown in this session (001 §2). */
export const SIGNED_IN_TOAST_KEY = 'signedInToastShown';

const REVOKE_TIMEOUT_MS = 3000;

/**
 * After success credentials are written to session and local storage (000 §4); the user's data reloads.
 * The whole cache goes: pages keep the viewer's state (likes, follows, drawing entries, the studio) under
 * keys that say only "signed in", so a cached page would show another collector's (the last one on this tab).
 */
export function storeSignIn(queryClient: QueryClient, grant: TokenGrant): void {
  queryClient.clear();
  removeStorage('session', LAST_REFRESH_FAILED_KEY);
  writeCredentials(grant);
}

/**
 * Asks the server to end the session of `token` (000 §7 revoke-token); never throws. `keepalive`: sent even when
 * the tab is closed right after Sign Out.
 */
async function revoke(token: string): Promise<void> {
  await fetch(apiUrl('/oauth2/revoke-token/'), {
    method: 'POST',
    headers: buildHeaders({ 'Content-Type': 'application/json' }),
    body: JSON.stringify({ token }),
    credentials: 'same-origin',
    keepalive: true,
  }).catch(() => undefined);
}

/**
 * Forgets the credentials here and ends the session on the server (best effort, bounded wait). It holds the
 * refresh lock while it does: a refresh running in another tab finishes first, so the tokens it brings are
 * not written back after the sign-out cleared them (the tabs would look signed in until their first 401).
 * `onSignedOut` runs as soon as the session is forgotten here (credentials and cached answers), before the
 * server is told: the visitor is not kept waiting on the revoke (up to 3 s on a slow network).
 */
export async function signOut(queryClient: QueryClient, onSignedOut?: () => void): Promise<void> {
  const bounded = (work: Promise<unknown>) =>
    Promise.race([work, new Promise((resolve) => window.setTimeout(resolve, REVOKE_TIMEOUT_MS))]);
  // A refresh of this tab's own finishes first (it would wait for the lock held below), for 3 s at most.
  await bounded(credentialsSettled());
  await whileRefreshLocked(async () => {
    const credentials = readCredentials();
    const token = credentials?.refresh_token ?? credentials?.access_token;
    clearCredentials();
    // The session's flags go with its credentials: the rest of the sign-out is cut off if the visitor leaves
    // the page meanwhile, and their next sign-in in this tab is greeted 'Signed in' again (001 §2).
    removeStorage('session', SIGNED_IN_TOAST_KEY);
    removeStorage('session', LAST_REFRESH_FAILED_KEY);
    // Nothing of this user's stays cached for whoever uses the tab next (see storeSignIn): the answers on their
    // way are dropped (cancelled queries keep no late answer), then the cache emptied.
    void queryClient.cancelQueries();
    queryClient.clear();
    // Home now (RequireAuth leaves a page that needs a session while that navigation loads), not once the server
    // has been told: that takes up to 3 s more.
    try {
      onSignedOut?.();
    } catch {
      // Going home is a courtesy: the server is told all the same.
    }
    // Sent with the token read above: an API call would wait for a refresh of this tab's, which waits for this
    // lock. Still under the lock, so a tab next in line cannot refresh with the tokens being revoked.
    if (token) await bounded(revoke(token));
    // Gone before the lock is released: a tab next in line must not take the last rotation's tokens back.
    await forgetRotation();
  }, REVOKE_TIMEOUT_MS);
}
