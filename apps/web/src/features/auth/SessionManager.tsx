import { useQueryClient } from '@tanstack/react-query';
import { LOGIN_TOAST_MS } from '@vitrine/domain';
import { useEffect } from 'react';
import { readCredentials, subscribeCredentials } from '../../app/credentials';
import { readStorage, writeStorage } from '../../lib/storage';
import { useToast } from '../../ui/useToast';
import { authKeys } from './query-keys';
import { lastRefreshFailed, onRefreshed, REFRESH_AHEAD_MS } from './session-refresh';
import { ensureFreshCredentials, useSessionStatus } from './session-status';
import { SIGNED_IN_TOAST_KEY } from './sign-in';

const MAX_TIMER_MS = 2_147_483_647;
/** After a refresh failed for a reason other than a refused token, the next try comes this much later. */
const RETRY_AFTER_FAILURE_MS = 30_000;

/**
 * Keeps the session alive (000 §4): refreshes an expired token once on load, refreshes again shortly
 * before expiry, when the tab comes back or the network does, and 30 s after a refresh that failed, reloads the profile after a refresh, and shows the
 * 'Signed in' toast once per session (001 §2). Renders nothing.
 */
export function SessionManager() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const status = useSessionStatus();

  useEffect(() => {
    void ensureFreshCredentials();
  }, []);

  useEffect(
    () => onRefreshed(() => void queryClient.invalidateQueries({ queryKey: authKeys.profile() })),
    [queryClient],
  );

  useEffect(() => {
    let timer: number | undefined;
    const refreshNow = () => {
      void ensureFreshCredentials().then((outcome) => {
        // A refresh that failed (the network, a server restarting; 000 §4's last-refresh-failed flag is set)
        // is tried again a little later while the refresh token is still good: waiting for a reload let the
        // access token run out, and the next protected page sent the user to the login page.
        if (outcome !== 'failed') {
          // Otherwise the next one is due shortly before the (new) expiry.
          schedule();
          return;
        }
        window.clearTimeout(timer);
        timer = window.setTimeout(refreshNow, RETRY_AFTER_FAILURE_MS);
      });
    };
    const schedule = () => {
      window.clearTimeout(timer);
      const credentials = readCredentials();
      if (!credentials?.refresh_token) return;
      const wait = lastRefreshFailed()
        ? RETRY_AFTER_FAILURE_MS
        : Math.max(0, credentials.expiry_date - REFRESH_AHEAD_MS - Date.now());
      if (wait < MAX_TIMER_MS) timer = window.setTimeout(refreshNow, wait);
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') refreshNow();
    };
    schedule();
    const unsubscribe = subscribeCredentials(schedule);
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('online', refreshNow);
    return () => {
      window.clearTimeout(timer);
      unsubscribe();
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('online', refreshNow);
    };
  }, []);

  useEffect(() => {
    if (status !== 'authenticated' || readStorage('session', SIGNED_IN_TOAST_KEY) === 'true') return;
    writeStorage('session', SIGNED_IN_TOAST_KEY, 'true');
    toast.show({
      severity: 'success',
      primaryText: 'Signed in',
      durationMs: LOGIN_TOAST_MS,
      source: 'session',
    });
  }, [status, toast]);

  return null;
}
