import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { usePrefersReducedMotion } from '../catalog/explore/usePrefersReducedMotion';
import { markIntroPlayed, shouldPlayIntro } from './intro';
import styles from './Studio.module.css';

/**
 * The studio's intro loading animation (001 §2): once per path, recorded as played when it starts; never
 * with reduced motion. It lets every click through (pointer-events: none) and leaves when it ends.
 */
export function StudioIntro() {
  const { pathname } = useLocation();
  const reducedMotion = usePrefersReducedMotion();
  const [playing, setPlaying] = useState(false);
  useEffect(() => {
    if (!shouldPlayIntro(pathname, window.localStorage, reducedMotion)) return;
    markIntroPlayed(pathname, window.localStorage);
    setPlaying(true);
  }, [pathname, reducedMotion]);
  if (!playing || reducedMotion) return null;
  return (
    <div
      className={styles.intro}
      data-testid="studio-intro"
      aria-hidden="true"
      onAnimationEnd={() => setPlaying(false)}
    >
      <span className={styles.introMark}>Studio</span>
    </div>
  );
}
