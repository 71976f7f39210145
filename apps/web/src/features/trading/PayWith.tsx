import { formatCents } from '@vitrine/domain';
import styles from '../offers/Offers.module.css';
import { CardFields } from './CardFields';
import type { CardForm } from './useCardForm';

export type BalanceOrCard = 'balance' | 'stripe_card';

/**
 * 'Pay with': the account balance (offered only when it covers the amount) or a card, whose fields show when it
 * is chosen. Shared by the bid, drawing-entry and offer forms; `name` prefixes the radios' name, the inputs'
 * names (`{name}CardNumber`…) and the test ids (`{name}-method-balance`, `{name}-method-card`, `{name}-card-form`).
 */
export function PayWith({
  name,
  chosen,
  onChoose,
  balance,
  balanceCovers,
  amountTyped = true,
  enough = balanceCovers,
  card,
  disabled = false,
}: {
  name: string;
  chosen: BalanceOrCard;
  onChoose: (method: BalanceOrCard) => void;
  /** The buyer's balance in cents, null while unknown. */
  balance: number | null;
  balanceCovers: boolean;
  /** Whether an amount is typed yet: before one is, the balance is not said to fall short of it. */
  amountTyped?: boolean;
  /**
   * Whether the balance covers the amount typed (said beside it when not). By default the balance may be chosen
   * only when it does; an offer keeps it chosen and says so when it is short.
   */
  enough?: boolean;
  /** The card as typed, with a message at each field to fix (`useCardForm`). */
  card: CardForm;
  disabled?: boolean;
}) {
  return (
    <>
      <fieldset className={styles.methods} disabled={disabled}>
        <legend className={styles.legend}>Pay with</legend>
        <label className={styles.method}>
          <input
            type="radio"
            name={`${name}Method`}
            value="balance"
            checked={chosen === 'balance'}
            disabled={!balanceCovers}
            onChange={() => onChoose('balance')}
            data-testid={`${name}-method-balance`}
          />
          {/* One run of text: on a phone it wraps as a sentence, not as two cramped columns. */}
          <span>
            Account balance
            <span className={styles.muted}>
              {/* Greyed out: say why. */}
              {balance === null
                ? ''
                : ` (${formatCents(balance)} available${!enough && amountTyped ? ', not enough for this' : ''})`}
            </span>
          </span>
        </label>
        <label className={styles.method}>
          <input
            type="radio"
            name={`${name}Method`}
            value="stripe_card"
            checked={chosen === 'stripe_card'}
            onChange={() => onChoose('stripe_card')}
            data-testid={`${name}-method-card`}
          />
          Credit or debit card
        </label>
      </fieldset>
      {chosen === 'stripe_card' ? (
        <CardFields
          value={card.value}
          onChange={card.change}
          disabled={disabled}
          namePrefix={`${name}Card`}
          testId={`${name}-card-form`}
          errors={card.errors}
        />
      ) : null}
    </>
  );
}
