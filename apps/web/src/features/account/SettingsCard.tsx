import type { ReactNode } from 'react';
import styles from './AccountSettingsPage.module.css';

export interface SettingsCardProps {
  title: string;
  description?: ReactNode;
  /** Beside the title (a status badge). */
  aside?: ReactNode;
  children: ReactNode;
  id?: string;
  testId?: string;
}

/** One block of the settings page. */
export function SettingsCard({ title, description, aside, children, id, testId }: SettingsCardProps) {
  return (
    <section
      className={styles.card}
      id={id}
      data-testid={testId}
      aria-labelledby={id ? `${id}-title` : undefined}
    >
      <header className={styles.cardHeader}>
        <div>
          <h2 className={styles.cardTitle} id={id ? `${id}-title` : undefined}>
            {title}
          </h2>
          {description ? <p className={styles.cardDescription}>{description}</p> : null}
        </div>
        {aside}
      </header>
      {children}
    </section>
  );
}
