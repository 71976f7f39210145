// The server's clock as the page knows it ("Deadlines from the server clock"): the browser's time plus the
// offset learnt from the API's answers (their HTTP Date header, whole seconds). A collector whose computer clock
// is minutes off then sees the same countdowns, and the same moment a sale opens, as the server decides them.
// Every "is it live / how long left" reading of the web app goes through serverNow() (ui/clock.ts, useNow).

/** One reading of the server's clock: how far it is ahead of the browser's, and how precise the reading is. */
export interface ClockSample {
  /** Server time minus browser time, in milliseconds (negative: the browser is ahead). */
  offsetMs: number;
  /** The answer's round trip: the server read its clock somewhere inside it. */
  roundTripMs: number;
}

/** Offsets under this are jitter (the Date header has whole seconds): the browser's own clock is used as it is. */
export const IGNORED_OFFSET_MS = 1_500;

// The Date header cuts the server's time to the second: it read its clock somewhere in [date, date + 1 s).
const HEADER_RESOLUTION_MS = 1_000;

/**
 * A reading from an answer's Date header, sent at `sentAt` and received at `receivedAt` (browser times), or null
 * when there is none to read (no header, unreadable, or an answer the browser may have kept in its cache, whose
 * Date is as old as the cached copy).
 */
export function clockSample(
  dateHeader: string | null,
  sentAt: number,
  receivedAt: number,
  cacheControl: string | null = null,
): ClockSample | null {
  if (!dateHeader || mayComeFromCache(cacheControl)) return null;
  const date = Date.parse(dateHeader);
  if (!Number.isFinite(date) || !Number.isFinite(sentAt) || receivedAt < sentAt) return null;
  // The middle of both spans: of the header's second, and of the round trip.
  return {
    offsetMs: date + HEADER_RESOLUTION_MS / 2 - (sentAt + receivedAt) / 2,
    roundTripMs: receivedAt - sentAt,
  };
}

/** An answer the browser may serve again from its cache without asking (a max-age without no-cache / no-store). */
function mayComeFromCache(cacheControl: string | null): boolean {
  if (!cacheControl) return false;
  const value = cacheControl.toLowerCase();
  if (value.includes('no-store') || value.includes('no-cache')) return false;
  const maxAge = /(?:^|[\s,])max-age\s*=\s*"?(\d+)/.exec(value);
  return maxAge !== null && Number(maxAge[1]) > 0;
}

// Half the width of the span a sample puts the true offset in.
const uncertainty = (s: ClockSample) => s.roundTripMs / 2 + HEADER_RESOLUTION_MS / 2;

/**
 * Which sample to keep: the one with the smaller round trip (the most precise), unless the two cannot both be
 * true (their spans do not overlap: a clock was set since), when the newer one wins.
 */
export function betterSample(kept: ClockSample | null, next: ClockSample): ClockSample {
  if (kept === null) return next;
  const apart = Math.abs(next.offsetMs - kept.offsetMs) > uncertainty(next) + uncertainty(kept);
  return apart || next.roundTripMs < kept.roundTripMs ? next : kept;
}

/** The offset a kept sample gives: 0 under IGNORED_OFFSET_MS, else rounded to the millisecond. */
export function appliedOffset(sample: ClockSample | null): number {
  if (sample === null || Math.abs(sample.offsetMs) < IGNORED_OFFSET_MS) return 0;
  return Math.round(sample.offsetMs);
}

let kept: ClockSample | null = null;
let offsetMs = 0;
const listeners = new Set<() => void>();

/** The server's time as the page knows it (epoch milliseconds). */
export function serverNow(): number {
  return Date.now() + offsetMs;
}

/** The offset in use: server time minus browser time. */
export function serverClockOffset(): number {
  return offsetMs;
}

/** Takes a reading into account; listeners hear of it when the offset in use changes. */
export function learnServerClock(sample: ClockSample | null): void {
  if (sample === null) return;
  kept = betterSample(kept, sample);
  const next = appliedOffset(kept);
  if (next === offsetMs) return;
  offsetMs = next;
  for (const listener of listeners) listener();
}

/** Called when the offset in use changes (readers of the time read it again). */
export function subscribeServerClock(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Forgets what was learnt (tests). */
export function resetServerClock(): void {
  kept = null;
  offsetMs = 0;
}
