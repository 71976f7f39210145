import { useEffect } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { DocumentTitle } from '../ui/DocumentTitle';
import { ErrorFallback } from '../ui/ErrorFallback';
import { NotFoundPage } from './NotFoundPage';
import styles from './RouteErrorBoundary.module.css';

/** A lazy chunk that no longer exists (a new version was deployed) fails like this. */
function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(
      error.message,
    )
  );
}

/** Error element of the routes: 404s get the not-found page, anything else a fallback with Reload. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;

  useEffect(() => {
    if (!notFound) console.error('Route error', error);
  }, [error, notFound]);

  if (notFound) return <NotFoundPage />;

  const message = isChunkLoadError(error)
    ? 'A new version of Vitrine is available. Reload the page to continue.'
    : 'This page could not be shown. Reload the page or try again later.';

  return (
    <div className={`page-container ${styles.wrap}`} data-testid="route-error">
      <DocumentTitle title="Something went wrong · Vitrine" />
      <ErrorFallback
        title="Something went wrong"
        message={message}
        onRetry={() => window.location.reload()}
        retryLabel="Reload page"
      />
      <Link to="/" className={styles.home} reloadDocument>
        Go to the home page
      </Link>
    </div>
  );
}
