import { useParams } from 'react-router';
import { NotFoundPage } from '../../../app/NotFoundPage';
import { ExploreScreen } from './ExploreScreen';
import { isExploreTab } from './useExploreState';

/**
 * Explore (001 §2): /explore/{nfts|collections|drops|publishers} with the filters in the URL, and the
 * explore search page when q is present.
 */
export function ExplorePage() {
  const { x } = useParams();
  if (!isExploreTab(x)) return <NotFoundPage />;
  return <ExploreScreen tab={x} />;
}
