// The card of the six card forms (checkout, Deposit tab, offers, bids, drawing entries, publisher fee): what is
// typed, and the messages at its fields (`cardFieldMessages`, card-form.ts). A field's message goes as soon as
// that field is edited; a refusal told entirely at the fields is not shown above the form (`atFields`).
import { useState } from 'react';
import { EMPTY_CARD } from './CardFields';
import {
  type CardErrors,
  type CardFields,
  cardFieldMessages,
  clearChanged,
  isCardFieldError,
  readCard,
} from './card-form';
import type { CardInput } from './trading-api';

/** A card form's state (`useCardForm`). */
export type CardForm = ReturnType<typeof useCardForm>;

/** `failure`: the error of the call that sent the card (the processor's refusal shows at its fields). */
export function useCardForm(failure: unknown) {
  const [card, setCard] = useState<CardFields>(EMPTY_CARD);
  const [checked, setChecked] = useState<CardErrors>({});
  // The card as sent: the processor's refusal of a field shows until that field is edited.
  const [sent, setSent] = useState<CardFields>(EMPTY_CARD);
  return {
    /** The card as typed. */
    value: card,
    /** The message at each field to fix. */
    errors: cardFieldMessages(checked, failure, sent, card),
    /** True when the failure is told entirely at the card's fields: nothing to show above the form. */
    atFields: isCardFieldError(failure),
    /** The card as edited; the edited fields' messages go. */
    change: (next: CardFields) => {
      setChecked((errors) => clearChanged(errors, card, next));
      setCard(next);
    },
    /** The card to send, or null with a message at each field to fix. */
    check: (): CardInput | null => {
      const read = readCard(card);
      setChecked('errors' in read ? read.errors : {});
      return 'card' in read ? read.card : null;
    },
    /** Remembers the card as sent, just before it is. */
    sending: () => setSent(card),
    /** Drops the form's own messages (paying from the balance instead). */
    clearChecked: () => setChecked({}),
    /** Empties the card (after it paid). */
    reset: () => setCard(EMPTY_CARD),
  };
}
