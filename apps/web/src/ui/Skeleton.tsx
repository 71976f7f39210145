import type { CSSProperties } from 'react';
import styles from './Skeleton.module.css';

export interface SkeletonProps {
  variant?: 'text' | 'rect' | 'circle';
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  /** e.g. '4 / 3' for media placeholders. */
  aspectRatio?: CSSProperties['aspectRatio'];
  className?: string;
}

/** A shimmering placeholder; hidden from assistive technology (the container announces loading). */
export function Skeleton({ variant = 'text', width, height, aspectRatio, className }: SkeletonProps) {
  return (
    <span
      aria-hidden="true"
      data-testid="skeleton"
      className={[styles.skeleton, styles[variant], className].filter(Boolean).join(' ')}
      style={{ width, height, aspectRatio }}
    />
  );
}
