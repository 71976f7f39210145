import { describe, expect, it } from 'vitest';
import {
  clearAllFilters,
  clearFilter,
  clearFromEmptyResults,
  EMPTY_EXPLORE_STATE,
  type ExploreState,
  filterChips,
  PRICE_FILTER_RANGES,
  parseExploreParams,
  priceInputToCents,
  readListParam,
  SUGGESTED_SEARCHES,
  selectedPricePreset,
  serializeExploreParams,
  suggestedSearchHref,
  tableDateToIso,
  toExploreApiQuery,
  wholeNumberInput,
} from './explore-filters';

const state = (patch: Partial<ExploreState>): ExploreState => ({ ...EMPTY_EXPLORE_STATE, ...patch });

describe('priceInputToCents (001 §5: a USD price filter is multiplied by 100)', () => {
  it('reads dollars with separators, a $ and up to two decimals', () => {
    expect(priceInputToCents('200')).toBe(20_000);
    expect(priceInputToCents('$1,234.5')).toBe(123_450);
    expect(priceInputToCents('0.99')).toBe(99);
    expect(priceInputToCents('.5')).toBe(50);
    expect(priceInputToCents('10.')).toBe(1_000);
  });

  it('refuses negatives, three decimals and text', () => {
    for (const bad of ['-1', '1.234', 'abc', '', '1e3', '99999999999'])
      expect(priceInputToCents(bad), bad).toBeNull();
  });
});

describe('wholeNumberInput and tableDateToIso (001 §5, §2)', () => {
  it('accepts non-negative whole numbers with thousand separators', () => {
    expect(wholeNumberInput('1,000')).toBe(1000);
    expect(wholeNumberInput('0')).toBe(0);
    expect(wholeNumberInput('-3')).toBeNull();
    expect(wholeNumberInput('2.5')).toBeNull();
  });

  it('turns MM/DD/YYYY into an ISO date and rejects impossible dates', () => {
    expect(tableDateToIso('06/15/2026')).toBe('2026-06-15');
    expect(tableDateToIso('1/2/1999')).toBe('1999-01-02');
    expect(tableDateToIso('02/30/2026')).toBeNull();
    expect(tableDateToIso('2026-06-15')).toBeNull();
  });
});

describe('parseExploreParams / serializeExploreParams', () => {
  it('reads the web URL (dollars, bracket lists) and drops invalid values', () => {
    const s = parseExploreParams(
      'q=Mira&sort=-likes&status=live&categories%5Bart%5D=true&categories%5Bnope%5D=true&tags[3D]=true&minPrice=200&maxPrice=250.5&editionSize=10&tokenId=100001&hotDeals=true&trending=1&minMass=5&page=3&quickFilter=zzz',
      'collections',
    );
    expect(s).toMatchObject({
      view: 'collections',
      q: 'Mira',
      sort: '-likes',
      status: 'live',
      categories: ['art'],
      tags: ['3D'],
      price: { min: 20_000, max: 25_050 },
      editionSize: 10,
      tokenId: '100001',
      hotDeals: true,
      trending: true,
      mass: { min: 5, max: null },
      currentPage: 3,
      quickFilter: null,
    });
  });

  it('reads comma lists too, and ignores unchecked bracket entries', () => {
    expect(readListParam('tags=PFP,3D&tags[Photography]=false', 'tags')).toEqual(['PFP', '3D']);
    expect(readListParam({ categories: 'art,curated' }, 'categories')).toEqual(['art', 'curated']);
    expect(readListParam([['tags[PFP]', 'true']], 'tags')).toEqual(['PFP']);
  });

  it('round-trips a state through the URL', () => {
    const s = state({
      q: 'neon',
      sort: 'floor_price_in_cents',
      categories: ['curated', 'one_of_one'],
      tags: ['Ticket/Pass'],
      price: { min: 20_000, max: 25_050 },
      editionSize: 5,
      trending: true,
      currentPage: 2,
    });
    expect(parseExploreParams(serializeExploreParams(s))).toEqual(s);
    expect(serializeExploreParams(s)).toContain('minPrice=200&maxPrice=250.50');
  });
});

describe('the view parameter: grid or list layout (001 §2, issue #12)', () => {
  it('shows the list only for view=list; view=grid, none or anything else is the grid', () => {
    expect(parseExploreParams('view=list').layout).toBe('list');
    for (const query of ['view=grid', '', 'view=table', 'view=LIST'])
      expect(parseExploreParams(query).layout, query).toBe('grid');
  });

  it('keeps the explore list of the path when view names a layout', () => {
    expect(parseExploreParams('view=list', 'collections')).toMatchObject({
      view: 'collections',
      layout: 'list',
    });
    expect(parseExploreParams('view=drops', 'nfts')).toMatchObject({ view: 'drops', layout: 'grid' });
  });

  it('writes view=list with the filters, leaves the grid out, and keeps the layout through Clear All', () => {
    const list = state({ layout: 'list', tags: ['PFP'], currentPage: 2 });
    expect(serializeExploreParams(list)).toBe('tags%5BPFP%5D=true&page=2&view=list');
    expect(parseExploreParams(serializeExploreParams(list))).toEqual(list);
    expect(serializeExploreParams(state({ layout: 'grid' }))).toBe('');
    expect(clearAllFilters(list)).toEqual(state({ layout: 'list' }));
  });

  it('asks the API the same page in both layouts', () => {
    expect(toExploreApiQuery(state({ layout: 'list' }))).toEqual(toExploreApiQuery(state({})));
  });
});

