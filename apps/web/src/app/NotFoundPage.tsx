import { ButtonLink } from '../ui/ButtonLink';
import { DocumentTitle } from '../ui/DocumentTitle';
import styles from './NotFoundPage.module.css';

/** The page for any path no route knows (`*`), and for route 404s. */
export function NotFoundPage() {
  return (
    <div className={`page-container ${styles.wrap}`} data-testid="not-found">
      <DocumentTitle title="Page not found · Vitrine" />
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 className={styles.title}>Page not found</h1>
      <p className={styles.text}>The page you are looking for doesn't exist or has moved.</p>
      <div className={styles.actions}>
        <ButtonLink to="/" size="lg" data-testid="not-found-home">
          Back to home
        </ButtonLink>
        <ButtonLink to="/explore/drops" variant="secondary" size="lg">
          Explore drops
        </ButtonLink>
      </div>
    </div>
  );
}
