import { useCallback, useContext } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useLoggedIn } from '../../app/useLoggedIn';
import { AuthModalContext } from '../auth/auth-modal-context';
import { loginPathFor } from '../auth/redirect';

/**
 * For actions that need a signed-in user (like, follow): answers true when signed in; otherwise opens the
 * auth modal (000 §4, 001 §6 "like open the auth modal") and answers false. Without the modal's provider
 * it goes to the login page, which returns here.
 */
export function useRequireSignIn(): () => boolean {
  const loggedIn = useLoggedIn();
  const authModal = useContext(AuthModalContext);
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(() => {
    if (loggedIn) return true;
    if (authModal) authModal.open();
    else navigate(loginPathFor(`${location.pathname}${location.search}`));
    return false;
  }, [loggedIn, authModal, navigate, location.pathname, location.search]);
}
