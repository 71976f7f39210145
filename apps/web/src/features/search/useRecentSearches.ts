import { useSyncExternalStore } from 'react';
import { getRecentSearches, subscribeRecentSearches } from './recent-searches-store';

const EMPTY: string[] = [];

/** The 5 most recent searches, newest first. */
export function useRecentSearches(): string[] {
  return useSyncExternalStore(subscribeRecentSearches, getRecentSearches, () => EMPTY);
}
