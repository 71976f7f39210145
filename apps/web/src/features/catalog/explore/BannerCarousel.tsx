import { BANNER_ROTATION_MS, BANNER_ROTATION_RESUME_MS } from '@vitrine/domain';
import { useEffect, useRef, useState } from 'react';
import { Link } from '../../../ui/Link';
import styles from './BannerCarousel.module.css';
import { dismissBanner, isBannerDismissed } from './banner-dismissal';
import type { Banner } from './banners';
import { usePrefersReducedMotion } from './usePrefersReducedMotion';

export interface BannerCarouselProps {
  banners: readonly Banner[];
}

/**
 * Banner carousel (001 §2, §4, §9): rotates every 5000 ms with dots and a close button. Dismissal is
 * remembered in localStorage by the banner's key. Rotation pauses on hover and focus, and for 5 s after a
 * dot click; it is off when reduced motion is preferred.
 */
export function BannerCarousel({ banners }: BannerCarouselProps) {
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(
    () => new Set(banners.filter((b) => isBannerDismissed(b.localStorageKey)).map((b) => b.localStorageKey)),
  );
  const visible = banners.filter((banner) => !dismissed.has(banner.localStorageKey));
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [pausedByClick, setPausedByClick] = useState(false);
  const resumeTimer = useRef<number | undefined>(undefined);
  const reducedMotion = usePrefersReducedMotion();
  const current = visible.length > 0 ? index % visible.length : 0;
  const rotating = visible.length > 1 && !hovered && !focused && !pausedByClick && !reducedMotion;

  useEffect(() => {
    if (!rotating) return;
    const timer = window.setInterval(() => setIndex((value) => value + 1), BANNER_ROTATION_MS);
    return () => window.clearInterval(timer);
  }, [rotating]);

  useEffect(() => () => window.clearTimeout(resumeTimer.current), []);

  if (visible.length === 0) return null;

  const pickDot = (next: number) => {
    setIndex(next);
    setPausedByClick(true);
    window.clearTimeout(resumeTimer.current);
    resumeTimer.current = window.setTimeout(() => setPausedByClick(false), BANNER_ROTATION_RESUME_MS);
  };

  const close = (banner: Banner) => {
    dismissBanner(banner.localStorageKey);
    setDismissed((previous) => new Set(previous).add(banner.localStorageKey));
  };

  return (
    <section
      className={styles.carousel}
      aria-roledescription="carousel"
      aria-label="Announcements"
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      // Keyboard focus pauses rotation; a pointer click on a dot pauses through pickDot instead, so
      // the focus it leaves behind does not keep the carousel still.
      onFocus={(event) => {
        if (event.target.matches(':focus-visible')) setFocused(true);
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
      data-testid="banner-carousel"
      data-rotating={rotating || undefined}
    >
      {visible.map((banner, position) => (
        <article
          key={banner.localStorageKey}
          className={styles.slide}
          aria-roledescription="slide"
          aria-label={`${position + 1} of ${visible.length}`}
          hidden={position !== current}
          style={{ backgroundColor: banner.background, backgroundImage: banner.backgroundImage }}
          data-testid="banner"
          data-key={banner.localStorageKey}
        >
          <p className={styles.message}>{banner.message}</p>
          <Link to={banner.link.to} className={styles.link}>
            {banner.link.label} <span aria-hidden="true">→</span>
          </Link>
          <button
            type="button"
            className={styles.close}
            onClick={() => close(banner)}
            aria-label="Close banner"
            data-testid="banner-close"
          >
            <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
            </svg>
          </button>
        </article>
      ))}
      {visible.length > 1 ? (
        <div className={styles.dots}>
          {visible.map((banner, position) => (
            <button
              key={banner.localStorageKey}
              type="button"
              className={styles.dot}
              aria-label={`Show banner ${position + 1}`}
              aria-current={position === current || undefined}
              onClick={() => pickDot(position)}
              data-testid="banner-dot"
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}
