/** A point in time as the API and the web app pass it around: a Date, an ISO 8601 string or epoch milliseconds. */
export type DateInput = Date | string | number;

export const SECOND_MS = 1000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

// Date-only or date-time ISO 8601 (001 §5 "Countdown needs a valid ISO start or end time").
const ISO_8601 = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;

/** Parses a DateInput into a valid Date, or null when missing or invalid; never throws (001 §5). */
export function toDate(input: DateInput | null | undefined): Date | null {
  if (input === null || input === undefined) return null;
  if (input instanceof Date) return Number.isNaN(input.getTime()) ? null : new Date(input.getTime());
  if (typeof input === 'number') return Number.isFinite(input) ? validDate(input) : null;
  if (typeof input !== 'string' || !ISO_8601.test(input.trim())) return null;
  return validDate(Date.parse(input.trim()));
}

/** Epoch milliseconds of a DateInput, or null when missing or invalid. */
export function toEpochMs(input: DateInput | null | undefined): number | null {
  return toDate(input)?.getTime() ?? null;
}

function validDate(ms: number): Date | null {
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? null : date;
}
