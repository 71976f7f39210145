import type { NftBadge as NftBadgeName } from '../catalog-types';
import styles from './NftBadge.module.css';

const LABELS: Record<NftBadgeName, string> = {
  highlyDesirable: 'Highly Desirable',
  fastSellOut: 'Fast Sell Out',
};

/** A card badge (001 §2): highlyDesirable or fastSellOut. */
export function NftBadge({ badge }: { badge: NftBadgeName }) {
  return (
    <span
      className={`${styles.badge} ${styles[badge]}`}
      title={LABELS[badge]}
      data-testid="nft-badge"
      data-badge={badge}
    >
      <span aria-hidden="true">{badge === 'highlyDesirable' ? '★' : '⚡'}</span>
      <span className={styles.label}>{LABELS[badge]}</span>
    </span>
  );
}
