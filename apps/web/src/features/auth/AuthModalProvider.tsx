import { lazy, type ReactNode, Suspense, useCallback, useMemo, useState } from 'react';
import { type AuthModalApi, AuthModalContext, type AuthModalOptions } from './auth-modal-context';

// The modal's forms load on first use, not with the page.
const AuthModal = lazy(() => import('./AuthModal').then((m) => ({ default: m.AuthModal })));

/** Holds the auth modal (000 §2) for the whole app; open it with `useAuthModal()`. */
export function AuthModalProvider({ children }: { children: ReactNode }) {
  const [options, setOptions] = useState<AuthModalOptions | null>(null);
  const open = useCallback((next: AuthModalOptions = {}) => setOptions(next), []);
  const close = useCallback(() => setOptions(null), []);
  const api = useMemo<AuthModalApi>(
    () => ({ open, close, isOpen: options !== null }),
    [open, close, options],
  );

  return (
    <AuthModalContext value={api}>
      {children}
      {options ? (
        <Suspense fallback={null}>
          <AuthModal options={options} onClose={close} />
        </Suspense>
      ) : null}
    </AuthModalContext>
  );
}
