import type { ReactNode } from 'react';
import { DocumentTitle } from './DocumentTitle';
import styles from './Page.module.css';

export interface PageProps {
  /** The page heading; also the document title ('{title} · Vitrine'). */
  title: string;
  eyebrow?: string;
  description?: ReactNode;
  children?: ReactNode;
  testId?: string;
}

/** A page body with its heading, inside the page container. */
export function Page({ title, eyebrow, description, children, testId }: PageProps) {
  return (
    <div className={`page-container ${styles.page}`} data-testid={testId}>
      <DocumentTitle title={`${title} · Vitrine`} />
      <header className={styles.header}>
        {eyebrow ? <p className={styles.eyebrow}>{eyebrow}</p> : null}
        <h1 className={styles.title}>{title}</h1>
        {description ? <p className={styles.description}>{description}</p> : null}
      </header>
      {children}
    </div>
  );
}
