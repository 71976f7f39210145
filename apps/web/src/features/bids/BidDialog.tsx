// The Place Bid dialog for auction, ranked_auction and silent_auction (issue 15, decision 012). The drop and
// item pages open it; the bids feature owns its body: the minimum bid shown and enforced, the amount in USD,
// the backing (the balance, held, when it covers the bid; else a card tokenised by the processor and
// authorised by the API), the result. A 401 opens the auth modal.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  amountText,
  bidBelowMinimumMessage,
  formatCents,
  readTradeAmount,
  type SaleType,
} from '@vitrine/domain';
import { type FormEvent, useContext, useId, useState } from 'react';
import { createActionKeys } from '../../app/action-key';
import { isApiError } from '../../app/api-client';
import { Dialog } from '../../ui/Dialog';
import { FormAlert } from '../../ui/FormAlert';
import { TextField } from '../../ui/TextField';
import { useSubmitOnce } from '../../ui/useSubmitOnce';
import { AuthModalContext } from '../auth/auth-modal-context';
import { isUnauthorized } from '../auth/authed-request';
import { useProfile } from '../auth/profile-query';
import { authKeys } from '../auth/query-keys';
import styles from '../offers/Offers.module.css';
import { PayWith } from '../trading/PayWith';
import { type CardInput, tradingApi } from '../trading/trading-api';
import { useCardForm } from '../trading/useCardForm';
import { type PendingStep, useCardVerification } from '../trading/useCardVerification';
import {
  type BidPaymentMethod,
  bidKeys,
  bidsApi,
  type CardVerificationRequired,
  centsText,
  type NewBid,
  type PlacedBid,
} from './bids-api';
import { useBidInfo } from './useYourBid';
import { yourBidText } from './your-bid';

export interface BidDialogProps {
  contractAddress: string;
  niftyType: number;
  saleType: Extract<SaleType, 'auction' | 'ranked_auction' | 'silent_auction'> | SaleType;
  open: boolean;
  onClose: () => void;
}

/** A bid's amount as typed and sent ('25.5') as people read it ('$25.50'). */
function bidText(amount: string): string {
  const read = readTradeAmount(amount);
  return 'cents' in read ? formatCents(read.cents) : `$${amount}`;
}

const NOT_PLACED =
  'Your bid was not placed: the card verification was not completed. Place the bid again to try once more.';

/** What makes two presses one action: the same bid with the same card (none: by balance). */
const actionInput = (bid: Omit<NewBid, 'paymentMethod'>, card: CardInput | null) =>
  JSON.stringify([bid, card]);

export function BidDialog(props: BidDialogProps) {
  if (!props.open) return null;
  return <OpenBidDialog {...props} />;
}

