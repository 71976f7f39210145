import type { ComponentType } from 'react';
import styles from './ResultGrid.module.css';

export interface GridSkeletonProps {
  Item: ComponentType;
  count?: number;
  kind?: 'nfts' | 'wide';
}

/** A grid of placeholders while a page loads (001 §2 "skeleton placeholders while loading"). */
export function GridSkeleton({ Item, count = 12, kind = 'nfts' }: GridSkeletonProps) {
  return (
    <ul
      className={`${styles.grid} ${styles[kind]}`}
      aria-busy="true"
      aria-label="Loading"
      data-testid="grid-loading"
    >
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
        <li key={index}>
          <Item />
        </li>
      ))}
    </ul>
  );
}
