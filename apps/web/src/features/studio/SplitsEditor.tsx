import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import styles from './Studio.module.css';
import { newKey, type SplitForm, splitTotal } from './studio-model';

/**
 * One sales split (001 §3, §5): recipients with their percentages, add / edit / remove, the running total
 * and the shared rules' messages (`errors` keyed 'split' for the list, '<index>.<field>' for a row).
 */
export function SplitsEditor({
  name,
  label,
  onChain,
  rows,
  errors,
  disabled,
  onChange,
  onTouch,
}: {
  name: string;
  label: string;
  onChain: boolean;
  rows: readonly SplitForm[];
  errors: Record<string, string>;
  disabled: boolean;
  onChange: (rows: SplitForm[]) => void;
  onTouch: () => void;
}) {
  const payeeField = onChain ? 'ethAddress' : 'user';
  const update = (index: number, patch: Partial<SplitForm>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  return (
    <fieldset className={styles.section} data-testid={`split-${name}`} disabled={disabled}>
      <legend>{label}</legend>
      {rows.map((row, index) => (
        <div key={row.key} className={styles.splitRow} data-testid="split-row">
          <TextField
            name={`${name}-${index}-payee`}
            label={onChain ? 'Ethereum address' : 'Recipient (username)'}
            value={row.payee}
            error={errors[`${index}.${payeeField}`]}
            onChange={(event) => update(index, { payee: event.target.value, isAuthorized: undefined })}
            onBlur={onTouch}
          />
          <TextField
            name={`${name}-${index}-percentage`}
            label="Percentage"
            inputMode="decimal"
            value={row.percentage}
            error={errors[`${index}.percentage`]}
            onChange={(event) => update(index, { percentage: event.target.value })}
            onBlur={onTouch}
          />
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Remove recipient ${index + 1}`}
            onClick={() => {
              onChange(rows.filter((_, i) => i !== index));
              onTouch();
            }}
          >
            Remove
          </Button>
        </div>
      ))}
      {/* Add recipient above the total and its message: the message a percentage's blur brings up no longer moves
          the button from under the pointer pressing it (QA 2026-12-07: the first press was lost). */}
      <Button
        variant="secondary"
        size="sm"
        onClick={() =>
          onChange([
            ...rows,
            { key: newKey(), id: null, payee: '', percentage: rows.length === 0 ? '100' : '' },
          ])
        }
      >
        Add recipient
      </Button>
      <p className={styles.splitTotal} data-testid={`split-${name}-total`}>
        Total: {splitTotal(rows)}%
      </p>
      {errors.split ? (
        <p className={styles.error} role="alert" data-testid={`field-error-${name}`}>
          {errors.split}
        </p>
      ) : null}
    </fieldset>
  );
}
