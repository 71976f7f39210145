import styles from './BotCheckWidget.module.css';
import type { BotCheck } from './useBotCheck';

export interface BotCheckWidgetProps {
  check: BotCheck;
  disabled?: boolean;
}

const LABELS = {
  idle: "I'm not a robot",
  solving: 'Verifying…',
  verified: 'Verified',
  error: 'Verification failed. Try again.',
} as const;

/**
 * The visible bot check on signup (000 §5): a checkbox that runs the ALTCHA proof of work in the
 * browser, showing its progress, then 'Verified'. Built here, no third-party script.
 */
export function BotCheckWidget({ check, disabled = false }: BotCheckWidgetProps) {
  const { state, progress } = check;
  const busy = state === 'solving';
  return (
    <div className={styles.widget} data-state={state} data-testid="bot-check">
      <label className={styles.label}>
        <span className={styles.box}>
          <input
            type="checkbox"
            className={styles.input}
            checked={state === 'verified'}
            disabled={disabled || busy || state === 'verified'}
            aria-busy={busy || undefined}
            onChange={() => {
              check.verify().catch(() => undefined);
            }}
          />
          {busy ? (
            <span className={styles.ring} aria-hidden="true">
              <svg viewBox="0 0 36 36" width="28" height="28">
                <circle cx="18" cy="18" r="15" className={styles.track} />
                <circle
                  cx="18"
                  cy="18"
                  r="15"
                  className={styles.progress}
                  style={{ strokeDashoffset: 94.25 * (1 - Math.max(0.06, progress)) }}
                />
              </svg>
            </span>
          ) : null}
          {state === 'verified' ? (
            <svg className={styles.check} viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <path
                d="M5 12.5l4.2 4.2L19 7"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.6"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          ) : null}
        </span>
        <span className={styles.text} aria-live="polite">
          {LABELS[state]}
          {busy ? <span className={styles.percent}> {Math.round(progress * 100)}%</span> : null}
        </span>
      </label>
      <span className={styles.brand} aria-hidden="true">
        <svg viewBox="0 0 24 24" width="18" height="18">
          <path
            d="M12 2l8 3.5v6c0 5-3.4 9.3-8 10.5-4.6-1.2-8-5.5-8-10.5v-6z"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
          <path
            d="M8.5 12l2.4 2.4 4.6-4.8"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <span>Bot check</span>
      </span>
    </div>
  );
}
