import { useQuery } from '@tanstack/react-query';
import { type ExploreState, toExploreApiQuery } from '@vitrine/domain';
import { useLoggedIn } from '../../../app/useLoggedIn';
import { exploreQuery } from '../catalog-queries';
import { GridSkeleton } from '../shared/GridSkeleton';
import { NftCardSkeleton } from '../shared/NftCardSkeleton';
import { NftGrid } from '../shared/NftGrid';
import { ExploreLayout } from './ExploreLayout';
import { listState } from './list-state';
import { NftList } from './NftList';
import { ListSkeleton } from './NftRowSkeleton';
import type { ExplorePatch, ExploreStateChange } from './useExploreState';

export interface ExploreViewProps {
  state: ExploreState;
  setState: (change: ExploreStateChange) => void;
  update: (patch: ExplorePatch) => void;
}

/** Explore NFTs: GET /api/v1/explore/nfts/ with the filters of the URL, as a grid or (`view=list`) rows. */
export function NftExplore({ state, setState, update }: ExploreViewProps) {
  const signedIn = useLoggedIn();
  const query = useQuery(exploreQuery('nfts', toExploreApiQuery(state), signedIn));
  const cards = query.data?.results ?? [];
  const asList = state.layout === 'list';
  return (
    <ExploreLayout
      state={state}
      setState={setState}
      update={update}
      list={listState(query)}
      skeleton={asList ? <ListSkeleton /> : <GridSkeleton Item={NftCardSkeleton} />}
    >
      {asList ? <NftList cards={cards} /> : <NftGrid cards={cards} />}
    </ExploreLayout>
  );
}
