// One clock for every countdown on the page: each countdown wakes the clock at its own next change, and
// every countdown then renders from the same `now` in the same pass, so two countdowns to the same moment
// (the header's chip and a drop card) never show different times (they counted from their own clocks,
// woken by their own timers, and could read 00:00:04 and 00:00:03 at once). The time is the server's
// (lib/server-clock.ts: the browser's plus the offset the API's answers gave), not the browser's.
import { serverNow, subscribeServerClock } from '../lib/server-clock';

let now = serverNow();
const listeners = new Set<() => void>();

/** The time every countdown reads (epoch milliseconds, server time). */
export function clockNow(): number {
  return now;
}

/** Reads the time again and re-renders every countdown with it. */
export function tickClock(): void {
  now = serverNow();
  for (const listener of listeners) listener();
}

// A new offset from the server moves every countdown at once.
subscribeServerClock(tickClock);

export function subscribeClock(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
