import { useSyncExternalStore } from 'react';
import { hasValidCredentials, readCredentials, subscribeCredentials } from './credentials';

/** Timers past ~24.8 days overflow setTimeout; such an expiry is re-checked on the next change. */
const MAX_TIMER_MS = 2_147_483_647;

function subscribe(listener: () => void): () => void {
  let timer: number | undefined;
  // Re-render when the stored token expires, not only when storage changes.
  const arm = () => {
    window.clearTimeout(timer);
    const credentials = readCredentials();
    const left = credentials ? credentials.expiry_date - Date.now() : 0;
    if (left > 0 && left < MAX_TIMER_MS) timer = window.setTimeout(onChange, left + 50);
  };
  const onChange = () => {
    arm();
    listener();
  };
  const unsubscribe = subscribeCredentials(onChange);
  window.addEventListener('focus', onChange);
  arm();
  return () => {
    unsubscribe();
    window.removeEventListener('focus', onChange);
    window.clearTimeout(timer);
  };
}

/** Logged in when stored credentials hold a token that has not expired (000 §4). */
export function useLoggedIn(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => hasValidCredentials(),
    () => false,
  );
}
