import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatCents, readUsdAmount } from '@vitrine/domain';
import { type FormEvent, useRef, useState } from 'react';
import { createActionKeys, outcomeKnown } from '../../app/action-key';
import { isApiError } from '../../app/api-client';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { FormAlert } from '../../ui/FormAlert';
import { focusFirstInvalid } from '../../ui/focus-first-invalid';
import { Skeleton } from '../../ui/Skeleton';
import { TextField } from '../../ui/TextField';
import { useSubmitOnce } from '../../ui/useSubmitOnce';
import { authKeys } from '../auth/query-keys';
import { StepUpCodeField, useStepUpCode } from '../auth/StepUpCodeField';
import { isTwoFactorInvalid, twoFactorRequired } from '../auth/step-up';
import { DECLINED_CARD_RETRY } from '../trading/buy-flow';
import { CardActionDialog } from '../trading/CardActionDialog';
import { CardFields } from '../trading/CardFields';
import { passCardStep } from '../trading/stripe-card';
import { tradingApi } from '../trading/trading-api';
import { useCardForm } from '../trading/useCardForm';
import styles from './DashboardPage.module.css';
import { type BalanceAnswer, balanceApi, balanceStateQuery, dashboardKeys } from './dashboard-api';
import { AMOUNT_RANGE, cashOutAmountError, cashOutView } from './dashboard-format';

/** 000 §9: the deposit dialog is 792 px wide on wide screens. */
export const DEPOSIT_DIALOG_WIDTH = 792;

/** The amount typed, as cents when it reads as one (the submit button says what will move). */
function typedCents(amount: string): number | null {
  const read = readUsdAmount(amount, AMOUNT_RANGE);
  return 'cents' in read ? read.cents : null;
}

/** After money moved: the balance in the account menu and the dashboard's lists. */
function useRefreshBalance() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: authKeys.profile() }),
      queryClient.invalidateQueries({ queryKey: dashboardKeys.all() }),
    ]);
}

/** The Deposit tab: add funds by card (the simulated processor), cash out, and depositing NFTs. */
export function DepositTab() {
  const [nftDialog, setNftDialog] = useState(false);
  return (
    <div className={styles.cards}>
      <AddFunds />
      <CashOut />
      <div className={styles.card}>
        <h2 className={styles.cardTitle}>Deposit NFTs</h2>
        <p className={styles.muted}>Bring NFTs you hold in an external wallet to your account.</p>
        <div>
          <Button variant="secondary" onClick={() => setNftDialog(true)} data-testid="deposit-nft">
            Deposit an NFT
          </Button>
        </div>
      </div>
      <Dialog
        open={nftDialog}
        onClose={() => setNftDialog(false)}
        title="Deposit NFTs"
        width={DEPOSIT_DIALOG_WIDTH}
        hideCancel
        confirmLabel="Okay"
        testId="deposit-dialog"
      >
        <h3 className={styles.subTitle}>Manual deposit</h3>
        <p data-testid="manual-deposit-unavailable">
          Depositing NFTs is not available yet. It needs the blockchain connection, which is still being
          built: wallet checks, the deposit address and the compatibility check will appear here when it is
          ready.
        </p>
      </Dialog>
    </div>
  );
}

