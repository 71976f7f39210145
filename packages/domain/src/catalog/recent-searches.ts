// Recent searches (001 §2 "Search: suggestions, recent searches"; §9 "Recent searches kept: 5").
import { RECENT_SEARCHES_LIMIT } from '../constants';
import { SEARCH_TEXT_MAX_LENGTH } from './search-text';

/** The list after a search: newest first, no duplicates (case-insensitive), at most 5; blank text ignored. */
export function addRecentSearch(
  list: readonly string[],
  text: string,
  limit: number = RECENT_SEARCHES_LIMIT,
): string[] {
  const query = text.trim().slice(0, SEARCH_TEXT_MAX_LENGTH);
  if (query === '') return list.slice(0, limit);
  const key = query.toLowerCase();
  return [query, ...list.filter((item) => item.trim().toLowerCase() !== key)].slice(0, limit);
}

/** Reads a stored list (JSON array of strings); anything else gives []. */
export function parseRecentSearches(raw: string | null, limit: number = RECENT_SEARCHES_LIMIT): string[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return value
      .filter((item): item is string => typeof item === 'string' && item.trim() !== '')
      .slice(0, limit);
  } catch {
    return [];
  }
}
