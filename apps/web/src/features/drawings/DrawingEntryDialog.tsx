// The drawing entry dialog for drawing and pack_drawing drops (issue 15, decision 013): the entry needs a
// validated profile and an unused entry (000 §5); a priced entry holds its price on the balance, or is
// authorised on a card tokenised by the processor, until the draw, and only winners are charged. The drop
// pages and the drawing page open it.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useContext, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { createActionKeys } from '../../app/action-key';
import { isApiError } from '../../app/api-client';
import { useLoggedIn } from '../../app/useLoggedIn';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { FormAlert } from '../../ui/FormAlert';
import { Skeleton } from '../../ui/Skeleton';
import { AuthModalContext } from '../auth/auth-modal-context';
import { useProfile } from '../auth/profile-query';
import { authKeys } from '../auth/query-keys';
import { useTermsDialog } from '../terms/TermsDialog';
import { isTermsApprovalRequired } from '../terms/terms-api';
import { PayWith } from '../trading/PayWith';
import { type CardInput, tradingApi } from '../trading/trading-api';
import { useCardForm } from '../trading/useCardForm';
import { type PendingStep, useCardVerification } from '../trading/useCardVerification';
import styles from './DrawingEntryDialog.module.css';
import {
  type CardVerificationRequired,
  type Drawing,
  drawingsApi,
  drawingsKeys,
  type EntryPayment,
} from './drawings-api';
import { entriesText } from './drawings-text';

export interface DrawingEntryDialogProps {
  contractAddress: string;
  niftyType: number;
  open: boolean;
  onClose: () => void;
}

const NOT_ENTERED =
  'You did not enter: the card verification was not completed. Enter again to try once more.';

const dollars = (cents: number) => (cents === 0 ? 'FREE' : `$${(cents / 100).toFixed(2)}`);

