import { describe, expect, it } from 'vitest';
import {
  listingTableApiQuery,
  nextSort,
  parseListingTableParams,
  serializeListingTableParams,
} from './listing-table-params';

describe('listing table params', () => {
  it('round-trips the URL with dollars and sends cents to the API', () => {
    const state = parseListingTableParams(
      new URLSearchParams(
        'sort=-list_price&page=3&minEdition=2&maxPrice=250.5&lastSaleFrom=2026-06-15&listed=true',
      ),
    );
    expect(state).toMatchObject({
      sort: '-list_price',
      page: 3,
      edition: { min: 2, max: null },
      price: { min: null, max: 25_050 },
      lastSaleAt: { from: '2026-06-15', to: null },
      listed: true,
    });
    expect(serializeListingTableParams(state).toString()).toBe(
      'sort=-list_price&page=3&minEdition=2&maxPrice=250.50&lastSaleFrom=2026-06-15&listed=true',
    );
    expect(listingTableApiQuery(state, 10, 4)).toEqual({
      sort: '-list_price',
      page: '3',
      page_size: '10',
      type: '4',
      minEdition: '2',
      maxPrice: '25050',
      lastSaleFrom: '2026-06-15',
      listed: 'true',
    });
  });

  it('drops invalid values', () => {
    expect(
      parseListingTableParams(new URLSearchParams('sort=nope&page=-1&minEdition=x&lastSaleTo=06/15/2026')),
    ).toMatchObject({
      sort: 'edition',
      page: 1,
      edition: { min: null, max: null },
      lastSaleAt: { from: null, to: null },
    });
  });

  it('toggles a column between its two directions', () => {
    expect(nextSort('edition', 'edition')).toBe('-edition');
    expect(nextSort('-edition', 'edition')).toBe('edition');
    expect(nextSort('edition', 'last_sale_at')).toBe('-last_sale_at');
    expect(nextSort('edition', 'rarity')).toBe('rarity');
  });
});
