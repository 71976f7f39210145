import { useMutation } from '@tanstack/react-query';
import { formatCents, readTradeAmount } from '@vitrine/domain';
import { useId, useState } from 'react';
import { createActionKeys } from '../../app/action-key';
import { isApiError } from '../../app/api-client';
import { Dialog } from '../../ui/Dialog';
import { FormAlert } from '../../ui/FormAlert';
import { TextField } from '../../ui/TextField';
import { useSubmitOnce } from '../../ui/useSubmitOnce';
import { DECLINED_CARD_ADVICE } from '../trading/buy-flow';
import { CardFields } from '../trading/CardFields';
import { tradingApi } from '../trading/trading-api';
import { useCardForm } from '../trading/useCardForm';
import { largeOfferQuestion } from './large-offer';
import { useRefreshOffers } from './MakeOfferButton';
import { OverBuyNowWarning } from './OfferForm';
import styles from './Offers.module.css';
import { type Offer, offersApi, offerTargetText } from './offers-api';

/**
 * A new amount for your open offer (decision 009 "Offers"): an offer by balance has its hold re-sized in one
 * step; an offer by card is authorised again for the new amount, so the dialog asks for the card (the old
 * authorisation is released once the new one stands).
 */
export function EditOfferDialog({
  offer,
  buyNowCents,
  onClose,
}: {
  offer: Offer;
  buyNowCents: number | null;
  onClose: () => void;
}) {
  const refresh = useRefreshOffers();
  const byCard = offer.paymentMethod !== 'balance';
  const [amount, setAmount] = useState((offer.amountInCents / 100).toFixed(2));
  const [amountError, setAmountError] = useState<string | null>(null);
  const once = useSubmitOnce();
  const formId = useId();
  // Saved again after a lost answer with the same amount and card: the same action (key and card token), so the
  // card is authorised once.
  const [actions] = useState(() => createActionKeys<{ token: string }>());
  const mutation = useMutation({
    mutationFn: async (input: {
      cents: number;
      card: Parameters<typeof tradingApi.tokenizeCard>[0] | null;
    }) => {
      if (!input.card) return offersApi.reprice(offer.purchaseIntentId, input.cents);
      const action = actions.keyFor(JSON.stringify([input.cents, input.card]));
      action.kept.token ??= (await tradingApi.tokenizeCard(input.card)).id;
      return offersApi.reprice(offer.purchaseIntentId, input.cents, {
        paymentToken: action.kept.token,
        key: action.key,
      });
    },
    onSettled: (_data, error) => actions.settle(error ?? undefined),
    onSuccess: async () => {
      await refresh();
      onClose();
    },
  });
  const card = useCardForm(mutation.error);
  const read = readTradeAmount(amount);
  const typed = 'cents' in read ? read.cents : null;
  // The card is asked for only when the amount changes (a card offer's expiry is not changed here).
  const needsCard = byCard && typed !== null && typed !== offer.amountInCents;
  // A new amount far above what the NFT goes for, asked about once (`largeOfferQuestion`, as making an offer).
  const [asked, setAsked] = useState<{ cents: number; question: string } | null>(null);
  const save = () => {
    const parsed = readTradeAmount(amount);
    const cardRead = needsCard ? card.check() : null;
    setAmountError('error' in parsed ? parsed.error : null);
    if ('error' in parsed || (needsCard && !cardRead)) return;
    if (byCard && parsed.cents === offer.amountInCents) {
      onClose();
      return;
    }
    const question =
      parsed.cents > offer.amountInCents
        ? largeOfferQuestion(parsed.cents, { buyNowCents, floorCents: null })
        : null;
    if (question && asked?.cents !== parsed.cents) {
      setAsked({ cents: parsed.cents, question });
      return;
    }
    if (cardRead) card.sending();
    once.send(mutation, { cents: parsed.cents, card: cardRead });
  };
  const declined = isApiError(mutation.error) && mutation.error.errorType === 'card_declined';
  return (
    <Dialog
      open
      onClose={onClose}
      title="Edit offer"
      loading={mutation.isPending}
      formId={formId}
      confirmLabel={needsCard && typed !== null ? `Authorise ${formatCents(typed)}` : 'Save'}
      testId="edit-offer-dialog"
    >
      {mutation.isError && !card.atFields ? (
        <FormAlert testId="edit-offer-error">
          {declined ? `${mutation.error.message} ${DECLINED_CARD_ADVICE}` : mutation.error.message}
        </FormAlert>
      ) : null}
      <p className={styles.lead}>Your offer on {offerTargetText(offer)}.</p>
      {/* A form whose submit button is the dialog's Save: Enter in the amount saves. */}
      <form
        id={formId}
        noValidate
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <TextField
          name="offerAmount"
          label="Offer amount (USD)"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(event) => {
            setAmount(event.target.value);
            setAsked(null);
          }}
          error={amountError}
          disabled={mutation.isPending}
          autoFocus
        />
        {needsCard ? (
          <>
            <p className={styles.muted} data-testid="edit-offer-card-note">
              Your bank holds the offer's amount on your card: enter the card again to hold the new amount.
              The current hold is released once the new one is in place.
            </p>
            <CardFields
              value={card.value}
              onChange={card.change}
              errors={card.errors}
              disabled={mutation.isPending}
              namePrefix="edit-offer"
            />
          </>
        ) : null}
      </form>
      <OverBuyNowWarning cents={typed} buyNowCents={buyNowCents} />
      {asked ? (
        <FormAlert tone="warning" testId="offer-large-question">
          {asked.question}
        </FormAlert>
      ) : null}
    </Dialog>
  );
}
