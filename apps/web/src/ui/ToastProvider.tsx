import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { Toast } from './Toast';
import styles from './Toast.module.css';
import { type ToastApi, ToastContext, type ToastInput, type ToastItem } from './toast-context';

/** At most this many toasts are visible; the oldest goes first. */
const MAX_TOASTS = 5;

/** Toasts stack bottom-left for success, error, warning and info (000 §8, 001 §8). */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);

  const dismiss = useCallback((id: string) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const show = useCallback((toast: ToastInput) => {
    const id = crypto.randomUUID();
    setToasts((current) => [...current, { ...toast, id }].slice(-MAX_TOASTS));
    return id;
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      show,
      dismiss,
      success: (primaryText, secondaryText) => show({ severity: 'success', primaryText, secondaryText }),
      error: (primaryText, secondaryText) => show({ severity: 'error', primaryText, secondaryText }),
      warning: (primaryText, secondaryText) => show({ severity: 'warning', primaryText, secondaryText }),
      info: (primaryText, secondaryText) => show({ severity: 'info', primaryText, secondaryText }),
    }),
    [show, dismiss],
  );

  return (
    <ToastContext value={api}>
      {children}
      {createPortal(
        <ol className={styles.viewport} aria-label="Notifications" data-testid="toast-viewport">
          {toasts.map((toast) => (
            <Toast key={toast.id} toast={toast} onDismiss={dismiss} />
          ))}
        </ol>,
        document.body,
      )}
    </ToastContext>
  );
}
