import { tableDateToIso } from '@vitrine/domain';
import { useState } from 'react';
import { Button } from '../../../ui/Button';
import styles from '../shared/RangeInputs.module.css';
import { isoToTableDate, typedDateInput } from './date-input';
import type { DateRange } from './listing-table-params';

export interface DateRangePanelProps {
  value: DateRange;
  onApply: (value: DateRange) => void;
  label: string;
}

/** A date-range filter panel (001 §2): MM/DD/YYYY, any date allowed. */
export function DateRangePanel({ value, onApply, label }: DateRangePanelProps) {
  const [from, setFrom] = useState(() => isoToTableDate(value.from));
  const [to, setTo] = useState(() => isoToTableDate(value.to));
  const fromIso = from === '' ? null : tableDateToIso(from);
  const toIso = to === '' ? null : tableDateToIso(to);
  const invalid = (from !== '' && fromIso === null) || (to !== '' && toIso === null);
  const canApply = (from !== '' || to !== '') && !invalid;
  return (
    <form
      className={styles.range}
      onSubmit={(event) => {
        event.preventDefault();
        if (canApply) onApply({ from: fromIso, to: toIso });
      }}
    >
      <div className={styles.fields}>
        <input
          className={styles.input}
          inputMode="numeric"
          autoComplete="off"
          aria-label={`${label} from`}
          placeholder="MM/DD/YYYY"
          value={from}
          onChange={(event) => setFrom(typedDateInput(event.target.value))}
        />
        <span className={styles.to}>to</span>
        <input
          className={styles.input}
          inputMode="numeric"
          autoComplete="off"
          aria-label={`${label} to`}
          placeholder="MM/DD/YYYY"
          value={to}
          onChange={(event) => setTo(typedDateInput(event.target.value))}
        />
      </div>
      {invalid ? <p className={styles.error}>Enter dates as MM/DD/YYYY.</p> : null}
      <div className={styles.actions}>
        <Button type="submit" size="sm" disabled={!canApply}>
          Apply
        </Button>
        <Button size="sm" variant="ghost" onClick={() => onApply({ from: null, to: null })}>
          Clear
        </Button>
      </div>
    </form>
  );
}
