import type { ReactNode } from 'react';
import styles from './FormAlert.module.css';

export interface FormAlertProps {
  tone?: 'error' | 'success' | 'info' | 'warning';
  children: ReactNode;
  /** Extra content under the text (a link or button). */
  action?: ReactNode;
  testId?: string;
}

/** A message inside a form or card: a failed submit, a sent code, a finished step. */
export function FormAlert({ tone = 'error', children, action, testId = 'form-alert' }: FormAlertProps) {
  return (
    <div
      className={`${styles.alert} ${styles[tone] ?? ''}`}
      role={tone === 'error' ? 'alert' : 'status'}
      data-testid={testId}
      data-tone={tone}
    >
      <span className={styles.icon} aria-hidden="true">
        {tone === 'success' ? '✓' : tone === 'info' ? 'i' : '!'}
      </span>
      <div className={styles.body}>
        <div className={styles.text}>{children}</div>
        {action ? <div className={styles.action}>{action}</div> : null}
      </div>
    </div>
  );
}
