import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { signOut } from './sign-in';

/** Sign Out: ends the session on the server, forgets the credentials here, goes home. */
export function useSignOut(): { signOut: () => Promise<void>; pending: boolean } {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const run = useCallback(async () => {
    setPending(true);
    try {
      await signOut(queryClient);
      navigate('/', { replace: true });
    } finally {
      setPending(false);
    }
  }, [queryClient, navigate]);
  return { signOut: run, pending };
}
