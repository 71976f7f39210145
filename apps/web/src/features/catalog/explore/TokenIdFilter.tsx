import { useEffect, useState } from 'react';
import { Button } from '../../../ui/Button';
import styles from '../shared/RangeInputs.module.css';

export interface TokenIdFilterProps {
  value: string | null;
  onApply: (value: string | null) => void;
}

/** Exactly one token id (digits, up to 78). */
export function TokenIdFilter({ value, onApply }: TokenIdFilterProps) {
  const [text, setText] = useState(value ?? '');
  useEffect(() => setText(value ?? ''), [value]);
  const valid = /^\d{1,78}$/.test(text);
  return (
    <form
      className={styles.row}
      onSubmit={(event) => {
        event.preventDefault();
        if (valid) onApply(text);
      }}
    >
      <input
        className={`${styles.input} ${styles.editionInput}`}
        inputMode="numeric"
        autoComplete="off"
        aria-label="Token ID"
        placeholder="Token ID"
        value={text}
        onChange={(event) => setText(event.target.value.replace(/\D/g, '').slice(0, 78))}
      />
      <Button type="submit" variant="secondary" size="sm" disabled={!valid}>
        Apply
      </Button>
    </form>
  );
}
