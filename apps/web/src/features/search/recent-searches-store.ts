// Recent searches kept in localStorage (001 §2, §9: 5 kept).
import { addRecentSearch, parseRecentSearches } from '@vitrine/domain';
import { readStorage, removeStorage, writeStorage } from '../../lib/storage';

export const RECENT_SEARCHES_KEY = 'recentSearches';

const listeners = new Set<() => void>();
let cache: { raw: string | null; list: string[] } = { raw: null, list: [] };

export function getRecentSearches(): string[] {
  const raw = readStorage('local', RECENT_SEARCHES_KEY);
  if (raw !== cache.raw) cache = { raw, list: parseRecentSearches(raw) };
  return cache.list;
}

function notify(): void {
  for (const listener of listeners) listener();
}

export function rememberSearch(text: string): void {
  const next = addRecentSearch(getRecentSearches(), text);
  writeStorage('local', RECENT_SEARCHES_KEY, JSON.stringify(next));
  notify();
}

export function clearRecentSearches(): void {
  removeStorage('local', RECENT_SEARCHES_KEY);
  notify();
}

export function subscribeRecentSearches(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === RECENT_SEARCHES_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
