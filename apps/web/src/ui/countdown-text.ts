import { type CountdownParts, countdownTickMs, formatCountdown } from '@vitrine/domain';

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * Under an hour the clock shows seconds ('00:59:59', '00:00:00' when finished; domain formatCountdown).
 * Above an hour it ticks once a minute (000 §4), so it shows whole minutes instead of frozen seconds.
 */
export function countdownText(parts: CountdownParts): string {
  if (countdownTickMs(parts.remainingMs) < 60_000) return formatCountdown(parts);
  const hoursMinutes = `${pad(parts.hours)}h ${pad(parts.minutes)}m`;
  return parts.days > 0 ? `${parts.days}d ${hoursMinutes}` : hoursMinutes;
}
