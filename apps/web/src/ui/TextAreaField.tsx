import { type ReactNode, type TextareaHTMLAttributes, useId } from 'react';
import styles from './Field.module.css';

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name'> {
  name: string;
  label: ReactNode;
  error?: string | null | undefined;
  hint?: ReactNode;
  labelAside?: ReactNode;
}

export function TextAreaField({
  name,
  label,
  error,
  hint,
  labelAside,
  id,
  className,
  ...rest
}: TextAreaFieldProps) {
  const autoId = useId();
  const inputId = id ?? `${autoId}-${name}`;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <div className={styles.labelRow}>
        <label htmlFor={inputId} className={styles.label}>
          {label}
        </label>
        {labelAside ? <span className={styles.labelAside}>{labelAside}</span> : null}
      </div>
      <textarea
        {...rest}
        id={inputId}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`${styles.input} ${styles.textarea}`}
      />
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={styles.error} data-testid={`field-error-${name}`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
