import { type FormEvent, useState } from 'react';
import { FormAlert } from '../../ui/FormAlert';
import { SelectField } from '../../ui/SelectField';
import { TextField } from '../../ui/TextField';
import { useProfile } from '../auth/profile-query';
import { EMPTY_CARD } from '../trading/CardFields';
import { type CardFields as CardValues, readCard } from '../trading/card-form';
import { PayWith } from '../trading/PayWith';
import { tradingApi } from '../trading/trading-api';
import styles from './Offers.module.css';
import { type NewOffer, type OfferPaymentMethod, type OfferTarget, offersApi } from './offers-api';

const AMOUNT_PATTERN = /^\d{1,12}(\.\d{1,2})?$/;
const EXPIRY_DAYS = [1, 3, 7, 14, 30] as const;

/** The amount as integer cents, or the message to show below the field. */
export function offerAmountCents(amount: string): { cents: number } | { error: string } {
  const text = amount.trim();
  if (text === '') return { error: 'Enter an amount' };
  if (!AMOUNT_PATTERN.test(text)) return { error: 'Enter an amount like 125 or 12.50' };
  const [whole = '0', fraction = ''] = text.split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (cents <= 0) return { error: 'Enter an amount above zero' };
  return { cents };
}

export interface OfferFormState {
  submit: () => void;
}

/**
 * The fields of an offer (000 §2 make offer / makeglobaloffer): amount in USD, expiry, and how it is backed:
 * the account balance (held until the offer ends) when it covers the amount, or a card (tokenised by the
 * processor, authorised by the API). `formId` lets a dialog's confirm button submit it.
 */
export function OfferForm({
  target,
  formId,
  onSubmit,
  error,
  busy,
}: {
  target: OfferTarget;
  formId: string;
  onSubmit: (run: () => Promise<NewOffer>) => void;
  error: string | null;
  busy: boolean;
}) {
  const balance = useProfile().data?.available_balance_in_cents ?? null;
  const [amount, setAmount] = useState('');
  const [days, setDays] = useState(7);
  const [method, setMethod] = useState<OfferPaymentMethod>('stripe_card');
  const [card, setCard] = useState<CardValues>(EMPTY_CARD);
  const [amountError, setAmountError] = useState<string | null>(null);
  const [cardError, setCardError] = useState<string | null>(null);
  const read = offerAmountCents(amount);
  const cents = 'cents' in read ? read.cents : null;
  const balanceCovers = balance !== null && cents !== null && balance >= cents;
  const chosen: OfferPaymentMethod = method === 'balance' && !balanceCovers ? 'stripe_card' : method;

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if ('error' in read) {
      setAmountError(read.error);
      return;
    }
    setAmountError(null);
    const base = { target, amount: amount.trim(), expiresInDays: days };
    if (chosen === 'balance') {
      onSubmit(async () => ({ ...base, paymentMethod: 'balance' }));
      return;
    }
    const cardRead = readCard(card);
    if ('error' in cardRead) {
      setCardError(cardRead.error);
      return;
    }
    setCardError(null);
    onSubmit(async () => {
      // The card goes to the processor only; the offer carries its token.
      const token = await tradingApi.tokenizeCard(cardRead.card);
      return { ...base, paymentMethod: 'stripe_card', paymentToken: token.id };
    });
  };

  return (
    <form id={formId} className={styles.form} onSubmit={submit} noValidate data-testid="offer-form">
      {error ? <FormAlert testId="offer-error">{error}</FormAlert> : null}
      <TextField
        name="offerAmount"
        label="Offer amount (USD)"
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        onChange={(event) => {
          setAmount(event.target.value);
          setAmountError(null);
        }}
        error={amountError}
        disabled={busy}
        autoFocus
      />
      <SelectField
        name="offerExpiry"
        label="Expires after"
        value={String(days)}
        onChange={(event) => setDays(Number(event.target.value))}
        disabled={busy}
      >
        {EXPIRY_DAYS.map((d) => (
          <option key={d} value={d}>
            {d === 1 ? '1 day' : `${d} days`}
          </option>
        ))}
      </SelectField>
      <PayWith
        name="offer"
        chosen={chosen}
        onChoose={setMethod}
        balance={balance}
        balanceCovers={balanceCovers}
        card={card}
        onCard={setCard}
        disabled={busy}
      />
      {cardError ? <FormAlert testId="offer-card-error">{cardError}</FormAlert> : null}
      <p className={styles.note} data-testid="offer-fee-note">
        {chosen === 'balance'
          ? 'The amount is held from your balance until the offer is accepted, cancelled or expires.'
          : 'Your card is authorised for the amount now and charged only if the offer is accepted.'}{' '}
        Making an offer is free: if it is accepted, the seller pays the service fee and the creator royalty.
      </p>
    </form>
  );
}

/** Runs an offer's preparation (card tokenising) and the create call. */
export async function createOffer(prepare: () => Promise<NewOffer>) {
  return offersApi.create(await prepare());
}
