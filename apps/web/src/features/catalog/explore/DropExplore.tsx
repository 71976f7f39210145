import { useQuery } from '@tanstack/react-query';
import { toExploreApiQuery } from '@vitrine/domain';
import { useLoggedIn } from '../../../app/useLoggedIn';
import { useStagedCount } from '../../../lib/useStagedCount';
import { DropCard } from '../../home/DropCard';
import { DropCardSkeleton } from '../../home/DropCardSkeleton';
import { exploreQuery } from '../catalog-queries';
import { GridSkeleton } from '../shared/GridSkeleton';
import styles from '../shared/ResultGrid.module.css';
import { ExploreLayout } from './ExploreLayout';
import { listState } from './list-state';
import type { ExploreViewProps } from './NftExplore';

/** Cards whose cover loads eagerly: the first row of the widest grid. */
const EAGER_CARDS = 3;

/** Explore drops: GET /api/v1/explore/drops/, shown with the home page's drop cards. */
export function DropExplore({ state, setState, update }: ExploreViewProps) {
  const signedIn = useLoggedIn();
  const query = useQuery(exploreQuery('drops', toExploreApiQuery(state), signedIn));
  const results = query.data?.results ?? [];
  const shown = useStagedCount(results.length);
  return (
    <ExploreLayout
      state={state}
      setState={setState}
      update={update}
      list={listState(query)}
      skeleton={<GridSkeleton Item={DropCardSkeleton} count={6} kind="wide" />}
    >
      <ul className={`${styles.grid} ${styles.wide}`} data-testid="drop-grid">
        {results.slice(0, shown).map((drop, index) => (
          <li key={drop.id}>
            <DropCard drop={drop} priority={index < EAGER_CARDS} />
          </li>
        ))}
      </ul>
    </ExploreLayout>
  );
}
