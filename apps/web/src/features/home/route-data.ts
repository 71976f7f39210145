import type { QueryClient } from '@tanstack/react-query';
import { dropsQuery } from './drops-query';

/** The home page's drops, started by its route's loader while the page's code loads (issue #13). */
export function prefetchHome({ queryClient }: { queryClient: QueryClient }): void {
  void queryClient.prefetchQuery(dropsQuery('live'));
  void queryClient.prefetchQuery(dropsQuery('upcoming'));
}
