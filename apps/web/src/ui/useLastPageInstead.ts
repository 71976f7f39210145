import { useEffect, useRef } from 'react';

/**
 * A page past the last one (an old link, or its rows gone since: sold, cancelled, accepted) moves to the last page
 * instead of showing an empty list while earlier pages have rows. `goTo` must replace the address rather than add
 * to the history: otherwise Back returns to the page past the last, which moves on again, and Back never leaves.
 */
export function useLastPageInstead(
  page: number,
  lastPage: number | null,
  goTo: (page: number) => void,
): void {
  // goTo is usually a new function each render (it reads the address); the latest one is called.
  const latest = useRef(goTo);
  latest.current = goTo;
  useEffect(() => {
    if (lastPage !== null && lastPage > 0 && page > lastPage) latest.current(lastPage);
  }, [lastPage, page]);
}
