import type { ButtonHTMLAttributes } from 'react';
import { type ButtonStyleProps, buttonClassName, spinnerClassName } from './button-styles';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, ButtonStyleProps {
  /** Shows a spinner, sets aria-busy and blocks clicks. */
  loading?: boolean;
}

export function Button({
  variant,
  size,
  fullWidth,
  loading = false,
  disabled,
  className,
  type = 'button',
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={buttonClassName({ variant, size, fullWidth }, className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
    >
      {loading ? <span className={spinnerClassName} aria-hidden="true" /> : null}
      {children}
    </button>
  );
}
