import { useState } from 'react';
import { Button } from '../../ui/Button';
import type { ButtonSize } from '../../ui/button-styles';
import type { Subscription } from '../catalog/catalog-types';
import { type FollowTarget, useFollow } from './useFollow';
import { useRequireSignIn } from './useRequireSignIn';

export interface FollowButtonProps {
  target: FollowTarget;
  subscription: Subscription;
  size?: ButtonSize;
  fullWidth?: boolean;
  className?: string;
  /** Names what is followed for screen readers, e.g. the publisher's name. */
  name?: string;
  /** A light outline button in either state (for cards). */
  quiet?: boolean;
}

/**
 * Follow / Following, reading 'Unfollow' while hovered or focused when following (001 §2, §4). Signed-out
 * visitors get the auth modal.
 */
export function FollowButton({
  target,
  subscription,
  size = 'md',
  fullWidth,
  className,
  name,
  quiet = false,
}: FollowButtonProps) {
  const requireSignIn = useRequireSignIn();
  const { subscription: shown, toggle } = useFollow(target, subscription);
  const [hover, setHover] = useState(false);
  const following = shown.isSubscribed;
  const label = following ? (hover ? 'Unfollow' : 'Following') : 'Follow';

  return (
    <Button
      variant={following || quiet ? 'secondary' : 'primary'}
      size={size}
      fullWidth={fullWidth}
      className={className}
      aria-pressed={following}
      aria-label={name ? `${label} ${name}` : undefined}
      onPointerEnter={() => setHover(true)}
      onPointerLeave={() => setHover(false)}
      onFocus={() => setHover(true)}
      onBlur={() => setHover(false)}
      onClick={() => {
        if (requireSignIn()) toggle();
      }}
      data-testid="follow-button"
      data-following={following || undefined}
    >
      {label}
    </Button>
  );
}
