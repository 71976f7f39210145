// Whether the session is known yet: while an expired token is being refreshed (on load, or when the
// tab comes back) protected pages wait instead of sending the user to the login page.
import { useSyncExternalStore } from 'react';
import { readCredentials, subscribeCredentials } from '../../app/credentials';
import { needsRefresh, type RefreshOutcome, refreshCredentials } from './session-refresh';

export type SessionStatus = 'loading' | 'authenticated' | 'anonymous';

let loaded = false;
let pending = 0;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

/** Refreshes the tokens when they have expired or are about to; answers 'skipped' when there is nothing to do. */
export async function ensureFreshCredentials(): Promise<RefreshOutcome> {
  const credentials = readCredentials();
  if (!credentials?.refresh_token || !needsRefresh(credentials, Date.now())) {
    if (!loaded) {
      loaded = true;
      emit();
    }
    return 'skipped';
  }
  pending += 1;
  emit();
  try {
    return await refreshCredentials();
  } finally {
    pending -= 1;
    loaded = true;
    emit();
  }
}

export function sessionStatus(now: number = Date.now()): SessionStatus {
  const credentials = readCredentials();
  if (credentials && credentials.expiry_date > now) return 'authenticated';
  if (credentials?.refresh_token && (!loaded || pending > 0)) return 'loading';
  return 'anonymous';
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const unsubscribe = subscribeCredentials(listener);
  return () => {
    listeners.delete(listener);
    unsubscribe();
  };
}

let leaving = false;

/**
 * Sign Out is taking this tab home (set before the credentials go, cleared once home, or at once when it is not
 * going home): a page that needs a session waits instead of sending the visitor to the login page, whatever order
 * React renders the sign-out's updates and the router's navigation in.
 */
export function setLeavingForHome(value: boolean): void {
  if (leaving === value) return;
  leaving = value;
  emit();
}

/** Whether Sign Out is taking this tab home (`setLeavingForHome`). */
export function useLeavingForHome(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => leaving,
    () => false,
  );
}

/** 'loading' while an expired session is being refreshed, then 'authenticated' or 'anonymous'. */
export function useSessionStatus(): SessionStatus {
  return useSyncExternalStore(
    subscribe,
    () => sessionStatus(),
    () => 'loading' as const,
  );
}
