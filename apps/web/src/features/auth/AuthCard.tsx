import type { ReactNode } from 'react';
import { DocumentTitle } from '../../ui/DocumentTitle';
import styles from './auth.module.css';

export interface AuthCardProps {
  /** Document title ('{title} · Vitrine'). */
  documentTitle: string;
  children: ReactNode;
  wide?: boolean;
  testId?: string;
}

/** The centred card the accounts pages sit in. */
export function AuthCard({ documentTitle, children, wide = false, testId }: AuthCardProps) {
  return (
    <div className={styles.page} data-testid={testId}>
      <DocumentTitle title={`${documentTitle} · Vitrine`} />
      <div className={[styles.card, wide ? styles.wide : null].filter(Boolean).join(' ')}>{children}</div>
    </div>
  );
}
