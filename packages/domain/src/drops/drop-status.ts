import type { DropStatus } from '../constants';

export type DropStatusLabel = 'Unpublished' | 'Published' | 'Live' | 'Closed' | 'Error';

const DROP_STATUS_LABELS: Record<DropStatus, DropStatusLabel> = {
  draft: 'Unpublished',
  published_scheduled: 'Published',
  published_live: 'Live',
  published_closed: 'Closed',
  error: 'Error',
};

/** Publisher drop status label: draft is shown 'Unpublished', published scheduled 'Published', and so on (000 §4, 001 §4). */
export function dropStatusLabel(status: DropStatus): DropStatusLabel {
  return DROP_STATUS_LABELS[status];
}

/** Live and closed drops are view-only: they cannot be edited or deleted (001 §4, §6). */
export function isDropReadOnly(status: DropStatus): boolean {
  return status === 'published_live' || status === 'published_closed';
}
