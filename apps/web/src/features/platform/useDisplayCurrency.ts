import { DEFAULT_DISPLAY_CURRENCY, type DisplayCurrency } from '@vitrine/domain';
import { useSyncExternalStore } from 'react';
import { getDisplayCurrency, setDisplayCurrency, subscribeDisplayCurrency } from './display-currency-store';

/** The chosen display currency and its setter (stored in localStorage, default USD). */
export function useDisplayCurrency(): [DisplayCurrency, (currency: DisplayCurrency) => void] {
  const currency = useSyncExternalStore(
    subscribeDisplayCurrency,
    getDisplayCurrency,
    () => DEFAULT_DISPLAY_CURRENCY,
  );
  return [currency, setDisplayCurrency];
}
