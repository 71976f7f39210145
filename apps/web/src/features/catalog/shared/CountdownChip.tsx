import { countdownChipLabel, countdownChipTarget, msUntilStatusChange } from '@vitrine/domain';
import { useEffect, useState } from 'react';
import { once } from '../../../lib/once';
import { serverNow } from '../../../lib/server-clock';
import { useMediaQuery } from '../../../lib/useMediaQuery';
import { useNow } from '../../../lib/useNow';
import { Countdown } from '../../../ui/Countdown';
import styles from './CountdownChip.module.css';

const TIME = once(() => new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' }));
const DATE = once(() => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' }));

export interface CountdownChipProps {
  start: string | null;
  end: string | null;
  className?: string;
}

/**
 * Countdown chip (001 §2): within 3 days of the start 'Starts in' with a countdown (001 §9; the day and
 * time, 'Today, 4:00 PM', as its title), earlier 'Starts Dec 1'; before the end 'Ends in' with a countdown; nothing once ended. At zero it moves on at
 * once (001 §4: an upcoming drop becomes live, a live one ended), not at the next minute.
 */
export function CountdownChip({ start, end, className }: CountdownChipProps) {
  const minute = useNow();
  const [changedAt, setChangedAt] = useState(0);
  const now = Math.max(minute, changedAt);
  const untilChange = msUntilStatusChange(start, end, now);

  useEffect(() => {
    // Timers cap at about 24.8 days; the minute tick covers anything further.
    if (untilChange === null || untilChange > 2 ** 31 - 1) return;
    const timer = window.setTimeout(() => setChangedAt(serverNow()), untilChange + 1);
    return () => window.clearTimeout(timer);
  }, [untilChange]);

  // 000 §4: on small screens only Live or Upcoming (QA 2026-12-07: a phone's drop header showed the full countdown).
  const narrow = useMediaQuery('(max-width: 599.98px)');
  const label = countdownChipLabel(start, end, now);
  if (!label) return null;
  const target = countdownChipTarget(start, end, now);
  const classes = [styles.chip, label === 'Ends in' ? styles.live : styles.upcoming, className]
    .filter(Boolean)
    .join(' ');
  let text: string | null = null;
  if (start && (label === 'Today,' || label === 'Tomorrow,'))
    text = `${label} ${TIME().format(new Date(start))}`;
  else if (start && label === 'Starts') text = `${label} ${DATE().format(new Date(start))}`;
  return (
    <span
      className={classes}
      data-testid="countdown-chip"
      data-label={label}
      title={target === 'start' ? (text ?? undefined) : undefined}
    >
      {narrow ? (
        label === 'Ends in' ? (
          <>
            <span className={styles.dot} aria-hidden="true" />
            Live
          </>
        ) : (
          'Upcoming'
        )
      ) : target === 'end' ? (
        <>
          <span className={styles.dot} aria-hidden="true" />
          <Countdown to={end} label="Ends in" className={styles.countdown} />
        </>
      ) : target === 'start' ? (
        <Countdown to={start} label="Starts in" className={styles.countdown} />
      ) : (
        <time dateTime={start ?? undefined}>{text}</time>
      )}
    </span>
  );
}
