import {
  COUNTDOWN_SECOND_TICK_THRESHOLD_MS,
  countdownParts,
  countdownTickMs,
  type DateInput,
  toEpochMs,
} from '@vitrine/domain';
import { useEffect, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import styles from './Countdown.module.css';
import { clockNow, subscribeClock, tickClock } from './clock';
import { countdownText } from './countdown-text';

export interface CountdownProps {
  /** The moment counted down to (an ISO string, a Date or epoch milliseconds). */
  to: DateInput | null | undefined;
  /** Text before the time, e.g. 'Ends in' or 'Starts in'. */
  label?: string;
  /** Fired once when the countdown reaches zero (001 §4). */
  onComplete?: () => void;
  /** Hides the countdown once finished instead of showing 00:00:00. */
  hideWhenComplete?: boolean;
  className?: string;
  testId?: string;
}

/**
 * Counts down to a moment: ticks every second under one hour, else every minute (000 §4).
 * Finished shows 00:00:00, stops the timer and fires onComplete. An invalid time renders nothing.
 * Every countdown reads the page's one clock (./clock), so two countdowns to the same moment agree.
 */
export function Countdown({
  to,
  label,
  onComplete,
  hideWhenComplete = false,
  className,
  testId = 'countdown',
}: CountdownProps) {
  const now = useSyncExternalStore(subscribeClock, clockNow);
  const parts = countdownParts(to, now);
  const invalid = parts === null;
  const remainingMs = parts?.remainingMs ?? 0;
  const done = parts?.done ?? true;
  const completedRef = useRef(false);
  const onCompleteRef = useRef(onComplete);
  onCompleteRef.current = onComplete;

  // The clock may not have ticked for a while (no countdown on the page): read the time before painting.
  useLayoutEffect(() => tickClock(), []);

  useEffect(() => {
    if (invalid) console.warn('Countdown needs a valid ISO start or end time', to);
  }, [invalid, to]);

  useEffect(() => {
    if (invalid) return;
    if (done) {
      if (!completedRef.current) {
        completedRef.current = true;
        onCompleteRef.current?.();
      }
      return;
    }
    completedRef.current = false;
    const tick = countdownTickMs(remainingMs);
    // Wake at the next whole tick boundary (or at zero, or when seconds start to count) so the
    // shown value stays true between ticks.
    let delay = remainingMs % tick || tick;
    if (remainingMs >= COUNTDOWN_SECOND_TICK_THRESHOLD_MS) {
      delay = Math.min(delay, remainingMs - COUNTDOWN_SECOND_TICK_THRESHOLD_MS + 1);
    }
    const timer = window.setTimeout(tickClock, Math.max(16, Math.min(remainingMs, delay)));
    return () => window.clearTimeout(timer);
  }, [invalid, done, remainingMs]);

  if (parts === null || (done && hideWhenComplete)) return null;

  const targetMs = toEpochMs(to);
  const iso = targetMs === null ? undefined : new Date(targetMs).toISOString();
  return (
    <span className={[styles.countdown, className].filter(Boolean).join(' ')} data-testid={testId}>
      {label ? <span className={styles.label}>{label}</span> : null}
      <time className={styles.time} dateTime={iso} role="timer" aria-live="off">
        {countdownText(parts)}
      </time>
    </span>
  );
}