describe('toExploreApiQuery', () => {
  it('sends cents, comma lists and the lowercased search text', () => {
    const q = toExploreApiQuery(
      state({
        q: ' Mira Solis ',
        categories: ['art', 'curated'],
        price: { min: 20_000, max: null },
        hotDeals: true,
      }),
    );
    expect(q).toEqual({
      page: '1',
      page_size: '20',
      q: 'mira solis',
      categories: 'art,curated',
      minPrice: '20000',
      hotDeals: 'true',
    });
  });

  it('leaves out filters that do not apply to the view', () => {
    const s = state({ view: 'drops', price: { min: 1, max: 2 }, tokenId: '5', status: 'upcoming' });
    expect(toExploreApiQuery(s)).toEqual({ page: '1', page_size: '20', status: 'upcoming' });
  });
});

describe('filterChips and clearing (001 §2, §4)', () => {
  it('labels each active filter', () => {
    const chips = filterChips(
      state({
        tokenId: '42',
        sort: '-floor_price_changed_at',
        trending: true,
        editionSize: 1000,
        mass: { min: 10, max: 20 },
        price: { min: 20_000, max: 25_000 },
      }),
    );
    expect(chips.map((c) => c.label)).toEqual([
      'Token ID: 42',
      'New Floor Price',
      'Trending',
      '<= 1,000 Editions',
      'Mass: 10 - 20',
      '$200.00 - $250.00',
    ]);
    expect(filterChips(state({ priceFilter: 'under_10' })).map((c) => c.label)).toEqual(['<= $9.99']);
    expect(filterChips(state({ price: { min: 500, max: null } })).map((c) => c.label)).toEqual(['>= $5.00']);
  });

  it('clears one filter and resets the page to null', () => {
    const s = state({ editionSize: 3, trending: true, currentPage: 4 });
    const next = clearFilter(s, 'editionSize');
    expect(next.editionSize).toBeNull();
    expect(next.trending).toBe(true);
    expect(next.currentPage).toBeNull();
    expect(clearFilter(state({ price: { min: 1, max: 2 }, priceFilter: 'custom' }), 'price')).toMatchObject({
      price: { min: null, max: null },
      priceFilter: null,
    });
  });

  it('Clear All keeps the view, the search text and a non-filter sort', () => {
    const s = state({
      view: 'collections',
      q: 'x',
      sort: '-likes',
      tags: ['PFP'],
      hotDeals: true,
      currentPage: 3,
    });
    expect(clearAllFilters(s)).toEqual(state({ view: 'collections', q: 'x', sort: '-likes' }));
  });
});

describe("the empty state's 'Clear filters.' (001 §2)", () => {
  it('clears the filters and keeps the search text when filters are on', () => {
    const s = state({ q: 'neon', tags: ['PFP'], currentPage: 2 });
    expect(clearFromEmptyResults(s)).toEqual(state({ q: 'neon' }));
  });

  it('clears the search text of a search with no filters, so the link always does something', () => {
    expect(clearFromEmptyResults(state({ view: 'collections', q: 'zzqx' }))).toEqual(
      state({ view: 'collections' }),
    );
  });
});

describe('price presets in the URL (001 §3 "Price filters")', () => {
  it('reads price=under_10 as the preset, like priceFilter', () => {
    expect(parseExploreParams('price=under_10').priceFilter).toBe('under_10');
    expect(parseExploreParams('priceFilter=10_to_100&price=under_10').priceFilter).toBe('10_to_100');
    expect(parseExploreParams('price=cheap').priceFilter).toBeNull();
  });
});

describe('price chips in the display currency', () => {
  it('formats the price range chip with the given formatter', () => {
    const chips = filterChips(state({ price: { min: 15_751, max: 31_503 } }), {
      formatPrice: (cents) => `${cents} c`,
    });
    expect(chips.map((c) => c.label)).toEqual(['15751 c - 31503 c']);
  });
});

describe('suggested searches (001 §2)', () => {
  it('lists the spec links in order', () => {
    expect(SUGGESTED_SEARCHES.map((s) => s.label)).toEqual([
      'Curated',
      'New Floor Price',
      'Photography',
      '3D',
      '1 of 1s',
      'Most Liked',
      'Ticket/Pass',
      'Cartoon/Anime',
      '$200-250',
      'PFP',
    ]);
  });

  it('builds explore links', () => {
    const byLabel = (l: string) => SUGGESTED_SEARCHES.find((s) => s.label === l)!;
    expect(suggestedSearchHref(byLabel('Curated'))).toBe('/explore/nfts?categories%5Bcurated%5D=true');
    expect(suggestedSearchHref(byLabel('New Floor Price'))).toBe(
      '/explore/nfts?sort=-floor_price_changed_at',
    );
    expect(suggestedSearchHref(byLabel('$200-250'))).toBe('/explore/nfts?minPrice=200&maxPrice=250');
  });

  it('turns on the preset of the state, else Custom when bounds are set, else Any', () => {
    const none = { min: null, max: null };
    expect(selectedPricePreset({ priceFilter: 'under_10', price: none })).toBe('under_10');
    expect(selectedPricePreset({ priceFilter: 'custom', price: none })).toBe('custom');
    expect(selectedPricePreset({ priceFilter: null, price: { min: 500, max: null } })).toBe('custom');
    expect(selectedPricePreset({ priceFilter: null, price: none })).toBe('any');
  });

  it('price presets are inclusive cent bounds', () => {
    expect(PRICE_FILTER_RANGES.under_10).toEqual({ min: null, max: 999 });
    expect(PRICE_FILTER_RANGES.over_10000).toEqual({ min: 1_000_001, max: null });
  });
});
