import { Button } from './Button';
import styles from './ErrorFallback.module.css';

export interface ErrorFallbackProps {
  title?: string;
  message?: string;
  /** Shows a Retry button. */
  onRetry?: () => void;
  retryLabel?: string;
  /** Shows the Retry button busy while a retry runs. */
  retrying?: boolean;
  testId?: string;
}

/** What a section shows when it failed to render or to load (001 §8 "A render failure … shows a fallback"). */
export function ErrorFallback({
  title = 'Something went wrong',
  message,
  onRetry,
  retryLabel = 'Retry',
  retrying = false,
  testId = 'error-fallback',
}: ErrorFallbackProps) {
  return (
    <div className={styles.fallback} role="alert" data-testid={testId}>
      <span className={styles.icon} aria-hidden="true">
        !
      </span>
      <p className={styles.title}>{title}</p>
      {message ? <p className={styles.message}>{message}</p> : null}
      {onRetry ? (
        <Button variant="secondary" onClick={onRetry} loading={retrying}>
          {retryLabel}
        </Button>
      ) : null}
    </div>
  );
}
