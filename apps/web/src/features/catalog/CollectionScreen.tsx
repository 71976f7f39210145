import { useQuery } from '@tanstack/react-query';
import { isApiError } from '../../app/api-client';
import { NotFoundPage } from '../../app/NotFoundPage';
import { useLoggedIn } from '../../app/useLoggedIn';
import { ErrorFallback } from '../../ui/ErrorFallback';
import { CollectionHeader } from './CollectionHeader';
import styles from './CollectionScreen.module.css';
import { CollectionSkeleton } from './CollectionSkeleton';
import { collectionQuery } from './catalog-queries';
import { ListingTable } from './ListingTable';
import { NiftyStrip } from './NiftyStrip';

/** One collection: its header, its works and the listing table. */
export function CollectionScreen({ collectionKey }: { collectionKey: string }) {
  const signedIn = useLoggedIn();
  const query = useQuery({ ...collectionQuery(collectionKey, signedIn), enabled: collectionKey !== '' });
  if (collectionKey === '') return <NotFoundPage />;
  if (query.isPending) return <CollectionSkeleton />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.statusCode === 404) return <NotFoundPage />;
    return (
      <div className={`page-container ${styles.page}`}>
        <ErrorFallback
          title="We couldn't load this collection."
          message={query.error.message}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
          testId="collection-error"
        />
      </div>
    );
  }
  const collection = query.data;
  return (
    <div className={`page-container ${styles.page}`} data-testid="collection-page">
      <title>{`${collection.title} · Vitrine`}</title>
      <CollectionHeader collection={collection} />
      <section className={styles.section} aria-label="Works">
        <h2 className={styles.heading}>Works in this collection</h2>
        <NiftyStrip contractAddress={collection.contractAddress} nifties={collection.nifties} />
      </section>
      <section className={styles.section} aria-label="Items">
        <h2 className={styles.heading}>Items</h2>
        <ListingTable collectionKey={collection.contractAddress} />
      </section>
    </div>
  );
}