function AddFunds() {
  const refresh = useRefreshBalance();
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  const [done, setDone] = useState<{ added: number; answer: BalanceAnswer } | null>(null);
  // A card that needs its bank's verification (3-D Secure): the deposit waits for it, nothing added yet.
  // A deposit waiting on its card's second step; with Stripe, the client secret Stripe.js runs that step with.
  const [waiting, setWaiting] = useState<{ depositId: number; cents: number; secret: string | null } | null>(
    null,
  );
  const [notice, setNotice] = useState<string | null>(null);
  // Pressed again after a lost answer with the same amount and card: the same action (same key and token).
  const [actions] = useState(() => createActionKeys<{ token: string }>());
  const mutation = useMutation({
    mutationFn: async (input: { cents: number; card: Parameters<typeof tradingApi.tokenizeCard>[0] }) => {
      const action = actions.keyFor(JSON.stringify([input.cents, input.card]));
      // The card goes to the processor only; the deposit call carries its token.
      action.kept.token ??= (await tradingApi.tokenizeCard(input.card)).id;
      return {
        added: input.cents,
        answer: await balanceApi.deposit(input.cents, action.kept.token, action.key),
      };
    },
    onSettled: (_data, error) => {
      submitting.current = false;
      actions.settle(error ?? undefined);
    },
    onSuccess: async (result) => {
      if (result.answer.requiresAction) {
        setWaiting({
          depositId: result.answer.requiresAction.depositId,
          cents: result.added,
          secret: result.answer.requiresAction.nextAction.clientSecret ?? null,
        });
        return;
      }
      setDone(result);
      setAmount('');
      card.reset();
      await refresh();
    },
  });
  const completeKey = useRef<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // Complete verification sent and not answered yet, known from the click on (before the pending state renders).
  const completeOnce = useSubmitOnce();
  const complete = useMutation({
    mutationFn: async (pending: { depositId: number; cents: number; secret: string | null }) => {
      await passCardStep(pending.secret);
      completeKey.current ??= crypto.randomUUID();
      return {
        added: pending.cents,
        answer: await balanceApi.completeDeposit(pending.depositId, completeKey.current),
      };
    },
    onSuccess: async (result) => {
      completeKey.current = null;
      setWaiting(null);
      setNotice(null);
      setDone(result);
      setAmount('');
      card.reset();
      await refresh();
    },
    onError: async (error) => {
      // No answer, a server error, the processor unreachable: the funds may have been added (the server charges
      // and credits, or the minute sweep does). The step stays with its key, so pressing again asks the same and is
      // answered from the first; the balance is read again (review 2026-12-07: the dialog closed and the key went,
      // and Add again charged the card a second time).
      if (!outcomeKnown(error) || !isApiError(error)) {
        await refresh();
        return;
      }
      // An answer came (the verification not done yet, declined, gone): the next press is a new request, with a
      // new key (the same key would replay this answer). Refused for good: the dialog closes and says why.
      completeKey.current = null;
      // Not done yet, or Stripe.js could not be loaded to run the step: the step stays, to be tried again.
      if (error.errorType !== 'payment-requires-action' && error.errorType !== 'card-form-unavailable')
        setWaiting(null);
    },
  });
  // The processor's refusal of the card ('Your card number is invalid.') shows at its field.
  const card = useCardForm(mutation.error);
  // A second click before the pending state renders (a double click) must not add the funds twice.
  const submitting = useRef(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (submitting.current) return;
    setDone(null);
    setNotice(null);
    // The last try's answer (a declined card) goes: it must not stand beside this try's own problem.
    mutation.reset();
    complete.reset();
    // Each field's problem at that field, all at once; what was typed stays.
    const parsed = readUsdAmount(amount, AMOUNT_RANGE);
    const read = card.check();
    setAmountError('error' in parsed ? parsed.error : null);
    if ('error' in parsed || !read) {
      focusFirstInvalid(formRef.current);
      return;
    }
    submitting.current = true;
    card.sending();
    mutation.mutate({ cents: parsed.cents, card: read });
  };
  // The deposit's refusal (not one told at the card's fields), or the verification's once its dialog has closed.
  const failure =
    (mutation.isError && !card.atFields ? mutation.error : null) ??
    (complete.isError && !waiting ? complete.error : null);
  const cents = typedCents(amount);
  return (
    <form ref={formRef} className={styles.card} onSubmit={submit} noValidate data-testid="add-funds">
      <h2 className={styles.cardTitle}>Add funds by card</h2>
      <p className={styles.muted}>From $1 to $10,000, added to your balance at once.</p>
      {done ? (
        <FormAlert tone="success" testId="add-funds-done">
          {formatCents(done.added)} added. Your balance is {formatCents(done.answer.balanceInCents)}.
        </FormAlert>
      ) : null}
      {failure ? (
        <FormAlert testId="add-funds-error">
          {isApiError(failure) && failure.errorType === 'card_declined'
            ? DECLINED_CARD_RETRY
            : failure.message}
        </FormAlert>
      ) : null}
      {notice ? (
        <FormAlert tone="info" testId="add-funds-notice">
          {notice}
        </FormAlert>
      ) : null}
      <TextField
        name="depositAmount"
        label="Amount (USD)"
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        onChange={(event) => {
          setAmount(event.target.value);
          setAmountError(null);
        }}
        error={amountError}
        disabled={mutation.isPending}
      />
      <CardFields
        value={card.value}
        onChange={card.change}
        disabled={mutation.isPending}
        errors={card.errors}
      />
      <div>
        {/* The exact amount the card is charged, before it is. */}
        <Button type="submit" loading={mutation.isPending} data-testid="add-funds-submit">
          {cents === null ? 'Add funds' : `Add ${formatCents(cents)}`}
        </Button>
      </div>
      <CardActionDialog
        open={waiting !== null}
        onClose={() => {
          // Escape or Cancel while the step is being completed: the answer on its way decides.
          if (completeOnce.busy()) return;
          setWaiting(null);
          complete.reset();
          setNotice(
            'Nothing was added: the card verification was not completed. Add funds again to try once more.',
          );
        }}
        onConfirm={() => {
          if (waiting) completeOnce.send(complete, waiting);
        }}
        loading={complete.isPending}
        error={waiting && complete.isError ? complete.error.message : null}
        finish={waiting ? `add ${formatCents(waiting.cents)} to your balance` : 'add the funds'}
        testId="add-funds-action-dialog"
        // Add funds was busy when the step opened: the keyboard's place is that button again.
        returnFocus={() => formRef.current?.querySelector<HTMLElement>('[data-testid="add-funds-submit"]')}
      />
    </form>
  );
}

