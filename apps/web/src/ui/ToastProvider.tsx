import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { takeReloadNotice } from './reload-notice';
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

  // Why the page was just reloaded, when the code that reloaded it said (reload-notice.ts).
  useEffect(() => {
    const notice = takeReloadNotice();
    if (notice) show({ severity: 'warning', primaryText: notice });
  }, [show]);

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
