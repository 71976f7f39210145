import { type InputHTMLAttributes, type ReactNode, useEffect, useRef } from 'react';
import styles from './Checkbox.module.css';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'children'> {
  label: ReactNode;
  /** Partial selection (001 §4 "partial selection shows indeterminate"). */
  indeterminate?: boolean;
  /** A figure at the end of the row, e.g. a facet count. */
  count?: ReactNode;
}

/** A checkbox row with its label, an optional count and the indeterminate state. */
export function Checkbox({ label, indeterminate = false, count, className, ...rest }: CheckboxProps) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <label
      className={[styles.row, rest.disabled ? styles.disabled : undefined, className]
        .filter(Boolean)
        .join(' ')}
    >
      <input
        {...rest}
        ref={ref}
        type="checkbox"
        className={styles.input}
        aria-checked={indeterminate ? 'mixed' : undefined}
        data-indeterminate={indeterminate || undefined}
      />
      <span className={styles.box} aria-hidden="true">
        <svg className={styles.check} width="12" height="12" viewBox="0 0 24 24">
          <path
            d="M5 12.5l4.5 4.5L19 7.5"
            fill="none"
            stroke="currentColor"
            strokeWidth="3.2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <svg className={styles.dash} width="12" height="12" viewBox="0 0 24 24">
          <path d="M6 12h12" stroke="currentColor" strokeWidth="3.2" strokeLinecap="round" />
        </svg>
      </span>
      <span className={styles.label}>{label}</span>
      {count !== undefined ? <span className={styles.count}>{count}</span> : null}
    </label>
  );
}
