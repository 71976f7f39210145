import { EMPTY_EXPLORE_STATE } from '@vitrine/domain';
import { describe, expect, it } from 'vitest';
import { hasActiveFilters, resultsText } from './explore-filters-active';

describe('explore filters in use', () => {
  it('counts chips, categories, tags, status and quick filters, but not the sort or the text', () => {
    expect(hasActiveFilters(EMPTY_EXPLORE_STATE)).toBe(false);
    expect(hasActiveFilters({ ...EMPTY_EXPLORE_STATE, q: 'neon', sort: '-likes' })).toBe(false);
    expect(hasActiveFilters({ ...EMPTY_EXPLORE_STATE, tags: ['PFP'] })).toBe(true);
    expect(hasActiveFilters({ ...EMPTY_EXPLORE_STATE, status: 'live' })).toBe(true);
    expect(hasActiveFilters({ ...EMPTY_EXPLORE_STATE, sort: '-floor_price_changed_at' })).toBe(true);
  });

  it("reads '{n} Results' (001 §2)", () => {
    expect(resultsText(1526)).toBe('1,526 Results');
    expect(resultsText(0)).toBe('0 Results');
  });

  it("reads '1 Result' for one (000 §5 plural rule)", () => {
    expect(resultsText(1)).toBe('1 Result');
  });
});
