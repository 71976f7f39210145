import { useQuery } from '@tanstack/react-query';
import { FAVOURITES_REFETCH_MS } from '@vitrine/domain';
import { useState } from 'react';
import { useLoggedIn } from '../../../app/useLoggedIn';
import { ErrorFallback } from '../../../ui/ErrorFallback';
import { Pagination } from '../../../ui/Pagination';
import { favoriteNiftiesQuery } from '../catalog-queries';
import { EmptyResults } from '../shared/EmptyResults';
import { GridSkeleton } from '../shared/GridSkeleton';
import { NftCardSkeleton } from '../shared/NftCardSkeleton';
import styles from '../shared/ResultGrid.module.css';
import { FavoriteCard } from './FavoriteCard';

/** A user's favourites board of nifties (refetched every 60 s, 000 §9). */
export function FavoriteNfts({ profileUrl }: { profileUrl: string }) {
  const signedIn = useLoggedIn();
  const [page, setPage] = useState(1);
  const query = useQuery({
    ...favoriteNiftiesQuery(profileUrl, page, signedIn),
    refetchInterval: FAVOURITES_REFETCH_MS,
  });
  // An error replaces this only when there is nothing to show: a read again that fails keeps it shown.
  if (query.data === undefined) {
    if (!query.isError) return <GridSkeleton Item={NftCardSkeleton} count={8} />;
    return (
      <ErrorFallback
        title="We couldn't load favorites."
        message={query.error.message}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  return (
    <>
      {query.data.results.length === 0 ? (
        <EmptyResults text="No favorites yet." />
      ) : (
        <ul className={`${styles.grid} ${styles.nfts}`} data-testid="favorites-grid">
          {query.data.results.map((favorite) => (
            <li
              key={`${favorite.kind}-${favorite.contractAddress}-${favorite.tokenId ?? favorite.typeNumber}`}
            >
              <FavoriteCard favorite={favorite} />
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} totalPages={query.data.total_pages} onChange={setPage} />
    </>
  );
}
