import { useContext } from 'react';
import { type AuthModalApi, AuthModalContext } from './auth-modal-context';

/** Opens the auth modal from anywhere (a like button, Buy Now on 401, …): `useAuthModal().open()`. */
export function useAuthModal(): AuthModalApi {
  const api = useContext(AuthModalContext);
  if (!api) throw new Error('useAuthModal must be used inside <AuthModalProvider>');
  return api;
}
