import { createContext } from 'react';

export type ToastSeverity = 'success' | 'error' | 'warning' | 'info';

/** A toast (001 §3 "Toast": severity, primaryText, secondaryText, source). */
export interface ToastInput {
  severity: ToastSeverity;
  primaryText: string;
  secondaryText?: string;
  /** What raised it (for analytics and de-duplication). */
  source?: string;
  /** Auto-dismiss delay; errors ignore it and stay until closed. */
  durationMs?: number;
}

export interface ToastItem extends ToastInput {
  id: string;
}

export interface ToastApi {
  /** Shows a toast and answers its id. */
  show: (toast: ToastInput) => string;
  dismiss: (id: string) => void;
  success: (primaryText: string, secondaryText?: string) => string;
  error: (primaryText: string, secondaryText?: string) => string;
  warning: (primaryText: string, secondaryText?: string) => string;
  info: (primaryText: string, secondaryText?: string) => string;
}

export const ToastContext = createContext<ToastApi | null>(null);
