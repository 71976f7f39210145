import { useQuery } from '@tanstack/react-query';
import { EMPTY_EXPLORE_STATE, toExploreApiQuery } from '@vitrine/domain';
import { useSearchParams } from 'react-router';
import { useLoggedIn } from '../../../app/useLoggedIn';
import { latestSearchParams } from '../../../lib/latest-search-params';
import { ErrorFallback } from '../../../ui/ErrorFallback';
import { Pagination } from '../../../ui/Pagination';
import { userNiftiesQuery } from '../catalog-queries';
import { EmptyResults } from '../shared/EmptyResults';
import { GridSkeleton } from '../shared/GridSkeleton';
import { NftCardSkeleton } from '../shared/NftCardSkeleton';
import { NftGrid } from '../shared/NftGrid';

/** The NFTs a user owns (GET /api/v2/users/{id}/nifties/), paginated. */
export function OwnedNfts({ profileUrl }: { profileUrl: string }) {
  const signedIn = useLoggedIn();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const query = useQuery(
    userNiftiesQuery(profileUrl, toExploreApiQuery({ ...EMPTY_EXPLORE_STATE, currentPage: page }), signedIn),
  );
  // An error replaces this only when there is nothing to show: a read again that fails keeps it shown.
  if (query.data === undefined) {
    if (!query.isError) return <GridSkeleton Item={NftCardSkeleton} count={8} />;
    return (
      <ErrorFallback
        title="We couldn't load these NFTs."
        message={query.error.message}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  return (
    <>
      {query.data.results.length === 0 ? (
        <EmptyResults text="No NFTs owned yet." />
      ) : (
        <NftGrid cards={query.data.results} />
      )}
      <Pagination
        page={page}
        totalPages={query.data.total_pages}
        onChange={(next) =>
          setParams(
            () => {
              const copy = latestSearchParams();
              if (next > 1) copy.set('page', String(next));
              else copy.delete('page');
              return copy;
            },
            { preventScrollReset: true },
          )
        }
      />
    </>
  );
}
