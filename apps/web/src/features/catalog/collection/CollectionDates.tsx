import { collectionStatus } from '@vitrine/domain';
import { once } from '../../../lib/once';
import { useNow } from '../../../lib/useNow';

const DAY = once(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }));
const RANGE = once(
  () =>
    new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    }),
);
const ZONE = once(() => new Intl.DateTimeFormat('en-US', { timeZoneName: 'short' }));

function zoneName(time: number): string {
  return (
    ZONE()
      .formatToParts(time)
      .find((part) => part.type === 'timeZoneName')?.value ?? ''
  );
}

/** 001 §4 "Collection display: past shows 'Released {date}', otherwise date range with time zone". */
export function CollectionDates({
  start,
  end,
  className,
}: {
  start: string | null;
  end: string | null;
  className?: string;
}) {
  const now = useNow();
  const status = collectionStatus(start, end, now);
  const startMs = start ? Date.parse(start) : Number.NaN;
  const endMs = end ? Date.parse(end) : Number.NaN;
  if (status === null || !Number.isFinite(startMs)) return null;
  if (status === 'ended') {
    return (
      <span className={className} data-testid="collection-dates">
        Released {DAY().format(startMs)}
      </span>
    );
  }
  const to = Number.isFinite(endMs) ? ` - ${RANGE().format(endMs)}` : '';
  return (
    <span className={className} data-testid="collection-dates">
      {RANGE().format(startMs)}
      {to} {zoneName(startMs)}
    </span>
  );
}
