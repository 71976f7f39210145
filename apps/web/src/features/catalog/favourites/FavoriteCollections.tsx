import { useQuery } from '@tanstack/react-query';
import { FAVOURITES_REFETCH_MS } from '@vitrine/domain';
import { useState } from 'react';
import { useLoggedIn } from '../../../app/useLoggedIn';
import { ErrorFallback } from '../../../ui/ErrorFallback';
import { Pagination } from '../../../ui/Pagination';
import { favoriteCollectionsQuery } from '../catalog-queries';
import { CollectionCard } from '../shared/CollectionCard';
import { CollectionCardSkeleton } from '../shared/CollectionCardSkeleton';
import { EmptyResults } from '../shared/EmptyResults';
import { GridSkeleton } from '../shared/GridSkeleton';
import styles from '../shared/ResultGrid.module.css';

/** A user's favourites board of collections (000 §7; refetched every 60 s, 000 §9). */
export function FavoriteCollections({ profileUrl }: { profileUrl: string }) {
  const signedIn = useLoggedIn();
  const [page, setPage] = useState(1);
  const query = useQuery({
    ...favoriteCollectionsQuery(profileUrl, page, signedIn),
    refetchInterval: FAVOURITES_REFETCH_MS,
  });
  // An error replaces this only when there is nothing to show: a read again that fails keeps it shown.
  if (query.data === undefined) {
    if (!query.isError) return <GridSkeleton Item={CollectionCardSkeleton} count={3} kind="wide" />;
    return (
      <ErrorFallback
        title="We couldn't load saved collections."
        message={query.error.message}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  return (
    <>
      {query.data.results.length === 0 ? (
        <EmptyResults text="No saved collections yet." />
      ) : (
        <ul className={`${styles.grid} ${styles.wide}`} data-testid="favorite-collections-grid">
          {query.data.results.map((collection) => (
            <li key={collection.id}>
              <CollectionCard collection={collection} />
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} totalPages={query.data.total_pages} onChange={setPage} />
    </>
  );
}
