// The display currency (000 §1: USD or ETH, default USD, stored locally), shared by every Price.
import { DEFAULT_DISPLAY_CURRENCY, type DisplayCurrency, isDisplayCurrency } from '@vitrine/domain';
import { readStorage, writeStorage } from '../../lib/storage';

export const DISPLAY_CURRENCY_KEY = 'displayCurrency';

const listeners = new Set<() => void>();

export function getDisplayCurrency(): DisplayCurrency {
  const stored = readStorage('local', DISPLAY_CURRENCY_KEY);
  return isDisplayCurrency(stored) ? stored : DEFAULT_DISPLAY_CURRENCY;
}

export function setDisplayCurrency(currency: DisplayCurrency): void {
  writeStorage('local', DISPLAY_CURRENCY_KEY, currency);
  for (const listener of listeners) listener();
}

/** Subscribes to changes from this tab and from other tabs (storage events). */
export function subscribeDisplayCurrency(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === DISPLAY_CURRENCY_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
