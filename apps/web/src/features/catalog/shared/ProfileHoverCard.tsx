import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Skeleton } from '../../../ui/Skeleton';
import { userProfileQuery } from '../catalog-queries';
import { ProfileCard } from './ProfileCard';
import styles from './ProfileHoverCard.module.css';

const OPEN_DELAY_MS = 350;
const CLOSE_DELAY_MS = 200;
const CARD_WIDTH = 300;
const EDGE = 8;

export interface ProfileHoverCardProps {
  profileUrl: string;
  children: ReactNode;
}

/**
 * A profile hover card (001 §2): hovering (with a mouse) or focusing a person's link shows their profile
 * card under it. It floats above the page, so clipped card layouts do not cut it.
 */
export function ProfileHoverCard({ profileUrl, children }: ProfileHoverCardProps) {
  const [position, setPosition] = useState<{ top: number; left: number } | null>(null);
  const anchorRef = useRef<HTMLSpanElement>(null);
  const timer = useRef<number | undefined>(undefined);
  const id = useId();
  const open = position !== null;
  const { data, isError } = useQuery({ ...userProfileQuery(profileUrl), enabled: open });

  useEffect(() => () => window.clearTimeout(timer.current), []);

  useEffect(() => {
    if (!open) return;
    const close = () => setPosition(null);
    window.addEventListener('scroll', close, { passive: true });
    window.addEventListener('resize', close);
    return () => {
      window.removeEventListener('scroll', close);
      window.removeEventListener('resize', close);
    };
  }, [open]);

  const show = () => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      const rect = anchorRef.current?.getBoundingClientRect();
      if (!rect) return;
      const left = Math.max(EDGE, Math.min(rect.left, window.innerWidth - CARD_WIDTH - EDGE));
      setPosition({ top: rect.bottom + 8, left });
    }, OPEN_DELAY_MS);
  };
  const hide = () => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setPosition(null), CLOSE_DELAY_MS);
  };
  const keep = () => window.clearTimeout(timer.current);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover and focus only reveal extra information; the link inside stays the control.
    <span
      ref={anchorRef}
      className={styles.anchor}
      onPointerEnter={(event) => {
        if (event.pointerType === 'mouse') show();
      }}
      onPointerLeave={hide}
      onFocus={show}
      onBlur={hide}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setPosition(null);
      }}
      aria-describedby={open ? id : undefined}
    >
      {children}
      {position && !isError
        ? createPortal(
            <div
              id={id}
              className={styles.card}
              style={{ top: position.top, left: position.left, width: CARD_WIDTH }}
              onPointerEnter={keep}
              onPointerLeave={hide}
              data-testid="profile-hover-card"
            >
              {data ? (
                <ProfileCard profile={data} compact />
              ) : (
                <span className={styles.loading}>
                  <Skeleton variant="circle" width={48} height={48} />
                  <Skeleton width="60%" />
                </span>
              )}
            </div>,
            document.body,
          )
        : null}
    </span>
  );
}
