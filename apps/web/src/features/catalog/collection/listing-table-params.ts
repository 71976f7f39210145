// The collection listing table's state in the page URL, and its API query (004 §3 "collection listing
// table"). Prices are dollars in the URL and cents for the API; dates are YYYY-MM-DD in both.
import { centsToPriceParam, isOneOf, priceInputToCents, TABLE_SORTS, type TableSort } from '@vitrine/domain';

export interface NumberRange {
  min: number | null;
  max: number | null;
}

export interface DateRange {
  from: string | null;
  to: string | null;
}

export interface ListingTableState {
  sort: TableSort;
  page: number;
  edition: NumberRange;
  /** USD cents. */
  price: NumberRange;
  /** USD cents. */
  lastSale: NumberRange;
  lastSaleAt: DateRange;
  listed: boolean;
}

export const DEFAULT_TABLE_SORT: TableSort = 'edition';

const whole = (value: string | null) => (value !== null && /^\d{1,12}$/.test(value) ? Number(value) : null);
const dollars = (value: string | null) => (value === null ? null : priceInputToCents(value));
const isoDate = (value: string | null) =>
  value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null;

export function parseListingTableParams(params: URLSearchParams): ListingTableState {
  const sort = params.get('sort');
  return {
    sort: isOneOf(TABLE_SORTS, sort) ? sort : DEFAULT_TABLE_SORT,
    page: Math.max(1, whole(params.get('page')) ?? 1),
    edition: { min: whole(params.get('minEdition')), max: whole(params.get('maxEdition')) },
    price: { min: dollars(params.get('minPrice')), max: dollars(params.get('maxPrice')) },
    lastSale: { min: dollars(params.get('minLastSale')), max: dollars(params.get('maxLastSale')) },
    lastSaleAt: { from: isoDate(params.get('lastSaleFrom')), to: isoDate(params.get('lastSaleTo')) },
    listed: params.get('listed') === 'true',
  };
}

export function serializeListingTableParams(state: ListingTableState): URLSearchParams {
  const params = new URLSearchParams();
  const set = (key: string, value: string | number | null) => {
    if (value !== null) params.set(key, String(value));
  };
  if (state.sort !== DEFAULT_TABLE_SORT) params.set('sort', state.sort);
  if (state.page > 1) params.set('page', String(state.page));
  set('minEdition', state.edition.min);
  set('maxEdition', state.edition.max);
  set('minPrice', state.price.min === null ? null : centsToPriceParam(state.price.min));
  set('maxPrice', state.price.max === null ? null : centsToPriceParam(state.price.max));
  set('minLastSale', state.lastSale.min === null ? null : centsToPriceParam(state.lastSale.min));
  set('maxLastSale', state.lastSale.max === null ? null : centsToPriceParam(state.lastSale.max));
  set('lastSaleFrom', state.lastSaleAt.from);
  set('lastSaleTo', state.lastSaleAt.to);
  if (state.listed) params.set('listed', 'true');
  return params;
}

/** The query of GET /api/v1/marketplace/collections/{key}/tokens/. */
export function listingTableApiQuery(
  state: ListingTableState,
  pageSize: number,
  typeNumber?: number,
): Record<string, string> {
  const query: Record<string, string> = {
    sort: state.sort,
    page: String(state.page),
    page_size: String(pageSize),
  };
  const set = (key: string, value: number | string | null) => {
    if (value !== null) query[key] = String(value);
  };
  if (typeNumber !== undefined) query.type = String(typeNumber);
  set('minEdition', state.edition.min);
  set('maxEdition', state.edition.max);
  set('minPrice', state.price.min);
  set('maxPrice', state.price.max);
  set('minLastSale', state.lastSale.min);
  set('maxLastSale', state.lastSale.max);
  set('lastSaleFrom', state.lastSaleAt.from);
  set('lastSaleTo', state.lastSaleAt.to);
  if (state.listed) query.listed = 'true';
  return query;
}

/** Clicking a column: first its natural direction, then the other (rarity ascending = rarest first). */
export function nextSort(current: TableSort, column: string): TableSort {
  const ascending = column as TableSort;
  const descending = `-${column}` as TableSort;
  if (!isOneOf(TABLE_SORTS, ascending) || !isOneOf(TABLE_SORTS, descending)) return current;
  const firstDescending = column === 'last_sale' || column === 'last_sale_at';
  if (current === ascending) return descending;
  if (current === descending) return ascending;
  return firstDescending ? descending : ascending;
}
