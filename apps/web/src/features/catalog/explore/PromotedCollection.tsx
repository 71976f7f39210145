import { useQuery } from '@tanstack/react-query';
import { useLoggedIn } from '../../../app/useLoggedIn';
import { Skeleton } from '../../../ui/Skeleton';
import { exploreQuery } from '../catalog-queries';
import { PromotedCollectionCard } from './PromotedCollectionCard';

const LIVE = { status: 'live', sort: 'schedule_end_at', page: '1', page_size: '1' };
const UPCOMING = { status: 'upcoming', sort: 'schedule_start_at', page: '1', page_size: '1' };

/** The promoted collection above the collections list: the live drop ending soonest, else the next one. */
export function PromotedCollection() {
  const signedIn = useLoggedIn();
  const live = useQuery(exploreQuery('collections', LIVE, signedIn));
  const noLive = live.data !== undefined && live.data.results.length === 0;
  const upcoming = useQuery({ ...exploreQuery('collections', UPCOMING, signedIn), enabled: noLive });
  const collection = live.data?.results[0] ?? upcoming.data?.results[0];
  if (live.isPending) return <Skeleton variant="rect" width="100%" height={320} />;
  if (!collection) return null;
  return <PromotedCollectionCard collection={collection} />;
}
