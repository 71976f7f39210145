import { type ReactNode, type SelectHTMLAttributes, useId } from 'react';
import styles from './Field.module.css';

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name'> {
  name: string;
  label: ReactNode;
  error?: string | null | undefined;
  children: ReactNode;
  /** Keeps the label for screen readers only. */
  hideLabel?: boolean;
}

export function SelectField({
  name,
  label,
  error,
  children,
  id,
  className,
  hideLabel,
  ...rest
}: SelectFieldProps) {
  const autoId = useId();
  const selectId = id ?? `${autoId}-${name}`;
  const errorId = `${selectId}-error`;
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label htmlFor={selectId} className={hideLabel ? 'visually-hidden' : styles.label}>
        {label}
      </label>
      <select
        {...rest}
        id={selectId}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`${styles.input} ${styles.select}`}
      >
        {children}
      </select>
      {error ? (
        <p id={errorId} className={styles.error} data-testid={`field-error-${name}`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