export function DrawingEntryDialog({ contractAddress, niftyType, open, onClose }: DrawingEntryDialogProps) {
  const loggedIn = useLoggedIn();
  const authModal = useContext(AuthModalContext);
  const queryClient = useQueryClient();
  const terms = useTermsDialog();
  const drawing = useQuery({
    queryKey: drawingsKeys.drawing(contractAddress, niftyType, loggedIn),
    queryFn: () => drawingsApi.get(contractAddress, niftyType),
    enabled: open,
  });
  const profile = useProfile();
  const balance = profile.data?.available_balance_in_cents ?? null;
  const [method, setMethod] = useState<EntryPayment['paymentMethod']>('balance');
  // Pressed again after a lost answer with the same payment: the same action (same key and card token), so the
  // API answers the entry it made instead of refusing a second one (decision 007).
  const [actions] = useState(() => createActionKeys<{ token: string }>());
  const enter = useMutation({
    // `card` null: by balance (or free when the entry has no price).
    mutationFn: async (input: { free: boolean; card: CardInput | null }) => {
      verification.clear();
      const action = actions.keyFor(JSON.stringify(input));
      if (input.free) return drawingsApi.enter(contractAddress, niftyType, undefined, action.key);
      if (!input.card)
        return drawingsApi.enter(contractAddress, niftyType, { paymentMethod: 'balance' }, action.key);
      // The card goes to the processor only; the entry carries its token.
      action.kept.token ??= (await tradingApi.tokenizeCard(input.card)).id;
      return drawingsApi.enter(
        contractAddress,
        niftyType,
        { paymentMethod: 'stripe_card', paymentToken: action.kept.token },
        action.key,
      );
    },
    onSuccess: (next) => {
      // The card's bank asks for a verification first: nothing entered yet.
      if ('requiresAction' in next) {
        verification.start({
          id: next.requiresAction.cardVerificationId,
          secret: next.requiresAction.nextAction.clientSecret ?? null,
        });
        return;
      }
      entered(next);
    },
    onError: (error) => {
      if (isTermsApprovalRequired(error)) terms.ask(() => submit());
    },
    onSettled: (_data, error) => {
      submitting.current = false;
      actions.settle(error ?? undefined);
    },
  });
  const card = useCardForm(enter.error);

  function entered(next: Drawing) {
    queryClient.setQueryData(drawingsKeys.drawing(contractAddress, niftyType, true), next);
    void queryClient.invalidateQueries({ queryKey: drawingsKeys.all() });
    // An entry by balance holds its price: the available balance shown elsewhere moves with it.
    void queryClient.invalidateQueries({ queryKey: authKeys.profile() });
  }

  // An entry waiting on its card's verification (3-D Secure): sent again backed by it once the step is done.
  const verification = useCardVerification<PendingStep, Drawing | CardVerificationRequired>({
    send: (pending, key) =>
      drawingsApi.enter(
        contractAddress,
        niftyType,
        { paymentMethod: 'stripe_card', cardVerificationId: pending.id },
        key,
      ),
    onAnswer: (next) => {
      if ('requiresAction' in next) verification.setNotice(NOT_ENTERED);
      else entered(next);
    },
    notDone: NOT_ENTERED,
    notSure: 'We could not tell whether you entered: the drawing is read again.',
    // Its card released now (an entry it made after all keeps it), and the drawing read again (a Complete whose
    // answer was lost may have entered): it says whether you entered.
    onAbandon: (pending) => {
      void tradingApi.giveUpCardVerification(pending.id).catch(() => undefined);
      void queryClient.invalidateQueries({ queryKey: drawingsKeys.all() });
    },
    finish: () => `enter the drawing for ${dollars(drawing.data?.priceInCents ?? 0)}`,
    testId: 'drawing-action-dialog',
  });
  // The body is a form whose submit button is the dialog's confirm: Enter in the card fields enters too.
  const formId = useId();
  // A second click before the pending state renders (a double click) must not send a second entry.
  const submitting = useRef(false);
  const d = drawing.data;
  const used = d?.saleDetails.userEntriesUsed ?? 0;
  const unused = d?.saleDetails.userEntriesUnused ?? 0;
  // A refused card shows at its fields, not here; the verification's refusal once its dialog has closed.
  const error =
    (enter.error && !isTermsApprovalRequired(enter.error) && !card.atFields ? enter.error : null) ??
    verification.error;
  const canEnter = loggedIn && d?.status === 'open' && d.validated === true && unused > 0;
  const price = d?.priceInCents ?? 0;
  // While the balance is unknown the balance is offered (the API answers 402 when it is too low). A balance entry
  // whose answer was lost already holds the price: the balance read since no longer covers it, and pressing again
  // must send the same action, by balance (as the bid dialog does).
  const balanceCovers =
    balance === null || balance >= price || actions.unsettled(JSON.stringify({ free: false, card: null }));
  // A priced entry: the balance when it covers the price, else (or by choice) a card.
  const chosen: EntryPayment['paymentMethod'] =
    price > 0 && (method === 'stripe_card' || !balanceCovers) ? 'stripe_card' : 'balance';

  function submit() {
    if (submitting.current) return;
    if (price === 0 || chosen === 'balance') {
      submitting.current = true;
      enter.mutate({ free: price === 0, card: null });
      return;
    }
    const read = card.check();
    if (!read) return;
    card.sending();
    submitting.current = true;
    enter.mutate({ free: false, card: read });
  }

  return (
    <>
      <Dialog
        open={open}
        onClose={onClose}
        title="Enter Drawing"
        testId="drawing-entry-dialog"
        loading={enter.isPending || verification.waiting}
        formId={formId}
        confirmLabel={used > 0 ? 'Entered' : 'Enter Drawing'}
        confirmDisabled={!canEnter}
        // Once entered (or when it cannot be entered) dismissing cancels nothing: the button closes.
        cancelLabel={canEnter && used === 0 ? undefined : 'Close'}
      >
        {drawing.isError ? <FormAlert>We could not load this drawing.</FormAlert> : null}
        {drawing.isPending || (d && loggedIn && profile.isPending) ? (
          // What the entry needs is on its way: the drawing (a failed read says so above), and signed in, the
          // balance that decides how a priced entry is paid. In the shape of the body it becomes.
          <div className={styles.skeleton} aria-busy="true" data-testid="drawing-entry-loading">
            <Skeleton width="70%" />
            <Skeleton width="100%" height={40} />
            <Skeleton width="100%" height={88} />
            <Skeleton width="85%" />
          </div>
        ) : d ? (
          <form
            id={formId}
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (canEnter) submit();
            }}
            data-testid="drawing-entry-body"
          >
            <p>
              <strong>{d.name}</strong> · {dollars(d.priceInCents)} · {d.editionsToDraw}{' '}
              {d.editionsToDraw === 1 ? 'edition' : 'editions'} ·{' '}
              <span data-testid="drawing-total-entries">{entriesText(d.saleDetails.totalEntries)}</span>
            </p>
            <p>
              Winners are drawn at random when the drawing closes. Only winners are charged; a priced entry
              holds its price on your balance, or authorises it on your card, until then.
            </p>
            {canEnter && price > 0 ? (
              <PayWith
                name="drawing"
                chosen={chosen}
                onChoose={setMethod}
                balance={balance}
                balanceCovers={balanceCovers}
                card={card}
                disabled={enter.isPending}
              />
            ) : null}
            <p>
              Commitment: <code data-testid="drawing-commitment">{d.commitment}</code>
            </p>
            {!loggedIn ? (
              // Something to press (review 2026-12-07: the dialog said to sign in and offered no way to).
              <FormAlert
                tone="info"
                testId="drawing-sign-in"
                action={
                  authModal ? (
                    <Button
                      variant="secondary"
                      onClick={() => {
                        onClose();
                        authModal.open();
                      }}
                    >
                      Sign in
                    </Button>
                  ) : null
                }
              >
                Sign in to enter this drawing.
              </FormAlert>
            ) : null}
            {loggedIn && d.validated === false ? (
              <FormAlert
                tone="warning"
                action={<Link to="/account/profile-validation">Validate your profile</Link>}
              >
                Validated account required
              </FormAlert>
            ) : null}
            {loggedIn && used > 0 ? (
              <FormAlert tone="success" testId="drawing-entered">
                You entered this drawing ({used} of {used + unused} entries used).
              </FormAlert>
            ) : null}
            {d.status !== 'open' ? <FormAlert tone="info">This drawing is not open.</FormAlert> : null}
            {error ? (
              <FormAlert>{isApiError(error) ? error.message : 'Something went wrong'}</FormAlert>
            ) : verification.notice ? (
              <FormAlert testId="drawing-entry-notice">{verification.notice}</FormAlert>
            ) : null}
          </form>
        ) : null}
      </Dialog>
      {terms.dialog}
      {verification.dialog}
    </>
  );
}
