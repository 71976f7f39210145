import { useEffect, useState } from 'react';
import { serverNow, subscribeServerClock } from './server-clock';

/**
 * The current time on the server's clock (lib/server-clock.ts), refreshed every `intervalMs` and when the
 * page learns a new offset (for labels that change with time).
 */
export function useNow(intervalMs = 60_000): number {
  const [now, setNow] = useState(() => serverNow());
  useEffect(() => {
    const read = () => setNow(serverNow());
    const timer = window.setInterval(read, intervalMs);
    const unsubscribe = subscribeServerClock(read);
    return () => {
      window.clearInterval(timer);
      unsubscribe();
    };
  }, [intervalMs]);
  return now;
}
