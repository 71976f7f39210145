import type { Drawing } from './drawings-api';

/** A drawing's entry count in words: 'entry' for one, 'entries' for none or several (000 §5 plural suffix). */
export function entriesText(count: number): string {
  return `${count} ${count === 1 ? 'entry' : 'entries'}`;
}

/**
 * When to read a drawing again: at its opening (upcoming) or its close (open), by this browser's clock, which only
 * says when to ask (the server's answer decides), at most a minute apart; every 10 s while it waits for its draw.
 */
export function nextReadIn(d: Drawing | undefined, now = Date.now()): number | false {
  if (!d || d.status === 'drawn') return false;
  if (d.status === 'closed') return 10_000;
  const next = d.status === 'upcoming' ? d.startDate : d.endDate;
  if (!next) return false;
  const wait = Date.parse(next) - now;
  // Past it by this clock and the server not there yet (this clock runs ahead): every 5 s, not every second.
  if (wait <= 0) return 5_000;
  return Math.min(60_000, Math.max(1_000, wait + 500));
}

/** The longest wait a browser timer takes (about 24.8 days); a longer one fires at once. */
const LONGEST_TIMER_MS = 2_147_483_647;

/**
 * When a drop card reads its drawing again: once at its opening and once at its close (each card a random 0 to 5 s
 * after it, `jitterMs`, so that every viewer's cards do not ask in the same second), then rarely while it waits for
 * its draw (the nifty's `sold` event, which the draw publishes, reads it at once). Unlike the results page
 * (`nextReadIn`), no read in between: a drop page shows many cards to many viewers (review 2026-12-07).
 */
export function cardReadIn(d: Drawing | undefined, jitterMs: number, now = Date.now()): number | false {
  if (!d || d.status === 'drawn') return false;
  if (d.status === 'closed') return 60_000 + jitterMs;
  const next = d.status === 'upcoming' ? d.startDate : d.endDate;
  if (!next) return false;
  const wait = Date.parse(next) - now;
  // Past it by this clock and the server not there yet (this clock runs ahead): every 10 s.
  if (wait <= 0) return 10_000 + jitterMs;
  return Math.min(LONGEST_TIMER_MS, wait + 500 + jitterMs);
}

/**
 * What the results page tells a signed-in viewer of their own entry (the drawing's `viewerEntry`), and its tone.
 * A promoted entry won too: a drawn winner's payment failed and the edition passed to it.
 */
export function viewerEntryText(e: NonNullable<Drawing['viewerEntry']>): {
  text: string;
  tone: 'success' | 'info' | 'warning';
} {
  if (e.status === 'won') return { text: 'You won', tone: 'success' };
  if (e.status === 'lost') return { text: 'You were not drawn', tone: 'info' };
  if (e.status === 'forfeited') return { text: 'Your win was forfeited', tone: 'warning' };
  return { text: 'You are entered', tone: 'info' };
}
