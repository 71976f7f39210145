import type { QueryClient } from '@tanstack/react-query';
import {
  clearCredentials,
  credentialsSettled,
  readCredentials,
  type TokenGrant,
  writeCredentials,
} from '../../app/credentials';
import { removeStorage } from '../../lib/storage';
import { authApi } from './auth-api';
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
 * Forgets the credentials here and ends the session on the server (best effort, bounded wait). It holds the
 * refresh lock while it does: a refresh running in another tab finishes first, so the tokens it brings are
 * not written back after the sign-out cleared them (the tabs would look signed in until their first 401).
 */
export async function signOut(queryClient: QueryClient): Promise<void> {
  // A refresh of this tab's own finishes first (the revoke's request waits for it anyway).
  await credentialsSettled();
  await whileRefreshLocked(async () => {
    const credentials = readCredentials();
    const token = credentials?.refresh_token ?? credentials?.access_token;
    if (token) {
      await Promise.race([
        authApi.revoke(token).catch(() => undefined),
        new Promise((resolve) => window.setTimeout(resolve, REVOKE_TIMEOUT_MS)),
      ]);
    }
    clearCredentials();
  }, REVOKE_TIMEOUT_MS);
  removeStorage('session', SIGNED_IN_TOAST_KEY);
  removeStorage('session', LAST_REFRESH_FAILED_KEY);
  // Nothing of this user's stays cached for whoever uses the tab next (see storeSignIn).
  queryClient.clear();
}
