import { useCallback, useContext, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useLoggedIn } from '../../app/useLoggedIn';
import { readStorage, removeStorage, writeStorage } from '../../lib/storage';
import { AuthModalContext } from '../auth/auth-modal-context';
import { loginPathFor } from '../auth/redirect';

/** Session storage: the action a signed-out visitor asked for, done once they have signed in here. */
export const RESUME_AFTER_SIGN_IN_KEY = 'resumeAfterSignIn';
/** An action asked for longer ago than this is not done any more (the visitor went on to other things). */
export const RESUME_AFTER_SIGN_IN_MS = 10 * 60_000;

interface PendingAction {
  key: string;
  path: string;
  at: number;
  /** Set when the visitor signed in through the modal it opened: only then is it done. */
  confirmed?: boolean;
}

/**
 * An action to pick up after sign-in: `key` names it (the button and its item: `buy-now:12`), `run` does it.
 * The auth modal reloads the page after sign-in (000 §2), and the login page returns to it; the page's button
 * then finds its own key, on the same path, and runs.
 */
export interface ResumeAfterSignIn {
  key: string;
  run: () => void;
  /**
   * False while the button cannot act yet (its auction or eligibility still loading): the action waits for it,
   * rather than being used up by a disabled button.
   */
  ready?: boolean;
}

function readPending(): PendingAction | null {
  const raw = readStorage('session', RESUME_AFTER_SIGN_IN_KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<PendingAction>;
    if (typeof value.key !== 'string' || typeof value.path !== 'string' || typeof value.at !== 'number')
      return null;
    return { key: value.key, path: value.path, at: value.at, confirmed: value.confirmed === true };
  } catch {
    return null;
  }
}

/**
 * For actions that need a signed-in user (like, follow, Buy Now, Make Offer): answers true when signed in;
 * otherwise opens the auth modal (000 §4, 001 §6 "like open the auth modal") and answers false. Without the
 * modal's provider it goes to the login page, which returns here.
 *
 * With `resume`, the action is not lost to the sign-in: it is written down when the modal opens, confirmed when
 * the visitor signs in through that modal, forgotten when the modal is closed without signing in, and run once
 * when this page is back with the visitor signed in (within RESUME_AFTER_SIGN_IN_MS) and the button `ready`. An
 * action whose modal never saw the sign-in (the page reloaded or left while it was open) is dropped. Buy Now goes
 * on to the checkout, Make Offer opens its dialog. The login page (no modal) resumes nothing.
 */
export function useRequireSignIn(resume?: ResumeAfterSignIn): () => boolean {
  const loggedIn = useLoggedIn();
  const authModal = useContext(AuthModalContext);
  const navigate = useNavigate();
  const location = useLocation();
  const resumeKey = resume?.key;
  const ready = resume?.ready !== false;
  const run = useRef(resume?.run);
  run.current = resume?.run;

  useEffect(() => {
    if (!loggedIn || resumeKey === undefined || !ready) return;
    const pending = readPending();
    if (!pending || pending.key !== resumeKey || pending.path !== location.pathname) return;
    removeStorage('session', RESUME_AFTER_SIGN_IN_KEY);
    // Only an action whose modal saw the sign-in (not one left behind by a reload or another page), and recent.
    if (!pending.confirmed || Date.now() - pending.at > RESUME_AFTER_SIGN_IN_MS) return;
    run.current?.();
  }, [loggedIn, resumeKey, ready, location.pathname]);

  return useCallback(() => {
    if (loggedIn) return true;
    if (resumeKey !== undefined) {
      const pending: PendingAction = { key: resumeKey, path: location.pathname, at: Date.now() };
      writeStorage('session', RESUME_AFTER_SIGN_IN_KEY, JSON.stringify(pending));
    }
    const forget = () => removeStorage('session', RESUME_AFTER_SIGN_IN_KEY);
    const confirm = () => {
      const pending = readPending();
      if (pending?.key === resumeKey)
        writeStorage('session', RESUME_AFTER_SIGN_IN_KEY, JSON.stringify({ ...pending, confirmed: true }));
    };
    if (authModal)
      authModal.open(
        resumeKey !== undefined ? { onDismiss: forget, onSignedIn: confirm } : { onSignedIn: forget },
      );
    else navigate(loginPathFor(`${location.pathname}${location.search}`));
    return false;
  }, [loggedIn, authModal, navigate, location.pathname, location.search, resumeKey]);
}
