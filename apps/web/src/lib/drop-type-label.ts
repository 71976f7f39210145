import type { DropType } from '@vitrine/domain';

// Local helper until @vitrine/domain has one: display names of the drop types
// (001 §1 "Drop types shown", §4 "Sale types in the editor").
const DROP_TYPE_LABELS: Record<DropType, string> = {
  fcfs: 'First Come First Serve',
  auction: '1/1 Auction',
  drawing: 'Drawing',
  ranked_auction: 'Ranked Auction',
  silent_auction: 'Silent Auction',
  open_edition: 'Open Edition',
  blind_edition: 'Blind Edition',
  pack: 'Pack',
  pack_drawing: 'Pack Drawing',
};

/** 'Open Edition' for 'open_edition'; unknown codes are shown title-cased. */
export function dropTypeLabel(dropType: string): string {
  if (dropType in DROP_TYPE_LABELS) return DROP_TYPE_LABELS[dropType as DropType];
  return dropType
    .split('_')
    .map((word) => (word ? word[0]?.toUpperCase() + word.slice(1) : word))
    .join(' ');
}
