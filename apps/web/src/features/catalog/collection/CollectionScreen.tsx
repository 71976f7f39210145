import { useQuery } from '@tanstack/react-query';
import { collectionPath } from '@vitrine/domain';
import { isApiError } from '../../../app/api-client';
import { NotFoundPage } from '../../../app/NotFoundPage';
import { useLoggedIn } from '../../../app/useLoggedIn';
import { DocumentTitle } from '../../../ui/DocumentTitle';
import { ErrorFallback } from '../../../ui/ErrorFallback';
import { Link } from '../../../ui/Link';
import { Skeleton } from '../../../ui/Skeleton';
import { DropSales } from '../../drops/DropSales';
import { AttributeOffers } from '../../offers/AttributeOffers';
import { collectionQuery } from '../catalog-queries';
import { CollectionHeader } from './CollectionHeader';
import styles from './CollectionScreen.module.css';
import { CollectionSkeleton } from './CollectionSkeleton';
import { ListingTable } from './ListingTable';
import { NiftyStrip } from './NiftyStrip';

/** The works of another collection of the same drop: a drop with two collections shows both. */
function DropCollectionWorks({ slug, name }: { slug: string; name: string }) {
  const signedIn = useLoggedIn();
  const query = useQuery(collectionQuery(slug, signedIn));
  return (
    <section className={styles.section} aria-label={`Works in ${name}`} data-testid="drop-collection-works">
      <h2 className={styles.heading}>
        Works in <Link to={collectionPath(slug)}>{name}</Link>
      </h2>
      {query.data ? (
        <NiftyStrip contractAddress={query.data.contractAddress} nifties={query.data.nifties} />
      ) : query.isError ? (
        <ErrorFallback
          title="We couldn't load these works."
          message={query.error.message}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <Skeleton height={120} />
      )}
    </section>
  );
}

/** One collection: its header, its works (and those of the other collections of its drop) and the listing table. */
export function CollectionScreen({ collectionKey }: { collectionKey: string }) {
  const signedIn = useLoggedIn();
  const query = useQuery({ ...collectionQuery(collectionKey, signedIn), enabled: collectionKey !== '' });
  if (collectionKey === '') return <NotFoundPage />;
  // Gone: not found, even over what was shown.
  if (query.isError && isApiError(query.error) && query.error.statusCode === 404) return <NotFoundPage />;
  // An error replaces this only when there is nothing to show: a read again that fails keeps it shown.
  if (query.data === undefined) {
    if (!query.isError) return <CollectionSkeleton />;
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
      <DocumentTitle title={`${collection.title} · Vitrine`} />
      <CollectionHeader collection={collection} />
      {/* A drop's page sells: every collection of the drop with its sale cards (decision 015). */}
      {collection.drop ? (
        <DropSales slug={collection.drop.slug} collections={collection.drop.collections} />
      ) : null}
      <section className={styles.section} aria-label="Works">
        <h2 className={styles.heading}>Works in this collection</h2>
        <NiftyStrip contractAddress={collection.contractAddress} nifties={collection.nifties} />
      </section>
      {(collection.drop?.collections ?? [])
        .filter((other) => other.slug !== collection.slug)
        .map((other) => (
          <DropCollectionWorks key={other.slug} slug={other.slug} name={other.name} />
        ))}
      <section className={styles.section} aria-label="Items">
        <h2 className={styles.heading}>Items</h2>
        <ListingTable collectionKey={collection.contractAddress} />
      </section>
      <AttributeOffers contractAddress={collection.contractAddress} className={styles.section} />
    </div>
  );
}
