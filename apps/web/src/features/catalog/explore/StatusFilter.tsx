import { TIME_FILTERS, type TimeFilter } from '@vitrine/domain';
import { useId } from 'react';
import styles from './StatusFilter.module.css';

const LABELS: Record<TimeFilter, string> = { live: 'Live', upcoming: 'Upcoming', past: 'Past' };

export interface StatusFilterProps {
  value: TimeFilter | null;
  onChange: (value: TimeFilter | null) => void;
}

/** The sale-window filter (001 §3 "Time filters: live, upcoming, past"), one at a time. */
export function StatusFilter({ value, onChange }: StatusFilterProps) {
  const name = useId();
  const options: { value: TimeFilter | null; label: string }[] = [
    { value: null, label: 'All' },
    ...TIME_FILTERS.map((status) => ({ value: status, label: LABELS[status] })),
  ];
  return (
    <fieldset className={styles.group} data-testid="status-filter">
      <legend className="visually-hidden">Status</legend>
      {options.map((option) => (
        <label key={option.label} className={styles.option}>
          <input
            type="radio"
            name={name}
            className={styles.input}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
            data-testid={`status-${option.value ?? 'all'}`}
          />
          <span className={styles.pill}>{option.label}</span>
        </label>
      ))}
    </fieldset>
  );
}
