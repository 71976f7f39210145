import { type ReactNode, useId } from 'react';
import styles from './Panel.module.css';

export interface PanelProps {
  title: string;
  children: ReactNode;
  /** Beside the title, e.g. a count. */
  aside?: ReactNode;
  testId?: string;
  className?: string;
}

/** A titled box of a detail page (listings, offers, sale history…). */
export function Panel({ title, children, aside, testId, className }: PanelProps) {
  const headingId = useId();
  return (
    <section
      className={[styles.panel, className].filter(Boolean).join(' ')}
      aria-labelledby={headingId}
      data-testid={testId}
    >
      <div className={styles.head}>
        <h2 id={headingId} className={styles.title}>
          {title}
        </h2>
        {aside ? <span className={styles.aside}>{aside}</span> : null}
      </div>
      <div className={styles.body}>{children}</div>
    </section>
  );
}
