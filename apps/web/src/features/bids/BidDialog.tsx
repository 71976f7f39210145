// The Place Bid dialog for auction, ranked_auction and silent_auction (issue 15, decision 012). The drop and
// item pages open it; the bids feature owns its body: the minimum bid shown and enforced, the amount in USD,
// the backing (the balance, held, when it covers the bid; else a card tokenised by the processor and
// authorised by the API), the result. A 401 opens the auth modal.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { amountText, formatCents, readUsdAmount, type SaleType } from '@vitrine/domain';
import { type FormEvent, useContext, useId, useState } from 'react';
import { isApiError } from '../../app/api-client';
import { Dialog } from '../../ui/Dialog';
import { FormAlert } from '../../ui/FormAlert';
import { TextField } from '../../ui/TextField';
import { useSubmitOnce } from '../../ui/useSubmitOnce';
import { AuthModalContext } from '../auth/auth-modal-context';
import { isUnauthorized } from '../auth/authed-request';
import { useProfile } from '../auth/profile-query';
import styles from '../offers/Offers.module.css';
import { PayWith } from '../trading/PayWith';
import { tradingApi } from '../trading/trading-api';
import { useCardForm } from '../trading/useCardForm';
import { type BidPaymentMethod, bidKeys, bidsApi, centsText, type NewBid, type PlacedBid } from './bids-api';
import { useBidInfo } from './useYourBid';
import { yourBidText } from './your-bid';

export interface BidDialogProps {
  contractAddress: string;
  niftyType: number;
  saleType: Extract<SaleType, 'auction' | 'ranked_auction' | 'silent_auction'> | SaleType;
  open: boolean;
  onClose: () => void;
}

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

  const once = useSubmitOnce();
  const mutation = useMutation({
    mutationFn: async (prepare: () => Promise<NewBid>) => bidsApi.place(await prepare()),
    onSuccess: async (result) => {
      setPlaced(result);
      await queryClient.invalidateQueries({ queryKey: bidKeys.of(contractAddress, niftyType) });
    },
    onError: (error) => {
      if (isUnauthorized(error) && authModal) authModal.open();
      // The API's message about the amount ('The amount is too high') shows at the amount.
      else if (isApiError(error) && error.fields?.amount) setFieldError(error.fields.amount);
    },
  });
  const card = useCardForm(mutation.error);

  const minBid = current?.bidInfo.minBid ?? null;
  const read = readUsdAmount(amount);
  const cents = 'cents' in read ? read.cents : null;
  const balanceCovers = balance !== null && cents !== null && balance >= cents;
  const chosen: BidPaymentMethod = method === 'balance' && !balanceCovers ? 'stripe_card' : method;
  const sealed = (current?.saleType ?? saleType) === 'silent_auction';
  const ended = current !== undefined && current.status !== 'live';

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if ('error' in read) {
      setFieldError(read.error);
      return;
    }
    if (minBid !== null && read.cents < minBid) {
      setFieldError(`Minimum Bid: ${formatCents(minBid)}`);
      return;
    }
    setFieldError(null);
    const base = { contractAddress, niftyType, amount: amountText(read.cents) };
    if (chosen === 'balance') {
      once.send(mutation, async () => ({ ...base, paymentMethod: 'balance' }));
      return;
    }
    const cardRead = card.check();
    if (!cardRead) return;
    card.sending();
    once.send(mutation, async () => {
      // The card goes to the processor only; the bid carries its token.
      const token = await tradingApi.tokenizeCard(cardRead);
      return { ...base, paymentMethod: 'stripe_card', paymentToken: token.id };
    });
  };

  const failure =
    mutation.error && !isUnauthorized(mutation.error) && !amountRefused(mutation.error) && !card.atFields
      ? isApiError(mutation.error)
        ? mutation.error.message
        : 'Your bid could not be placed. Please try again.'
      : null;

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
    <Dialog
      open
      onClose={onClose}
      title="Place Bid"
      loading={mutation.isPending}
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

/** A refusal the API names at the amount: its message shows at the field, not above the form. */
function amountRefused(error: unknown): boolean {
  return isApiError(error) && Boolean(error.fields?.amount);
}
