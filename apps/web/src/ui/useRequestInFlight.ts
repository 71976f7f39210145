import { useCallback, useState } from 'react';

/**
 * Whether a request is on its way: `track(request)` marks it until it is answered. Unlike a mutation's pending
 * state, which lasts until its `onSuccess` has read the pages behind it again, this ends with the answer: a dialog
 * stays open while what it sent may still go through, and can be left once it has been answered.
 */
export function useRequestInFlight(): [boolean, <T>(request: Promise<T>) => Promise<T>] {
  const [count, setCount] = useState(0);
  const track = useCallback(async <T>(request: Promise<T>): Promise<T> => {
    setCount((n) => n + 1);
    try {
      return await request;
    } finally {
      setCount((n) => n - 1);
    }
  }, []);
  return [count > 0, track];
}
