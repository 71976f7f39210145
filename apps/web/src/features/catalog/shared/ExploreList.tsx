import { useQuery } from '@tanstack/react-query';
import { EMPTY_EXPLORE_STATE, type ExploreState, toExploreApiQuery } from '@vitrine/domain';
import { useSearchParams } from 'react-router';
import { useLoggedIn } from '../../../app/useLoggedIn';
import { latestSearchParams } from '../../../lib/latest-search-params';
import { ErrorFallback } from '../../../ui/ErrorFallback';
import { Pagination } from '../../../ui/Pagination';
import { exploreQuery } from '../catalog-queries';
import { CollectionCard } from './CollectionCard';
import { CollectionCardSkeleton } from './CollectionCardSkeleton';
import { EmptyResults } from './EmptyResults';
import { GridSkeleton } from './GridSkeleton';
import { NftCardSkeleton } from './NftCardSkeleton';
import { NftGrid } from './NftGrid';
import styles from './ResultGrid.module.css';

export interface ExploreListProps {
  view: 'nfts' | 'collections';
  /** Extra explore params, e.g. { publisher: 'atlas' } or { creator: 'mirasolis' }. */
  scope: Record<string, string>;
  emptyText: string;
}

/** A storefront's or profile's paginated list of NFTs or collections (explore with a scope). */
export function ExploreList({ view, scope, emptyText }: ExploreListProps) {
  const signedIn = useLoggedIn();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const state: ExploreState = { ...EMPTY_EXPLORE_STATE, view, currentPage: page };
  const apiQuery = { ...toExploreApiQuery(state), ...scope };
  const nfts = useQuery({ ...exploreQuery('nfts', apiQuery, signedIn), enabled: view === 'nfts' });
  const collections = useQuery({
    ...exploreQuery('collections', apiQuery, signedIn),
    enabled: view === 'collections',
  });
  const query = view === 'nfts' ? nfts : collections;
  const setPage = (next: number) =>
    setParams(
      () => {
        const copy = latestSearchParams();
        if (next > 1) copy.set('page', String(next));
        else copy.delete('page');
        return copy;
      },
      { preventScrollReset: true },
    );

  if (query.isPending) {
    return view === 'nfts' ? (
      <GridSkeleton Item={NftCardSkeleton} count={8} />
    ) : (
      <GridSkeleton Item={CollectionCardSkeleton} count={3} kind="wide" />
    );
  }
  if (query.isError && !query.data) {
    return (
      <ErrorFallback
        title="We couldn't load this list."
        message={query.error.message}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  const total = query.data.total_pages;
  return (
    <>
      {view === 'nfts' && nfts.data ? (
        nfts.data.results.length === 0 ? (
          <EmptyResults text={emptyText} />
        ) : (
          <NftGrid cards={nfts.data.results} />
        )
      ) : collections.data && collections.data.results.length === 0 ? (
        <EmptyResults text={emptyText} />
      ) : (
        <ul className={`${styles.grid} ${styles.wide}`}>
          {(collections.data?.results ?? []).map((collection) => (
            <li key={collection.id}>
              <CollectionCard collection={collection} />
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} totalPages={total} onChange={setPage} />
    </>
  );
}
