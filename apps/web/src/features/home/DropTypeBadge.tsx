import { dropTypeLabel } from '@vitrine/domain';
import styles from './DropTypeBadge.module.css';

/** The drop type ('Open Edition', '1/1 Auction', …) as a small badge. */
export function DropTypeBadge({ dropType }: { dropType: string }) {
  return (
    <span className={styles.badge} data-testid="drop-type-badge" data-drop-type={dropType}>
      {dropTypeLabel(dropType)}
    </span>
  );
}
