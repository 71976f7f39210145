import { TextField } from '../../ui/TextField';
import styles from './CardFields.module.css';
import type { CardErrors, CardFields as CardValues } from './card-form';
import { StripeCardFields } from './StripeCardFields';
import { stripeCards } from './stripe-card';

export const EMPTY_CARD: CardValues = { number: '', expiry: '', cvc: '' };

/**
 * The card entry of the checkout, the offer forms and the Deposit tab: number, expiry (MM/YY) and CVC, as
 * typed. What it holds goes only to the processor's tokenise call (`readCard`, then `tradingApi.tokenizeCard`).
 * With Stripe, the same three fields are Stripe's own (StripeCardFields): the card never reaches our code.
 */
export function CardFields({
  value,
  onChange,
  disabled = false,
  namePrefix = 'card',
  testId,
  errors = null,
}: {
  value: CardValues;
  onChange: (next: CardValues) => void;
  disabled?: boolean;
  /** The inputs' names: `{prefix}Number`, `{prefix}Expiry`, `{prefix}Cvc`. */
  namePrefix?: string;
  testId?: string;
  /** A message at each field to fix: the form's own check (`readCard`) or the processor's (`cardErrorsOf`). */
  errors?: CardErrors | null;
}) {
  if (stripeCards()) {
    return (
      <StripeCardFields
        value={value}
        onChange={onChange}
        disabled={disabled}
        namePrefix={namePrefix}
        testId={testId}
        errors={errors}
      />
    );
  }
  return (
    <div className={styles.fields} data-testid={testId}>
      <TextField
        name={`${namePrefix}Number`}
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        value={value.number}
        onChange={(event) => onChange({ ...value, number: event.target.value })}
        error={errors?.number ?? null}
        disabled={disabled}
      />
      <div className={styles.row}>
        <TextField
          name={`${namePrefix}Expiry`}
          label="Expiry (MM/YY)"
          autoComplete="cc-exp"
          value={value.expiry}
          onChange={(event) => onChange({ ...value, expiry: event.target.value })}
          error={errors?.expiry ?? null}
          disabled={disabled}
        />
        <TextField
          name={`${namePrefix}Cvc`}
          label="CVC"
          inputMode="numeric"
          autoComplete="cc-csc"
          value={value.cvc}
          onChange={(event) => onChange({ ...value, cvc: event.target.value })}
          error={errors?.cvc ?? null}
          disabled={disabled}
        />
      </div>
    </div>
  );
}
