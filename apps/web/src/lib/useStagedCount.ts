import { useEffect, useState } from 'react';

/** Cards a grid shows in its first render: two rows of the widest grid, more than a phone's screen holds. */
export const FIRST_STAGE = 6;

/**
 * How many of a list's `total` items to render: the first `first` at once, the rest in a task after the
 * next frame. A page of twenty cards rendered and laid out in one go is one long task on a phone (issue
 * #13, Lighthouse's total blocking time); in two, the visible cards paint first and input is answered
 * between the two.
 */
export function useStagedCount(total: number, first: number = FIRST_STAGE): number {
  const [all, setAll] = useState(false);
  const staged = !all && total > first;
  useEffect(() => {
    if (!staged) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setAll(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [staged]);
  return staged ? first : total;
}
