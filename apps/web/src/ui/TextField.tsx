import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import styles from './Field.module.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name'> {
  name: string;
  label: ReactNode;
  /** Shown below the input; marks it invalid. */
  error?: string | null | undefined;
  hint?: ReactNode;
  /** Beside the label (e.g. a 'Forgot password?' link). */
  labelAside?: ReactNode;
  /** Text inside the input's left edge (e.g. a URL prefix). */
  leading?: ReactNode;
  /** A button inside the input's right edge. */
  trailing?: ReactNode;
  /** Below the input, above the error (e.g. a checklist). */
  children?: ReactNode;
  inputClassName?: string;
}

/** A labelled input with its hint and its error below it (000 §5: each message below its input). */
export function TextField({
  name,
  label,
  error,
  hint,
  labelAside,
  leading,
  trailing,
  children,
  id,
  className,
  inputClassName,
  ...rest
}: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? `${autoId}-${name}`;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  const input = (
    <input
      {...rest}
      id={inputId}
      name={name}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy}
      className={[
        styles.input,
        trailing ? styles.withTrailing : null,
        leading ? styles.withLeading : null,
        inputClassName,
      ]
        .filter(Boolean)
        .join(' ')}
    />
  );
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <div className={styles.labelRow}>
        <label htmlFor={inputId} className={styles.label}>
          {label}
        </label>
        {labelAside ? <span className={styles.labelAside}>{labelAside}</span> : null}
      </div>
      <div className={styles.control}>
        {leading ? (
          <div className={styles.joined} data-invalid={error ? true : undefined}>
            <span className={styles.leading} aria-hidden="true">
              {leading}
            </span>
            {input}
          </div>
        ) : (
          input
        )}
        {trailing ? <span className={styles.trailing}>{trailing}</span> : null}
      </div>
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {children}
      {error ? (
        <p id={errorId} className={styles.error} data-testid={`field-error-${name}`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
