import { countdownChipLabel } from '@vitrine/domain';
import { useNow } from '../../lib/useNow';
import { Countdown } from '../../ui/Countdown';
import styles from './CountdownChip.module.css';

const TIME = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
const DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });

export interface CountdownChipProps {
  start: string | null;
  end: string | null;
  className?: string;
}

/**
 * Countdown chip (001 §2): before the start 'Today, 4:00 PM', 'Tomorrow, 4:00 PM' or 'Starts Dec 1'; before
 * the end 'Ends in' with a countdown; nothing once ended.
 */
export function CountdownChip({ start, end, className }: CountdownChipProps) {
  const now = useNow();
  const label = countdownChipLabel(start, end, now);
  if (!label) return null;
  const classes = [styles.chip, label === 'Ends in' ? styles.live : styles.upcoming, className]
    .filter(Boolean)
    .join(' ');
  let text: string | null = null;
  if (start && (label === 'Today,' || label === 'Tomorrow,'))
    text = `${label} ${TIME.format(new Date(start))}`;
  else if (start && label === 'Starts') text = `${label} ${DATE.format(new Date(start))}`;
  return (
    <span className={classes} data-testid="countdown-chip" data-label={label}>
      {label === 'Ends in' ? (
        <>
          <span className={styles.dot} aria-hidden="true" />
          <Countdown to={end} label={label} className={styles.countdown} />
        </>
      ) : (
        <time dateTime={start ?? undefined}>{text}</time>
      )}
    </span>
  );
}
