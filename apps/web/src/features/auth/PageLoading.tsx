import styles from './auth.module.css';

/** While the session is being checked or a page's first answer is on its way. */
export function PageLoading({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className={styles.page} aria-busy="true" data-testid="page-loading">
      <div className={styles.status} role="status">
        <span className={styles.spinner} aria-hidden="true" />
        {label}
      </div>
    </div>
  );
}
