import { readStorage, writeStorage } from '../../../lib/storage';

/** A dismissed banner stays dismissed, remembered in localStorage by its key (001 §4). */
export function isBannerDismissed(key: string): boolean {
  return readStorage('local', key) === 'dismissed';
}

export function dismissBanner(key: string): void {
  writeStorage('local', key, 'dismissed');
}
