import styles from './Button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonStyleProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
}

/** Class names shared by Button and ButtonLink. */
export function buttonClassName(
  { variant = 'primary', size = 'md', fullWidth = false }: ButtonStyleProps,
  extra?: string,
): string {
  return [styles.button, styles[variant], styles[size], fullWidth ? styles.fullWidth : undefined, extra]
    .filter(Boolean)
    .join(' ');
}

export const spinnerClassName = styles.spinner ?? '';
