import { formatInteger, priceInputToCents, typedWholeNumberInput, wholeNumberInput } from '@vitrine/domain';
import { useState } from 'react';
import { Button } from '../../../ui/Button';
import type { NumberRange } from '../collection/listing-table-params';
import styles from './RangeInputs.module.css';

export interface NumberRangePanelProps {
  value: NumberRange;
  onApply: (value: NumberRange) => void;
  /** Whole US dollars typed, USD cents applied (×100). */
  money?: boolean;
  label: string;
}

const shown = (value: number | null, money: boolean) =>
  value === null ? '' : formatInteger(money ? Math.floor(value / 100) : value);

/**
 * A min/max numeric filter panel (001 §2, §5): non-negative whole numbers with thousand separators.
 * Apply is enabled when at least one bound is set; Clear removes the filter.
 */
export function NumberRangePanel({ value, onApply, money = false, label }: NumberRangePanelProps) {
  const [min, setMin] = useState(() => shown(value.min, money));
  const [max, setMax] = useState(() => shown(value.max, money));
  const read = (text: string) => {
    const n = wholeNumberInput(text);
    if (n === null) return null;
    return money ? priceInputToCents(String(n)) : n;
  };
  const canApply = min.trim() !== '' || max.trim() !== '';
  return (
    <form
      className={styles.range}
      onSubmit={(event) => {
        event.preventDefault();
        if (canApply) onApply({ min: read(min), max: read(max) });
      }}
    >
      <div className={styles.fields}>
        <input
          className={styles.input}
          inputMode="numeric"
          autoComplete="off"
          aria-label={`Minimum ${label}`}
          placeholder={money ? 'Min $' : 'Min'}
          value={min}
          onChange={(event) => setMin(typedWholeNumberInput(event.target.value))}
        />
        <span className={styles.to}>to</span>
        <input
          className={styles.input}
          inputMode="numeric"
          autoComplete="off"
          aria-label={`Maximum ${label}`}
          placeholder={money ? 'Max $' : 'Max'}
          value={max}
          onChange={(event) => setMax(typedWholeNumberInput(event.target.value))}
        />
      </div>
      <div className={styles.actions}>
        <Button type="submit" size="sm" disabled={!canApply}>
          Apply
        </Button>
        <Button size="sm" variant="ghost" onClick={() => onApply({ min: null, max: null })}>
          Clear
        </Button>
      </div>
    </form>
  );
}
