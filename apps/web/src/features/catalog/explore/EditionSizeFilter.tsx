import { formatInteger, typedWholeNumberInput, wholeNumberInput } from '@vitrine/domain';
import { useEffect, useState } from 'react';
import { Button } from '../../../ui/Button';
import styles from '../shared/RangeInputs.module.css';

export interface EditionSizeFilterProps {
  value: number | null;
  onApply: (value: number | null) => void;
}

const shown = (value: number | null) => (value === null ? '' : formatInteger(value));

/** Edition-size maximum (001 §2, §5): whole numbers only, placeholder 'Enter a number', Apply disabled when empty. */
export function EditionSizeFilter({ value, onApply }: EditionSizeFilterProps) {
  const [text, setText] = useState(() => shown(value));
  useEffect(() => setText(shown(value)), [value]);
  const parsed = wholeNumberInput(text);
  const canApply = text.trim() !== '' && parsed !== null && parsed >= 1;
  return (
    <form
      className={styles.row}
      onSubmit={(event) => {
        event.preventDefault();
        if (canApply) onApply(parsed);
      }}
      data-testid="edition-size-filter"
    >
      <input
        className={`${styles.input} ${styles.editionInput}`}
        inputMode="numeric"
        autoComplete="off"
        aria-label="Maximum edition size"
        placeholder="Enter a number"
        value={text}
        onChange={(event) => setText(typedWholeNumberInput(event.target.value))}
        data-testid="edition-size-input"
      />
      <Button
        type="submit"
        variant="secondary"
        size="sm"
        disabled={!canApply}
        data-testid="edition-size-apply"
      >
        Apply
      </Button>
    </form>
  );
}
