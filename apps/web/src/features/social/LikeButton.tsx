import { formatCount, LIKE_TOOLTIP_LEAVE_DELAY_MS } from '@vitrine/domain';
import { useEffect, useId, useRef, useState } from 'react';
import type { Likes } from '../catalog/catalog-types';
import { FIRST_LIKE_TOOLTIP_TEXT, hasSeenFirstLikeTooltip, markFirstLikeTooltipSeen } from './first-like';
import styles from './LikeButton.module.css';
import type { SaveTarget } from './social-api';
import { useLike } from './useLike';
import { useRequireSignIn } from './useRequireSignIn';

export interface LikeButtonProps {
  /** A token is liked; an edition or a collection is saved to the favourites boards. */
  target: SaveTarget;
  likes: Likes;
  /** 'overlay' sits on artwork (white pill); 'inline' in a page's action row. */
  variant?: 'overlay' | 'inline';
  className?: string;
}

/**
 * The like (heart) button with its count (001 §2, §4): toggles optimistically and reverts on error;
 * signed-out visitors get the auth modal instead. The first-ever like shows a one-time tooltip.
 */
export function LikeButton({ target, likes, variant = 'overlay', className }: LikeButtonProps) {
  const requireSignIn = useRequireSignIn();
  const { likes: shown, toggle, pending } = useLike(target, likes);
  const [on, off] =
    target.kind === 'token' ? ['Unlike', 'Like'] : ['Remove from favorites', 'Save to favorites'];
  const [tooltip, setTooltip] = useState(false);
  const tooltipId = useId();
  const hideTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(hideTimer.current), []);

  const onClick = () => {
    if (!requireSignIn()) return;
    if (!shown.isLiked && !hasSeenFirstLikeTooltip()) {
      markFirstLikeTooltipSeen();
      setTooltip(true);
      window.clearTimeout(hideTimer.current);
      hideTimer.current = window.setTimeout(() => setTooltip(false), LIKE_TOOLTIP_LEAVE_DELAY_MS);
    }
    toggle();
  };

  // The tooltip stays while hovered and closes 5 s after the pointer (or a finger) leaves (001 §9).
  const onLeave = () => {
    if (!tooltip) return;
    window.clearTimeout(hideTimer.current);
    hideTimer.current = window.setTimeout(() => setTooltip(false), LIKE_TOOLTIP_LEAVE_DELAY_MS);
  };

  return (
    <span className={[styles.wrap, className].filter(Boolean).join(' ')} onPointerLeave={onLeave}>
      <button
        type="button"
        className={`${styles.button} ${styles[variant]}`}
        aria-pressed={shown.isLiked}
        // The name holds the visible count too (WCAG 2.5.3, label in name): "Like, 12".
        aria-label={`${shown.isLiked ? on : off}, ${formatCount(shown.likesAmount)}`}
        aria-describedby={tooltip ? tooltipId : undefined}
        aria-busy={pending || undefined}
        data-liked={shown.isLiked || undefined}
        onClick={onClick}
        data-testid="like-button"
      >
        <svg className={styles.heart} width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
          <path
            d="M12 20.5s-7.5-4.6-9.3-9.2C1.4 8 3.4 4.5 6.9 4.5c2 0 3.5 1.1 4.1 2.4h2c.6-1.3 2.1-2.4 4.1-2.4 3.5 0 5.5 3.5 4.2 6.8-1.8 4.6-9.3 9.2-9.3 9.2z"
            strokeWidth="2"
            strokeLinejoin="round"
          />
        </svg>
        <span className={styles.count} data-testid="like-count">
          {formatCount(shown.likesAmount)}
        </span>
      </button>
      {tooltip ? (
        <span id={tooltipId} role="tooltip" className={styles.tooltip} data-testid="first-like-tooltip">
          {FIRST_LIKE_TOOLTIP_TEXT}
        </span>
      ) : null}
    </span>
  );
}
