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

/**
 * Keeps the session alive (000 §4): refreshes an expired token once on load, refreshes again shortly
 * before expiry and when the tab comes back, reloads the profile after a refresh, and shows the
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
    const automatic = () => {
      if (!lastRefreshFailed()) void ensureFreshCredentials();
    };
    const schedule = () => {
      window.clearTimeout(timer);
      const credentials = readCredentials();
      if (!credentials?.refresh_token) return;
      const wait = Math.max(0, credentials.expiry_date - REFRESH_AHEAD_MS - Date.now());
      if (wait < MAX_TIMER_MS) timer = window.setTimeout(automatic, wait);
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') automatic();
    };
    schedule();
    const unsubscribe = subscribeCredentials(schedule);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearTimeout(timer);
      unsubscribe();
      document.removeEventListener('visibilitychange', onVisible);
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