function CashOut() {
  const refresh = useRefreshBalance();
  // What may be cashed out now (funds added by card and sale proceeds settle first), not the whole balance.
  const balance = useQuery(balanceStateQuery());
  const view = balance.data ? cashOutView(balance.data) : null;
  const [amount, setAmount] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const cashOutRef = useRef<HTMLFormElement>(null);
  const [done, setDone] = useState<{ paid: number; answer: BalanceAnswer } | null>(null);
  const [actions] = useState(() => createActionKeys());
  // With two-factor on, the first press asks for the code (sent by text or email), the next sends it.
  const stepUp = useStepUpCode();
  // The amount the code asked for was sent for.
  const codeFor = useRef<number | null>(null);
  const mutation = useMutation({
    mutationFn: async ({ cents, code }: { cents: number; code: string | undefined }) => ({
      paid: cents,
      // One key per amount, whatever code goes with it: the code is a credential for one try, not part of the
      // action (the server leaves it out of the key's request). A cash out whose answer was lost, sent again with a
      // new code, is answered from the first, never paid out twice (review 2026-12-07).
      answer: await balanceApi.payout(cents, actions.keyFor(String(cents)).key, code),
    }),
    onSettled: (_data, error) => {
      submitting.current = false;
      actions.settle(error ?? undefined);
    },
    onSuccess: async (result) => {
      setDone(result);
      setAmount('');
      confirmed.current = null;
      stepUp.reset();
      await refresh();
    },
    // Refused as more than may leave now: the balance moved elsewhere (another tab, a purchase) or funds arrived
    // that are still settling, so the figures shown are stale.
    onError: async (error, sent) => {
      if (twoFactorRequired(error)) codeFor.current = sent.cents;
      if (stepUp.handled(error)) return;
      if (
        isApiError(error) &&
        (error.errorType === 'insufficient-funds' || error.errorType === 'funds-settling')
      )
        await refresh();
    },
  });
  // A second click before the pending state renders (a double click) must not cash out twice.
  const submitting = useRef(false);
  // Money leaves for good: the amount, where it goes and the balance after are read and confirmed first (QA
  // 2026-12-07: one press sent it). An amount confirmed once is not asked again while its two-factor code is asked.
  const [review, setReview] = useState<number | null>(null);
  const confirmed = useRef<number | null>(null);
  const send = (cents: number) => {
    if (!stepUp.ready()) return;
    submitting.current = true;
    mutation.mutate({ cents, code: stepUp.code });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (submitting.current) return;
    setDone(null);
    // The last try's answer goes: it must not stand beside this try's own problem.
    mutation.reset();
    const parsed = readUsdAmount(amount, AMOUNT_RANGE);
    if ('error' in parsed) {
      setFieldError(parsed.error);
      focusFirstInvalid(cashOutRef.current);
      return;
    }
    // Beyond what may leave now: said here, before the server refuses it. A cash-out of this amount whose answer
    // was lost already took the money: the balance read since is below it, and pressing again is the same action,
    // for the server to answer (decision 007).
    const problem =
      view && !actions.unsettled(String(parsed.cents)) ? cashOutAmountError(parsed.cents, view) : null;
    if (problem) {
      setFieldError(problem);
      focusFirstInvalid(cashOutRef.current);
      return;
    }
    setFieldError(null);
    // A press again of an amount whose answer was lost is the same action (decision 007): no second review.
    if (confirmed.current !== parsed.cents && !actions.unsettled(String(parsed.cents))) {
      setReview(parsed.cents);
      return;
    }
    send(parsed.cents);
  };
  const cents = typedCents(amount);
  // No form where no cash out could go through (nothing settled, below the minimum), unless one is on its way or its
  // answer was lost: pressing again is the same action, which the server answers.
  const formOpen =
    view?.kind === 'form' || mutation.isPending || (mutation.isError && !outcomeKnown(mutation.error));
  const available = balance.data ? ` Available: ${formatCents(balance.data.availableInCents)}.` : '';
  return (
    <form ref={cashOutRef} className={styles.card} onSubmit={submit} noValidate data-testid="cash-out">
      <h2 className={styles.cardTitle}>Cash out</h2>
      {/* Its limits said before a refusal does, as Add funds says its own (QA 2026-12-07). */}
      <p className={styles.muted} data-testid="cash-out-intro">
        A bank transfer from your balance (simulated), from {formatCents(AMOUNT_RANGE.min)} to{' '}
        {formatCents(AMOUNT_RANGE.max)}.{available}
      </p>
      {!balance.data && balance.isError ? (
        <FormAlert
          testId="cash-out-state-error"
          action={
            <Button
              size="sm"
              variant="secondary"
              loading={balance.isFetching}
              onClick={() => void balance.refetch()}
            >
              Retry
            </Button>
          }
        >
          We couldn't load how much you can cash out.
        </FormAlert>
      ) : null}
      {!balance.data && !balance.isError ? (
        <p className={styles.muted} role="status" data-testid="cash-out-loading">
          <Skeleton width={220} />
          <span className="visually-hidden">Loading how much you can cash out…</span>
        </p>
      ) : null}
      {view?.kind === 'form' && view.settling ? (
        <FormAlert tone="info" testId="cash-out-settling">
          <strong>You can cash out up to {formatCents(view.maxCents)} now.</strong> {view.settling}
        </FormAlert>
      ) : null}
      {view?.kind === 'empty' ? (
        <p className={styles.note} data-testid="cash-out-empty">
          Your balance is empty, so there is nothing to cash out. Funds you add by card and the proceeds of
          your sales can be cashed out here.
        </p>
      ) : null}
      {view?.kind === 'closed' ? (
        <div className={styles.note} data-testid="cash-out-closed">
          {view.lines.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
      ) : null}
      {done ? (
        <FormAlert tone="success" testId="cash-out-done">
          {formatCents(done.paid)} is on its way. Your balance is {formatCents(done.answer.balanceInCents)}.
        </FormAlert>
      ) : null}
      {mutation.isError && !twoFactorRequired(mutation.error) && !isTwoFactorInvalid(mutation.error) ? (
        <FormAlert testId="cash-out-error">{mutation.error.message}</FormAlert>
      ) : null}
      {formOpen ? (
        <>
          <TextField
            name="payoutAmount"
            label="Amount (USD)"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(event) => {
              setAmount(event.target.value);
              setFieldError(null);
              // A code sent by text or email confirms the amount it was sent for (its message names it): another
              // amount asks for a new one at the next press (QA 2026-12-07). The same amount written otherwise
              // ('25' and '25.00') keeps the code.
              if (
                stepUp.asked &&
                stepUp.asked !== 'totp' &&
                typedCents(event.target.value) !== codeFor.current
              )
                stepUp.reset();
            }}
            error={fieldError}
            disabled={mutation.isPending}
          />
          <StepUpCodeField stepUp={stepUp} disabled={mutation.isPending} />
          <Dialog
            open={review !== null}
            onClose={() => setReview(null)}
            title="Review your cash out"
            confirmLabel={review === null ? 'Cash out' : `Cash out ${formatCents(review)}`}
            cancelLabel="Back"
            onConfirm={() => {
              if (review === null) return;
              confirmed.current = review;
              setReview(null);
              send(review);
            }}
            returnFocus={() =>
              cashOutRef.current?.querySelector<HTMLElement>('[data-testid="cash-out-submit"]')
            }
            testId="cash-out-review"
          >
            {review !== null ? (
              <dl className={styles.review}>
                <div>
                  <dt>Amount</dt>
                  <dd data-testid="cash-out-review-amount">{formatCents(review)}</dd>
                </div>
                <div>
                  <dt>To</dt>
                  <dd>Your bank account, by bank transfer (simulated)</dd>
                </div>
                <div>
                  <dt>Fee</dt>
                  <dd>None</dd>
                </div>
                {balance.data ? (
                  <div>
                    <dt>Balance after</dt>
                    <dd data-testid="cash-out-review-after">
                      {formatCents(balance.data.balanceInCents - review)}
                    </dd>
                  </div>
                ) : null}
              </dl>
            ) : null}
            <p>A cash out cannot be stopped once it is sent.</p>
          </Dialog>
          <div>
            <Button
              type="submit"
              variant="secondary"
              loading={mutation.isPending}
              data-testid="cash-out-submit"
            >
              {cents === null ? 'Cash out' : `Cash out ${formatCents(cents)}`}
            </Button>
          </div>
        </>
      ) : null}
    </form>
  );
}
