import { useQuery } from '@tanstack/react-query';
import { toExploreApiQuery } from '@vitrine/domain';
import { useLoggedIn } from '../../../app/useLoggedIn';
import { useStagedCount } from '../../../lib/useStagedCount';
import { exploreQuery } from '../catalog-queries';
import { CollectionCard } from '../shared/CollectionCard';
import { CollectionCardSkeleton } from '../shared/CollectionCardSkeleton';
import { GridSkeleton } from '../shared/GridSkeleton';
import styles from '../shared/ResultGrid.module.css';
import { ExploreLayout } from './ExploreLayout';
import { listState } from './list-state';
import type { ExploreViewProps } from './NftExplore';

/** Explore collections: GET /api/v1/explore/collections/. */
export function CollectionExplore({ state, setState, update }: ExploreViewProps) {
  const signedIn = useLoggedIn();
  const query = useQuery(exploreQuery('collections', toExploreApiQuery(state), signedIn));
  const results = query.data?.results ?? [];
  const shown = useStagedCount(results.length);
  return (
    <ExploreLayout
      state={state}
      setState={setState}
      update={update}
      list={listState(query)}
      skeleton={<GridSkeleton Item={CollectionCardSkeleton} count={6} kind="wide" />}
    >
      <ul className={`${styles.grid} ${styles.wide}`} data-testid="collection-grid">
        {results.slice(0, shown).map((collection, index) => (
          <li key={collection.id}>
            <CollectionCard collection={collection} priority={index < 3} />
          </li>
        ))}
      </ul>
    </ExploreLayout>
  );
}
