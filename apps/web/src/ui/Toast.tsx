import { useEffect } from 'react';
import styles from './Toast.module.css';
import type { ToastItem, ToastSeverity } from './toast-context';

/** Non-error toasts disappear after this long unless the caller sets `durationMs`. */
export const TOAST_DEFAULT_DURATION_MS = 6000;

const ICONS: Record<ToastSeverity, string> = { success: '✓', error: '!', warning: '!', info: 'i' };

export interface ToastProps {
  toast: ToastItem;
  onDismiss: (id: string) => void;
}

/** One toast; errors stay until closed (000 §8), the others close themselves. */
export function Toast({ toast, onDismiss }: ToastProps) {
  const { id, severity, primaryText, secondaryText, durationMs } = toast;

  useEffect(() => {
    if (severity === 'error') return;
    const timer = window.setTimeout(() => onDismiss(id), durationMs ?? TOAST_DEFAULT_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [id, severity, durationMs, onDismiss]);

  return (
    <li
      className={`${styles.toast} ${styles[severity] ?? ''}`}
      role={severity === 'error' ? 'alert' : 'status'}
      data-testid="toast"
      data-severity={severity}
    >
      <span className={styles.icon} aria-hidden="true">
        {ICONS[severity]}
      </span>
      <div className={styles.text}>
        <p className={styles.primary}>{primaryText}</p>
        {secondaryText ? <p className={styles.secondary}>{secondaryText}</p> : null}
      </div>
      <button type="button" className={styles.close} onClick={() => onDismiss(id)} aria-label="Close">
        <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
      </button>
    </li>
  );
}
