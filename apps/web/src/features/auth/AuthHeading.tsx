import type { ReactNode } from 'react';
import styles from './auth.module.css';

export interface AuthHeadingProps {
  title: ReactNode;
  subtitle?: ReactNode;
  eyebrow?: string;
  /** h1 on pages, h2 inside the auth modal (its dialog title is the h2 already). */
  level?: 1 | 2;
}

export function AuthHeading({ title, subtitle, eyebrow, level = 1 }: AuthHeadingProps) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <header className={styles.header}>
      {eyebrow ? <p className={styles.eyebrow}>{eyebrow}</p> : null}
      <Heading className={styles.title}>{title}</Heading>
      {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
    </header>
  );
}
