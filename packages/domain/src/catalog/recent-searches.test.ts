import { describe, expect, it } from 'vitest';
import { addRecentSearch, parseRecentSearches } from './recent-searches';

describe('recent searches (001 §9 "Recent searches kept: 5")', () => {
  it('keeps the newest five, without duplicates', () => {
    let list: string[] = [];
    for (const q of ['a', 'b', 'c', 'd', 'e', 'f']) list = addRecentSearch(list, q);
    expect(list).toEqual(['f', 'e', 'd', 'c', 'b']);
    expect(addRecentSearch(list, 'C ')).toEqual(['C', 'f', 'e', 'd', 'b']);
    expect(addRecentSearch(list, '   ')).toEqual(list);
  });

  it('reads only a stored list of strings', () => {
    expect(parseRecentSearches('["mira","neon"]')).toEqual(['mira', 'neon']);
    expect(parseRecentSearches('{"a":1}')).toEqual([]);
    expect(parseRecentSearches('not json')).toEqual([]);
    expect(parseRecentSearches(null)).toEqual([]);
  });
});
