import {
  COUNTDOWN_RANGE_MS,
  COUNTDOWN_SECOND_TICK_THRESHOLD_MS,
  DROPPING_THIS_WEEK_MS,
  TIMER_TICK_MS,
  UPCOMING_ALERT_HIDE_MS,
} from '../constants';
import { DAY_MS, type DateInput, HOUR_MS, MINUTE_MS, SECOND_MS, toEpochMs } from './date';

export type CollectionStatus = 'upcoming' | 'live' | 'ended';
export type StatusLabel = 'Starts in' | 'Ends in' | 'Ended';
export type CountdownChipLabel = 'Today,' | 'Tomorrow,' | 'Starts' | 'Ends in';

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  /** Milliseconds left, never negative. */
  remainingMs: number;
  done: boolean;
}

type OptionalDate = DateInput | null | undefined;

/**
 * Upcoming before start, live from start until end, ended after (000 §4 "live if now >= start and < end").
 * A missing start or end means no bound on that side; an unparseable date, a missing now, or no dates at all gives null.
 */
export function collectionStatus(
  start: OptionalDate,
  end: OptionalDate,
  now: DateInput,
): CollectionStatus | null {
  const startMs = toEpochMs(start);
  const endMs = toEpochMs(end);
  const nowMs = toEpochMs(now);
  if (nowMs === null || (startMs === null && endMs === null)) return null;
  if (isPresent(start) && startMs === null) return null;
  if (isPresent(end) && endMs === null) return null;
  if (startMs !== null && nowMs < startMs) return 'upcoming';
  if (endMs === null || nowMs < endMs) return 'live';
  return 'ended';
}

/** 'Starts in' / 'Ends in' / 'Ended' for a status (000 §4, 001 §4 "Drop time labels"); null for no status. */
export function statusLabel(status: CollectionStatus | null | undefined): StatusLabel | null {
  if (status === 'upcoming') return 'Starts in';
  if (status === 'live') return 'Ends in';
  if (status === 'ended') return 'Ended';
  return null;
}

/** Days/hours/minutes/seconds left until target (001 §4 "Countdown"); null when a date is invalid. */
export function countdownParts(target: DateInput | null | undefined, now: DateInput): CountdownParts | null {
  const targetMs = toEpochMs(target);
  const nowMs = toEpochMs(now);
  if (targetMs === null || nowMs === null) return null;
  const remainingMs = Math.max(0, targetMs - nowMs);
  return {
    days: Math.floor(remainingMs / DAY_MS),
    hours: Math.floor((remainingMs % DAY_MS) / HOUR_MS),
    minutes: Math.floor((remainingMs % HOUR_MS) / MINUTE_MS),
    seconds: Math.floor((remainingMs % MINUTE_MS) / SECOND_MS),
    remainingMs,
    done: remainingMs === 0,
  };
}

/** 'HH:MM:SS', prefixed with 'Nd ' when days remain; '00:00:00' when finished, '' without parts (001 §4). */
export function formatCountdown(parts: CountdownParts | null | undefined): string {
  if (!parts) return '';
  if (parts.done) return '00:00:00';
  const clock = [parts.hours, parts.minutes, parts.seconds].map((n) => String(n).padStart(2, '0')).join(':');
  return parts.days > 0 ? `${parts.days}d ${clock}` : clock;
}

/** Tick every second when under 1 hour remains, else every minute (000 §4). */
export function countdownTickMs(remainingMs: number): number {
  return remainingMs < COUNTDOWN_SECOND_TICK_THRESHOLD_MS ? TIMER_TICK_MS : MINUTE_MS;
}

/** 'Dropping This Week' when the start is in the future and at most 7 days away (000 §4). */
export function isDroppingThisWeek(start: OptionalDate, now: DateInput): boolean {
  const untilStart = msUntil(start, now);
  return untilStart !== null && untilStart > 0 && untilStart <= DROPPING_THIS_WEEK_MS;
}

