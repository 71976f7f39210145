import { amountText, CARD_OFFER_MAX_DAYS, formatCents, readTradeAmount } from '@vitrine/domain';
import { type FormEvent, useEffect, useState } from 'react';
import { createActionKeys } from '../../app/action-key';
import { FormAlert } from '../../ui/FormAlert';
import { focusFirstInvalid } from '../../ui/focus-first-invalid';
import { SelectField } from '../../ui/SelectField';
import { TextField } from '../../ui/TextField';
import { useProfile } from '../auth/profile-query';
import { isTermsApprovalRequired } from '../terms/terms-api';
import { PayWith } from '../trading/PayWith';
import { tradingApi } from '../trading/trading-api';
import { useCardForm } from '../trading/useCardForm';
import { largeOfferQuestion } from './large-offer';
import styles from './Offers.module.css';
import { type NewOffer, type OfferPaymentMethod, type OfferTarget, offersApi } from './offers-api';

const EXPIRY_DAYS = [1, 3, 7, 14, 30] as const;

/** What makes two presses one action: the same offer with the same card (none: by balance). */
const actionInput = (offer: unknown, card: unknown) => JSON.stringify([offer, card]);

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
  failure,
  busy,
  buyNowCents = null,
  floorCents = null,
  anyEdition = false,
  answered,
}: {
  target: OfferTarget;
  formId: string;
  onSubmit: (run: () => Promise<NewOffer>) => void;
  error: string | null;
  /** The failure of the offer sent: the processor's refusal of the card shows at its fields. */
  failure: unknown;
  busy: boolean;
  /** The item's Buy Now price in cents while it is listed: an offer at or above it is pointed out. */
  buyNowCents?: number | null;
  /** The floor of the NFT's edition: an offer far above it is asked about once (`largeOfferQuestion`). */
  floorCents?: number | null;
  /** A global offer: the price is the work's lowest listed edition, not one NFT's. */
  anyEdition?: boolean;
  /**
   * The last answer to an offer sent, while the form stays (an offer waiting on its card's verification): it ends
   * the action, so pressing again (after the verification was abandoned) is a new offer, not that one replayed.
   */
  answered?: unknown;
}) {
  const balance = useProfile().data?.available_balance_in_cents ?? null;
  const [amount, setAmount] = useState('');
  const [days, setDays] = useState(7);
  const [method, setMethod] = useState<OfferPaymentMethod>('stripe_card');
  // Another way to pay: the last offer's refusal (a declined card) no longer applies above the form, as at checkout
  // (UX review, 2026-12-06).
  const [passed, setPassed] = useState<unknown>(null);
  const choose = (next: OfferPaymentMethod) => {
    setMethod(next);
    if (failure) setPassed(failure);
  };
  const shownError = failure && failure === passed ? null : error;
  const [amountError, setAmountError] = useState<string | null>(null);
  // An amount far above what the NFT goes for, asked about once: the next press of that amount sends it.
  const [asked, setAsked] = useState<{ cents: number; question: string } | null>(null);
  // Sent with the balance chosen and short of the amount: said at the amount while that is still so (another
  // method or amount ends it).
  const [triedShort, setTriedShort] = useState(false);
  const card = useCardForm(failure);
  const [actions] = useState(() => createActionKeys<{ token: string }>());
  const offerOf = (cents: number, expiresInDays: number) => ({
    target,
    amount: amountText(cents),
    expiresInDays,
  });
  // A refusal ends the action (the next press is a new one); a lost answer keeps it for the retry. The terms
  // dialog's refusal does not: agreeing sends the same offer (same key) again. Marked here, after the render
  // that showed the failure: render again, so the form reads the action as unsettled at once.
  const [, rendered] = useState(0);
  useEffect(() => {
    if (!failure || isTermsApprovalRequired(failure)) return;
    actions.settle(failure);
    rendered((n) => n + 1);
    // The keyboard goes where the problem is: the field it is about, else the button that sends the offer (UX
    // review, 2026-12-06: that button was disabled while the offer was on its way, and the focus fell to the page).
    const form = document.getElementById(formId);
    focusFirstInvalid(
      form,
      () =>
        document.querySelector<HTMLElement>(`button[type="submit"][form="${formId}"]`) ??
        form?.querySelector<HTMLElement>('button[type="submit"]'),
    );
  }, [failure, actions, formId]);
  useEffect(() => {
    if (answered) actions.settle();
  }, [answered, actions]);
  // Above what any offer may be: said at the field before it is sent.
  const read = readTradeAmount(amount);
  const cents = 'cents' in read ? read.cents : null;
  // A balance offer of this amount whose answer was lost already holds the amount: the balance read since no
  // longer covers it, and pressing again must send the same action, by balance.
  const balanceOfferUnsettled = cents !== null && actions.unsettled(actionInput(offerOf(cents, days), null));
  // Any balance may be chosen; one short of the amount stays chosen and says so (UX review, 2026-12-06: the form
  // switched to a card by itself when the amount passed the balance, and the choices of expiry with it).
  const balanceCovers = (balance !== null && balance > 0) || balanceOfferUnsettled;
  const enough = cents === null || (balance !== null && balance >= cents) || balanceOfferUnsettled;
  const chosen: OfferPaymentMethod = method === 'balance' && !balanceCovers ? 'stripe_card' : method;
  // A card's authorisation lapses after about a week: a card offer lasts 7 days at most.
  const expiryChoices =
    chosen === 'balance' ? EXPIRY_DAYS : EXPIRY_DAYS.filter((d) => d <= CARD_OFFER_MAX_DAYS);
  const expiry = chosen === 'balance' ? days : Math.min(days, CARD_OFFER_MAX_DAYS);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    // Each field's problem at that field, all at once.
    if (chosen === 'balance') card.clearChecked();
    const cardRead = chosen === 'balance' ? null : card.check();
    const short = chosen === 'balance' && !enough && balance !== null;
    setTriedShort(short);
    setAmountError('error' in read ? read.error : null);
    if ('error' in read || short || (chosen !== 'balance' && !cardRead)) {
      focusFirstInvalid(document.getElementById(formId));
      return;
    }
    const question = largeOfferQuestion(read.cents, { buyNowCents, floorCents });
    if (question && asked?.cents !== read.cents) {
      setAsked({ cents: read.cents, question });
      return;
    }
    const base = offerOf(read.cents, expiry);
    // Sent again after a lost answer with the same offer and card: the same action (same key and card token),
    // so the API answers the offer it made instead of warning of a duplicate.
    const action = actions.keyFor(actionInput(base, cardRead));
    if (!cardRead) {
      onSubmit(async () => ({ ...base, paymentMethod: 'balance', idempotencyKey: action.key }));
      return;
    }
    card.sending();
    onSubmit(async () => {
      // The card goes to the processor only; the offer carries its token.
      action.kept.token ??= (await tradingApi.tokenizeCard(cardRead)).id;
      return {
        ...base,
        paymentMethod: 'stripe_card',
        paymentToken: action.kept.token,
        idempotencyKey: action.key,
      };
    });
  };

  return (
    <form id={formId} className={styles.form} onSubmit={submit} noValidate data-testid="offer-form">
      {shownError ? <FormAlert testId="offer-error">{shownError}</FormAlert> : null}
      <TextField
        name="offerAmount"
        label="Offer amount (USD)"
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        onChange={(event) => {
          setAmount(event.target.value);
          setAmountError(null);
          setAsked(null);
        }}
        error={
          amountError ??
          (triedShort && chosen === 'balance' && !enough && balance !== null
            ? `Your balance (${formatCents(balance)} available) is not enough for this amount: lower it, or pay by card.`
            : null)
        }
        disabled={busy}
        autoFocus
      />
      <OverBuyNowWarning cents={cents} buyNowCents={buyNowCents} anyEdition={anyEdition} />
      {asked ? (
        <FormAlert tone="warning" testId="offer-large-question">
          {asked.question}
        </FormAlert>
      ) : null}
      <SelectField
        name="offerExpiry"
        label="Expires after"
        value={String(expiry)}
        onChange={(event) => setDays(Number(event.target.value))}
        disabled={busy}
      >
        {expiryChoices.map((d) => (
          <option key={d} value={d}>
            {d === 1 ? '1 day' : `${d} days`}
          </option>
        ))}
      </SelectField>
      <PayWith
        name="offer"
        chosen={chosen}
        onChoose={choose}
        balance={balance}
        balanceCovers={balanceCovers}
        enough={enough}
        amountTyped={cents !== null}
        card={card}
        disabled={busy}
      />
      <p className={styles.note} data-testid="offer-fee-note">
        {chosen === 'balance'
          ? 'The amount is held from your balance until the offer is accepted, cancelled or expires.'
          : `Your card is authorised for the amount now and charged only if the offer is accepted. An offer by card lasts ${CARD_OFFER_MAX_DAYS} days at most.`}{' '}
        Making an offer is free: if it is accepted, the seller pays the service fee and the creator royalty.
      </p>
    </form>
  );
}

/** Runs an offer's preparation (card tokenising) and the create call. */
export async function createOffer(prepare: () => Promise<NewOffer>) {
  return offersApi.create(await prepare());
}

/**
 * An offer at or above the item's Buy Now price is most likely a typo (1100 for 110): said before it is sent,
 * when making an offer and when changing one.
 */
export function OverBuyNowWarning({
  cents,
  buyNowCents,
  anyEdition = false,
}: {
  cents: number | null;
  buyNowCents: number | null;
  /** A global offer: an edition of the work can be bought at its lowest listed price. */
  anyEdition?: boolean;
}) {
  if (buyNowCents === null || cents === null || cents < buyNowCents) return null;
  return (
    <FormAlert tone="warning" testId="offer-over-buy-now">
      {anyEdition
        ? `An edition of this work can be bought now for ${formatCents(buyNowCents)}: your offer is not below that price. Check the amount, or buy that edition.`
        : `This NFT can be bought now for ${formatCents(buyNowCents)}: your offer is not below that price. Check the amount, or use Buy Now.`}
    </FormAlert>
  );
}
