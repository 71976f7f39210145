import type { DropCardCountdown } from '@vitrine/domain';
import { Countdown } from '../../ui/Countdown';
import styles from './NiftyAuction.module.css';

/**
 * A work page's sale timer, as its drop card shows it (001 §4): 'Opens in' / 'Closes in' counting down, 'Ended' once
 * over, and the 'Live' badge while open. The auction panel's and the primary sale panel's.
 */
export function SaleTimer({
  countdown,
  ended,
  onComplete,
  testIdPrefix,
}: {
  countdown: DropCardCountdown;
  ended: boolean;
  /** The countdown reached its target: the caller reads the clock (and its sale) again. */
  onComplete: () => void;
  /** `{prefix}-countdown` and `{prefix}-live`. */
  testIdPrefix: string;
}) {
  return (
    <div className={styles.timer}>
      <span data-testid={`${testIdPrefix}-countdown`}>
        {countdown.label && countdown.target ? (
          <Countdown to={countdown.target} label={countdown.label} hideWhenComplete onComplete={onComplete} />
        ) : ended ? (
          'Ended'
        ) : null}
      </span>
      {countdown.live ? (
        <span className={styles.live} data-testid={`${testIdPrefix}-live`}>
          Live
        </span>
      ) : null}
    </div>
  );
}