/** The upcoming alert button is hidden within 2100 seconds of start, and after it (000 §4); hidden when dates are invalid. */
export function hideUpcomingAlert(start: OptionalDate, now: DateInput): boolean {
  const untilStart = msUntil(start, now);
  return untilStart === null || untilStart <= UPCOMING_ALERT_HIDE_MS;
}

/**
 * An item within 3 days of a date range gets a countdown (000 §9, 001 §9): true when the next boundary
 * (start while upcoming, end while live) is at most 3 days away; false once ended or when dates are invalid.
 */
export function isWithinCountdownRange(start: OptionalDate, end: OptionalDate, now: DateInput): boolean {
  const status = collectionStatus(start, end, now);
  const boundary = status === 'upcoming' ? start : status === 'live' ? end : null;
  const remaining = msUntil(boundary, now);
  return remaining !== null && remaining <= COUNTDOWN_RANGE_MS;
}

/**
 * Countdown chip (001 §2): before start 'Today,' / 'Tomorrow,' (calendar day of the start in `timeZone`,
 * default the runtime's zone) or 'Starts'; 'Ends in' before end; null once ended or when dates are invalid.
 */
export function countdownChipLabel(
  start: OptionalDate,
  end: OptionalDate,
  now: DateInput,
  timeZone?: string,
): CountdownChipLabel | null {
  const status = collectionStatus(start, end, now);
  if (status === 'live') return 'Ends in';
  if (status !== 'upcoming') return null;
  const dayDiff = calendarDayDifference(toEpochMs(now) ?? 0, toEpochMs(start) ?? 0, timeZone);
  if (dayDiff === 0) return 'Today,';
  if (dayDiff === 1) return 'Tomorrow,';
  return 'Starts';
}

/**
 * What the countdown chip counts down to (001 §4 "Countdown"; 000 §9, 001 §9 "an item within 3 days of a
 * date range gives a countdown"): the end while live, the start while upcoming and at most 3 days away;
 * null otherwise (the chip then shows the start's day and time, or nothing once ended).
 */
export function countdownChipTarget(
  start: OptionalDate,
  end: OptionalDate,
  now: DateInput,
): 'start' | 'end' | null {
  const status = collectionStatus(start, end, now);
  if (status === 'live') return end === null || end === undefined ? null : 'end';
  if (status === 'upcoming' && isWithinCountdownRange(start, end, now)) return 'start';
  return null;
}

/**
 * Milliseconds until the status changes (001 §4: at zero an upcoming drop becomes live and a live drop
 * ended): to the start while upcoming, to the end while live; null once ended or without valid dates.
 */
export function msUntilStatusChange(start: OptionalDate, end: OptionalDate, now: DateInput): number | null {
  const status = collectionStatus(start, end, now);
  if (status === 'upcoming') return msUntil(start, now);
  if (status === 'live') return msUntil(end, now);
  return null;
}

/** Whole calendar days from `fromMs` to `toMs` in a time zone (null when the zone is unknown). */
export function calendarDayDifference(fromMs: number, toMs: number, timeZone?: string): number | null {
  const from = dayNumber(fromMs, timeZone);
  const to = dayNumber(toMs, timeZone);
  return from === null || to === null ? null : to - from;
}

/** Day formatters by time zone, made on first use (an Intl formatter is costly to create). */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

function dayNumber(ms: number, timeZone?: string): number | null {
  let parts: Intl.DateTimeFormatPart[];
  try {
    let format = dayFormats.get(timeZone ?? '');
    if (!format) {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone,
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
      });
      dayFormats.set(timeZone ?? '', format);
    }
    parts = format.formatToParts(ms);
  } catch {
    return null;
  }
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return Math.round(Date.UTC(part('year'), part('month') - 1, part('day')) / DAY_MS);
}

function msUntil(target: OptionalDate, now: DateInput): number | null {
  const targetMs = toEpochMs(target);
  const nowMs = toEpochMs(now);
  return targetMs === null || nowMs === null ? null : targetMs - nowMs;
}

function isPresent(value: OptionalDate): boolean {
  return value !== null && value !== undefined;
}
