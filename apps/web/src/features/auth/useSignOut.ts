import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { setLeavingForHome } from './session-status';
import { signOut } from './sign-in';

/**
 * Where this tab is in its history: the router numbers its entries (`idx` in history.state); a link or the
 * back button changes the number, a redirect that replaces the entry does not.
 */
function historyIndex(): unknown {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null ? (state as { idx?: unknown }).idx : undefined;
}

/**
 * Sign Out: ends the session on the server, forgets the credentials here, goes home. Log In shows as soon as
 * the credentials are gone, while the sign-out still finishes (up to seconds): a visitor who followed it, or
 * any link, meanwhile stays where they went. A page that needs a session replaces itself with the login
 * page when the credentials go; that is not the visitor's move, and the sign-out still goes home from it.
 */
export function useSignOut(): { signOut: () => Promise<void>; pending: boolean } {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const run = useCallback(async () => {
    setPending(true);
    const startedAt = historyIndex();
    try {
      // Home as soon as the session is gone here, not once the server has been told as well. Pages that need a
      // session wait for it rather than show the login page (set before the credentials go).
      setLeavingForHome(true);
      await signOut(queryClient, () => {
        if (historyIndex() !== startedAt) {
          setLeavingForHome(false);
          return;
        }
        void Promise.resolve(navigate('/', { replace: true })).finally(() => setLeavingForHome(false));
      });
    } finally {
      // Home or not, by now: a navigation that never settled does not hold protected pages for good.
      setLeavingForHome(false);
      setPending(false);
    }
  }, [queryClient, navigate]);
  return { signOut: run, pending };
}
