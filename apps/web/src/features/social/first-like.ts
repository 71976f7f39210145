import { readStorage, writeStorage } from '../../lib/storage';

/** localStorage flag: the first-time like tooltip was shown (001 §4 "first-time tooltip"). */
export const FIRST_LIKE_KEY = 'firstLikeTooltipShown';

export const FIRST_LIKE_TOOLTIP_TEXT =
  'You liked your first NFT! Find it again under Favorites on your profile.';

export function hasSeenFirstLikeTooltip(): boolean {
  return readStorage('local', FIRST_LIKE_KEY) === '1';
}

export function markFirstLikeTooltipSeen(): void {
  writeStorage('local', FIRST_LIKE_KEY, '1');
}
