import { createContext } from 'react';

export type AuthModalMode = 'login' | 'signup';

export interface AuthModalOptions {
  mode?: AuthModalMode;
  /** Runs after sign-in or signup instead of the default page reload (000 §2). */
  onSuccess?: () => void;
  /** Runs when the visitor closes the modal without signing in. */
  onDismiss?: () => void;
  /** Runs once the visitor has signed in through the modal, before its reload or `onSuccess`. */
  onSignedIn?: () => void;
}

export interface AuthModalApi {
  open: (options?: AuthModalOptions) => void;
  close: () => void;
  isOpen: boolean;
}

export const AuthModalContext = createContext<AuthModalApi | null>(null);
