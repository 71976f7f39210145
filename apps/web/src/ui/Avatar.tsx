import { resizedImageUrl } from '@vitrine/domain';
import { useState } from 'react';
import { mediaUrl } from '../app/config';
import styles from './Avatar.module.css';

export interface AvatarProps {
  src: string | null | undefined;
  /** The person or publisher; its initial shows when there is no picture. */
  name: string;
  size?: number;
  /** Square with rounded corners (publishers) instead of a circle. */
  square?: boolean;
  className?: string;
}

/** A profile picture (through the resizing route), or the name's initial on a tinted disc. */
export function Avatar({ src, name, size = 32, square = false, className }: AvatarProps) {
  const [failed, setFailed] = useState(false);
  const classes = [styles.avatar, square ? styles.square : undefined, className].filter(Boolean).join(' ');
  const style = { width: size, height: size, fontSize: Math.round(size * 0.42) };
  if (!src || failed) {
    return (
      <span className={`${classes} ${styles.initial}`} style={style} aria-hidden="true">
        {name.trim().charAt(0).toUpperCase() || '?'}
      </span>
    );
  }
  return (
    <img
      className={classes}
      style={style}
      src={mediaUrl(resizedImageUrl(src, 'thumb'))}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}
