import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { clearCredentials } from '../../app/credentials';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { ErrorFallback } from '../../ui/ErrorFallback';
import { FormAlert } from '../../ui/FormAlert';
import { Skeleton } from '../../ui/Skeleton';
import { serverMessage } from '../auth/auth-errors';
import { LOGIN_PATH } from '../auth/paths';
import { authKeys } from '../auth/query-keys';
import { useLoginRedirectOn401 } from '../auth/useLoginRedirectOn401';
import { useSignOut } from '../auth/useSignOut';
import styles from './AccountSettingsPage.module.css';
import { accountApi } from './account-api';
import { accountKeys } from './query-keys';
import { SessionRow } from './SessionRow';
import sessionStyles from './SessionsSection.module.css';
import { SettingsCard } from './SettingsCard';

/** Where the account is signed in, newest first; end one session or all of them ('sign out everywhere'). */
export function SessionsSection() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { signOut } = useSignOut();
  const [page, setPage] = useState(1);
  const sessions = useQuery({
    queryKey: accountKeys.sessionsPage(page),
    queryFn: ({ signal }) => accountApi.sessions(page, signal),
    placeholderData: keepPreviousData,
  });
  const [ending, setEnding] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirmAll, setConfirmAll] = useState(false);
  const [endingAll, setEndingAll] = useState(false);
  useLoginRedirectOn401(sessions.error);

  const endSession = async (id: string, current: boolean) => {
    setEnding(id);
    setError(null);
    try {
      if (current) {
        await signOut();
        return;
      }
      await accountApi.revokeSession(id);
      await queryClient.invalidateQueries({ queryKey: accountKeys.sessions() });
    } catch (failure) {
      setError(serverMessage(failure) ?? 'An unknown error occurred');
    } finally {
      setEnding(null);
    }
  };

  const endAll = async () => {
    setEndingAll(true);
    setError(null);
    try {
      await accountApi.revokeAll(false);
      // This device too: the session is over here as well.
      clearCredentials();
      queryClient.removeQueries({ queryKey: authKeys.user() });
      navigate(LOGIN_PATH, { replace: true });
    } catch (failure) {
      setError(serverMessage(failure) ?? 'An unknown error occurred');
      setEndingAll(false);
      setConfirmAll(false);
    }
  };

  let list: ReactNode;
  if (sessions.isPending) {
    list = (
      <ul className={sessionStyles.list} aria-busy="true">
        {[0, 1, 2].map((key) => (
          <li key={key} className={sessionStyles.row}>
            <Skeleton variant="circle" width={44} height={44} />
            <div className={sessionStyles.details}>
              <Skeleton width="40%" />
              <Skeleton width="70%" />
            </div>
          </li>
        ))}
      </ul>
    );
  } else if (sessions.isError) {
    list = (
      <ErrorFallback
        title="Your sessions could not be loaded"
        message={serverMessage(sessions.error) ?? 'Check your connection and try again.'}
        onRetry={() => void sessions.refetch()}
        retrying={sessions.isFetching}
      />
    );
  } else if (sessions.data.results.length === 0) {
    list = <p className={styles.muted}>No active sessions.</p>;
  } else {
    const { results, total_pages: totalPages } = sessions.data;
    list = (
      <>
        <ul className={sessionStyles.list} data-testid="sessions-list">
          {results.map((session) => (
            <SessionRow
              key={session.id}
              session={session}
              busy={ending === session.id}
              onSignOut={() => void endSession(session.id, session.current)}
            />
          ))}
        </ul>
        {totalPages > 1 ? (
          <div className={sessionStyles.pager}>
            <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              Previous
            </Button>
            <span className={styles.muted}>
              Page {page} of {totalPages}
            </span>
            <Button
              variant="secondary"
              size="sm"
              disabled={page >= totalPages}
              onClick={() => setPage((p) => p + 1)}
            >
              Next
            </Button>
          </div>
        ) : null}
      </>
    );
  }

  return (
    <>
      <SettingsCard
        title="Where you're signed in"
        description="Sign out of a device you no longer use or don't recognise."
        testId="settings-sessions"
      >
        {list}
        {error ? <FormAlert>{error}</FormAlert> : null}
      </SettingsCard>
      <SettingsCard
        title="Sign out everywhere"
        description="Ends every session of your account, on this device too."
        testId="settings-sign-out-everywhere"
      >
        <div>
          <Button variant="danger" onClick={() => setConfirmAll(true)}>
            Sign out everywhere
          </Button>
        </div>
      </SettingsCard>
      <Dialog
        open={confirmAll}
        onClose={() => setConfirmAll(false)}
        title="Sign out everywhere?"
        confirmLabel="Sign out everywhere"
        onConfirm={() => void endAll()}
        loading={endingAll}
        testId="sign-out-everywhere-dialog"
      >
        <p>Every device signed in to your account, this one included, will need to sign in again.</p>
      </Dialog>
    </>
  );
}
