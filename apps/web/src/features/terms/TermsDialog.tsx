import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { FormAlert } from '../../ui/FormAlert';
import { Skeleton } from '../../ui/Skeleton';
import { useRequestInFlight } from '../../ui/useRequestInFlight';
import { useSubmitOnce } from '../../ui/useSubmitOnce';
import { authKeys } from '../auth/query-keys';
import { Markdown } from './Markdown';
import styles from './TermsDialog.module.css';
import { agreeErrorMessage, TERMS_FETCH_FAILED, termsApi, termsKeys } from './terms-api';

/**
 * The terms-of-service dialog (000 §2 dialogs, §8): shows the current terms (the first item of the
 * fetch) and records the agreement; `onAgreed` then retries what was refused with tos_approval_required.
 */
export function TermsDialog({
  open,
  onClose,
  onAgreed,
}: {
  open: boolean;
  onClose: () => void;
  onAgreed: () => void;
}) {
  const queryClient = useQueryClient();
  const terms = useQuery({
    queryKey: termsKeys.current(),
    queryFn: ({ signal }) => termsApi.list(signal),
    enabled: open,
    retry: false,
  });
  const current = terms.data?.[0] ?? null;
  // A double click on 'I agree' agrees once: the second click sends nothing while the first is in flight.
  const once = useSubmitOnce();
  const [sending, track] = useRequestInFlight();
  const agree = useMutation({
    mutationFn: (version: string) => track(termsApi.agree(version)),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: authKeys.profile() });
      onAgreed();
    },
  });
  const fetchFailed = terms.isError || (terms.isSuccess && !current?.markdown);

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Terms of Service"
      width={640}
      loading={agree.isPending}
      // While 'I agree' is on its way it stays: closed, what it was asked for would still go on once agreed.
      dismissible={!sending}
      confirmLabel="I agree"
      confirmDisabled={!current || fetchFailed}
      onConfirm={() => {
        if (current) once.send(agree, current.version);
      }}
      testId="terms-dialog"
    >
      {fetchFailed ? (
        <>
          <FormAlert testId="terms-fetch-error">{TERMS_FETCH_FAILED}</FormAlert>
          <Button variant="secondary" loading={terms.isFetching} onClick={() => void terms.refetch()}>
            Retry
          </Button>
        </>
      ) : current ? (
        <>
          <p className={styles.intro}>
            Our Terms of Service have changed. Please read and agree to them to continue.
          </p>
          <Markdown source={current.markdown} className={styles.terms} />
        </>
      ) : (
        <Skeleton variant="rect" className={styles.skeleton} />
      )}
      {agree.isError ? (
        <FormAlert testId="terms-agree-error">{agreeErrorMessage(agree.error)}</FormAlert>
      ) : null}
    </Dialog>
  );
}

/**
 * A write that may answer tos_approval_required: `ask(retry)` opens the terms dialog and runs `retry`
 * after the agreement. Render `dialog` once.
 */
export function useTermsDialog(): { ask: (retry: () => void) => void; dialog: ReactNode } {
  const [open, setOpen] = useState(false);
  const retry = useRef<(() => void) | null>(null);
  const ask = useCallback((then: () => void) => {
    retry.current = then;
    setOpen(true);
  }, []);
  const dialog = (
    <TermsDialog
      open={open}
      onClose={() => setOpen(false)}
      onAgreed={() => {
        setOpen(false);
        const then = retry.current;
        retry.current = null;
        then?.();
      }}
    />
  );
  return { ask, dialog };
}
