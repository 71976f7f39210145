import { once } from '../../../lib/once';
import { serverNow } from '../../../lib/server-clock';

const DATE_TIME = once(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }));
const DATE = once(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }));
const RELATIVE = once(() => new Intl.RelativeTimeFormat('en', { numeric: 'auto' }));

/** 'Nov 22, 2026, 4:24 AM'; 'Date Format Error' for an unreadable date (001 §8). */
export function formatDateTime(iso: string): string {
  const time = Date.parse(iso);
  return Number.isFinite(time) ? DATE_TIME().format(time) : 'Date Format Error';
}

export function formatDate(iso: string): string {
  const time = Date.parse(iso);
  return Number.isFinite(time) ? DATE().format(time) : 'Date Format Error';
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** '3 hours ago' (with the full date as a tooltip where shown), from the server's clock. */
export function formatRelative(iso: string, now: number = serverNow()): string {
  const time = Date.parse(iso);
  if (!Number.isFinite(time)) return 'Date Format Error';
  const diff = time - now;
  for (const [unit, ms] of UNITS) {
    if (Math.abs(diff) >= ms) return RELATIVE().format(Math.round(diff / ms), unit);
  }
  return 'just now';
}