function OpenBidDialog({ contractAddress, niftyType, saleType, onClose }: BidDialogProps) {
  const formId = useId();
  const queryClient = useQueryClient();
  const authModal = useContext(AuthModalContext);
  // The auction as it is now, with the viewer's own bid state: read again on every opening (someone may
  // have bid since the figures in the cache were read), and on each live bid or auction event of this nifty
  // while the dialog is open (useBidInfo).
  const info = useBidInfo(contractAddress, niftyType, { refetchOnMount: 'always' });
  // Figures read before this opening are not shown nor enforced ('…' until the new answer).
  const current = info.isFetchedAfterMount ? info.data : undefined;
  const yours = yourBidText(current?.saleType ?? saleType, current?.yourBid);
  const balance = useProfile().data?.available_balance_in_cents ?? null;
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<BidPaymentMethod>('balance');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [placed, setPlaced] = useState<PlacedBid | null>(null);

  const bidOf = (cents: number) => ({ contractAddress, niftyType, amount: amountText(cents) });
  const once = useSubmitOnce();
  // Pressed again after a lost answer with the same bid and card: the same action (same key and card token),
  // so the API answers the bid it placed instead of refusing a second one as too small (decision 007).
  const [actions] = useState(() => createActionKeys<{ token: string }>());
  const mutation = useMutation({
    mutationFn: async (input: { bid: Omit<NewBid, 'paymentMethod'>; card: CardInput | null }) => {
      verification.clear();
      const action = actions.keyFor(actionInput(input.bid, input.card));
      if (!input.card) return bidsApi.place({ ...input.bid, paymentMethod: 'balance' }, action.key);
      // The card goes to the processor only; the bid carries its token.
      action.kept.token ??= (await tradingApi.tokenizeCard(input.card)).id;
      return bidsApi.place(
        { ...input.bid, paymentMethod: 'stripe_card', paymentToken: action.kept.token },
        action.key,
      );
    },
    onSettled: (_data, error) => actions.settle(error ?? undefined),
    onSuccess: async (result, input) => {
      // The card's bank asks for a verification first: nothing placed yet.
      if ('requiresAction' in result) {
        verification.start({
          bid: input.bid,
          id: result.requiresAction.cardVerificationId,
          secret: result.requiresAction.nextAction.clientSecret ?? null,
        });
        return;
      }
      await placedNow(result);
    },
    onError: (error) => {
      if (isUnauthorized(error) && authModal) authModal.open();
      // The API's word about the amount ('The amount is too high', a minimum raised meanwhile) shows at the amount.
      else refusedAmount(error);
    },
  });
  const card = useCardForm(mutation.error);

  /** A refusal of the amount: said at the amount; a minimum raised meanwhile is read again for the dialog's line. */
  function refusedAmount(error: unknown) {
    const message = amountRefusal(error);
    if (message === null) return;
    setFieldError(message);
    if (isApiError(error) && error.errorType === 'bid-too-low')
      void queryClient.invalidateQueries({ queryKey: bidKeys.of(contractAddress, niftyType) });
  }

  async function placedNow(result: PlacedBid) {
    setPlaced(result);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: bidKeys.of(contractAddress, niftyType) }),
      // A bid by balance holds its amount (and a raised one releases the last): the available balance the
      // account menu, the dashboard and the next dialog show moves with it.
      queryClient.invalidateQueries({ queryKey: authKeys.profile() }),
    ]);
  }

  // A bid waiting on its card's verification (3-D Secure): sent again backed by it once the step is done.
  const verification = useCardVerification<
    PendingStep & { bid: Omit<NewBid, 'paymentMethod'> },
    PlacedBid | CardVerificationRequired
  >({
    send: (pending, key) =>
      bidsApi.place({ ...pending.bid, paymentMethod: 'stripe_card', cardVerificationId: pending.id }, key),
    onAnswer: async (answer) => {
      if ('requiresAction' in answer) verification.setNotice(NOT_PLACED);
      else await placedNow(answer);
    },
    onRefused: (error) => {
      if (isUnauthorized(error) && authModal) authModal.open();
      // Outbid while the bank asked: the new minimum shows at the amount, as for a bid refused at once.
      else refusedAmount(error);
    },
    notDone: NOT_PLACED,
    notSure:
      'We could not tell whether your bid was placed: the bids are read again. Check them before you bid again.',
    // Its card released now (a bid it placed after all keeps it), and the bids and your bid state read again (a
    // Complete whose answer was lost may have placed it).
    onAbandon: (pending) => {
      void tradingApi.giveUpCardVerification(pending.id).catch(() => undefined);
      void queryClient.invalidateQueries({ queryKey: bidKeys.of(contractAddress, niftyType) });
    },
    finish: (pending) => `place your bid of ${bidText(pending.bid.amount)}`,
    testId: 'bid-action-dialog',
  });

  const minBid = current?.bidInfo.minBid ?? null;
  const read = readTradeAmount(amount);
  const cents = 'cents' in read ? read.cents : null;
  // A balance bid of this amount whose answer was lost already holds the amount: the balance read since no
  // longer covers it, and pressing again must send the same action, by balance.
  const balanceBidUnsettled = cents !== null && actions.unsettled(actionInput(bidOf(cents), null));
  // Any balance may be chosen; one short of the amount stays chosen and says so at the amount, as the offer form
  // does (UX review, 2026-12-06: the dialog switched to a card by itself and marked its empty fields).
  const balanceCovers = (balance !== null && balance > 0) || balanceBidUnsettled;
  const enough = cents === null || (balance !== null && balance >= cents) || balanceBidUnsettled;
  const chosen: BidPaymentMethod = method === 'balance' && !balanceCovers ? 'stripe_card' : method;
  const sealed = (current?.saleType ?? saleType) === 'silent_auction';
  const ended = current !== undefined && current.status !== 'live';

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if ('error' in read) {
      setFieldError(read.error);
      return;
    }
    // The viewer's own bid of this amount may be the one whose answer was lost: sent again (the same action
    // and key), the API answers that bid; otherwise it says why the amount is refused.
    const ownBidAgain = current?.yourBid?.amount_in_cents === read.cents;
    if (minBid !== null && read.cents < minBid && !ownBidAgain) {
      setFieldError(bidBelowMinimumMessage(minBid));
      return;
    }
    if (chosen === 'balance' && !enough && balance !== null) {
      setFieldError(
        `Your balance (${formatCents(balance)} available) is not enough for this bid: lower it, or pay by card.`,
      );
      return;
    }
    setFieldError(null);
    const base = bidOf(read.cents);
    if (chosen === 'balance') {
      once.send(mutation, { bid: base, card: null });
      return;
    }
    const cardRead = card.check();
    if (!cardRead) return;
    card.sending();
    once.send(mutation, { bid: base, card: cardRead });
  };

  // The bid's refusal, or the verification's once its dialog has closed.
  const refused = mutation.error ?? verification.error;
  const failure =
    refused &&
    !isUnauthorized(refused) &&
    amountRefusal(refused) === null &&
    !(refused === mutation.error && card.atFields)
      ? isApiError(refused)
        ? refused.message
        : 'Your bid could not be placed. Please try again.'
      : verification.notice;

  if (placed) {
    return (
      <Dialog
        open
        onClose={onClose}
        title="Place Bid"
        confirmLabel="Done"
        onConfirm={onClose}
        hideCancel
        testId="bid-dialog"
      >
        <p data-testid="bid-result">
          Your bid of {formatCents(placed.bid.amount_in_cents ?? 0)} was placed
          {saleType === 'auction' || placed.rank < 1 ? '.' : `: rank ${placed.rank}.`}
        </p>
        {yours ? <YourBidLine text={yours.text} winning={yours.winning} /> : null}
      </Dialog>
    );
  }

  return (
    <>
      <Dialog
        open
        onClose={onClose}
        title="Place Bid"
        loading={mutation.isPending || verification.waiting}
        formId={formId}
        confirmLabel="Place Bid"
        confirmDisabled={ended || current === undefined}
        testId="bid-dialog"
      >
        <form id={formId} className={styles.form} onSubmit={submit} noValidate data-testid="bid-form">
          {failure ? <FormAlert testId="bid-error">{failure}</FormAlert> : null}
          {info.isError ? <FormAlert testId="bid-info-error">{info.error.message}</FormAlert> : null}
          <p data-testid="bid-minimum">
            Minimum Bid: {minBid === null ? '…' : formatCents(minBid)}
            {!sealed && current?.bidInfo.highestBid != null ? (
              <span className={styles.muted}> · Highest Bid: {formatCents(current.bidInfo.highestBid)}</span>
            ) : null}
          </p>
          {yours ? <YourBidLine text={yours.text} winning={yours.winning} /> : null}
          {ended ? <FormAlert testId="bid-ended">This auction has ended</FormAlert> : null}
          <TextField
            name="bidAmount"
            label="Bid amount (USD)"
            inputMode="decimal"
            autoComplete="off"
            placeholder={minBid === null ? '' : centsText(minBid)}
            value={amount}
            onChange={(event) => {
              // A message about the amount goes as soon as it is changed.
              setAmount(event.target.value);
              setFieldError(null);
            }}
            error={fieldError}
            disabled={mutation.isPending}
            autoFocus
          />
          <PayWith
            name="bid"
            chosen={chosen}
            onChoose={setMethod}
            balance={balance}
            balanceCovers={balanceCovers}
            amountTyped={cents !== null}
            card={card}
            disabled={mutation.isPending}
          />
          <p className={styles.note} data-testid="bid-note">
            {chosen === 'balance'
              ? 'The amount is held from your balance while your bid can win, and released when it is outbid.'
              : 'Your card is authorised for the amount now and charged only if your bid wins.'}
            {sealed ? ' Bids are sealed: other bidders never see your amount.' : ''}
          </p>
        </form>
      </Dialog>
      {verification.dialog}
    </>
  );
}

/** The bidder's own state ('You're the highest bidder', 'You've been outbid', …), announced as it changes. */
export function YourBidLine({
  text,
  winning,
  className,
}: {
  text: string;
  winning: boolean;
  className?: string;
}) {
  return (
    <p className={className} role="status" data-testid="your-bid-state" data-winning={winning}>
      <strong>{text}</strong>
    </p>
  );
}

/**
 * The message at the amount for a refusal of the amount (null for another refusal): the API's own message at
 * the field, or the minimum it answers for a bid under it (its message, 'Minimum Bid: $500.00', says the minimum
 * but not that the bid is under it), or the raise a ranked bid must make. Shown at the field, not above the form.
 */
function amountRefusal(error: unknown): string | null {
  if (!isApiError(error)) return null;
  if (error.fields?.amount) return error.fields.amount;
  if (error.errorType === 'bid-too-low') {
    const minimum = Number(error.fields?.minBidInCents);
    return Number.isSafeInteger(minimum) ? bidBelowMinimumMessage(minimum) : error.message;
  }
  if (error.errorType === 'bid-increment-too-small') return error.message;
  return null;
}
