// Explore filter state (001 §2, §3 "Filter state", §4 "Filter checkbox", §5 "Filters and inputs"):
// the web URL <-> state <-> API query, active-filter chips and the suggested searches.
// Prices in the state are integer USD cents; the web URL keeps dollars (minPrice=200 means $200) and the
// API takes cents (docs/decisions/004-catalog-api.md §2).
import {
  CATEGORIES,
  type Category,
  isOneOf,
  PRICE_FILTERS,
  type PriceFilter,
  SORT_OPTIONS,
  type SortOption,
  TIME_FILTERS,
  type TimeFilter,
} from '../constants';
import { formatInteger } from '../format/number';
import { formatCents } from '../format/price';

export const EXPLORE_VIEWS = ['nfts', 'collections', 'drops'] as const;
export type ExploreView = (typeof EXPLORE_VIEWS)[number];

/** How explore shows NFTs: `?view=list` one row per NFT, otherwise the grid of cards (001 §2 `view`). */
export const RESULT_LAYOUTS = ['grid', 'list'] as const;
export type ResultLayout = (typeof RESULT_LAYOUTS)[number];

/** Explore sorts = the spec's sort options (001 §3). */
export const EXPLORE_SORTS = SORT_OPTIONS;

export const QUICK_FILTERS = ['all', 'buy_now', 'auction', 'one_of_one'] as const;
export type QuickFilter = (typeof QUICK_FILTERS)[number];

/** Sorts of the collection listing table (001 §2: Edition, Rarity, Last Sale, Last Sale Time, List Price). */
export const TABLE_SORTS = [
  'edition',
  '-edition',
  'rarity',
  '-rarity',
  'last_sale',
  '-last_sale',
  'last_sale_at',
  '-last_sale_at',
  'list_price',
  '-list_price',
] as const;
export type TableSort = (typeof TABLE_SORTS)[number];

export const CATEGORY_LABELS: Record<Category, string> = {
  curated: 'Curated',
  art: 'Art',
  collectibles: 'Collectibles',
  one_of_one: '1 of 1s',
};

/** USD price presets (001 §3 "Price filters") as inclusive cent bounds; null = open. */
export const PRICE_FILTER_RANGES: Record<PriceFilter, { min: number | null; max: number | null }> = {
  any: { min: null, max: null },
  under_10: { min: null, max: 999 },
  '10_to_100': { min: 1_000, max: 10_000 },
  '100_to_1000': { min: 10_000, max: 100_000 },
  '1000_to_10000': { min: 100_000, max: 1_000_000 },
  over_10000: { min: 1_000_001, max: null },
  custom: { min: null, max: null },
};

export const PRICE_FILTER_LABELS: Record<PriceFilter, string> = {
  any: 'Any',
  under_10: 'Under $10',
  '10_to_100': '$10 - $100',
  '100_to_1000': '$100 - $1,000',
  '1000_to_10000': '$1,000 - $10,000',
  over_10000: 'Over $10,000',
  custom: 'Custom',
};

/** The price radio that is on: the state's preset, else Custom when bounds are set, else Any. */
export function selectedPricePreset(state: Pick<ExploreState, 'price' | 'priceFilter'>): PriceFilter {
  if (state.priceFilter !== null) return state.priceFilter;
  return state.price.min !== null || state.price.max !== null ? 'custom' : 'any';
}

/** Highest accepted price bound, in cents ($10 billion). */
export const MAX_PRICE_CENTS = 1_000_000_000_000;

export interface Range {
  min: number | null;
  max: number | null;
}

/** The explore filter state (001 §3 "Filter state" plus q, view and status of 001 §2). */
export interface ExploreState {
  view: ExploreView;
  /** The URL's `view=list|grid` (the explore list itself is the path's /explore/{x}). */
  layout: ResultLayout;
  q: string;
  sort: SortOption | null;
  quickFilter: QuickFilter | null;
  status: TimeFilter | null;
  categories: Category[];
  tags: string[];
  /** USD cents. */
  price: Range;
  priceFilter: PriceFilter | null;
  editionSize: number | null;
  mass: Range;
  tokenId: string | null;
  hotDeals: boolean;
  trending: boolean;
  /** null = first page (001 §4: pagination resets to null when a filter is cleared). */
  currentPage: number | null;
}

export const EMPTY_EXPLORE_STATE: ExploreState = {
  view: 'nfts',
  layout: 'grid',
  q: '',
  sort: null,
  quickFilter: null,
  status: null,
  categories: [],
  tags: [],
  price: { min: null, max: null },
  priceFilter: null,
  editionSize: null,
  mass: { min: null, max: null },
  tokenId: null,
  hotDeals: false,
  trending: false,
  currentPage: null,
};

/**
 * A dollar amount typed in a USD price input ('1,234.5', '$20', '0.99') as cents (001 §5: a USD price
 * filter is multiplied by 100). Thousand separators and a leading $ are accepted; negatives, more than two
 * decimals and anything else give null.
 */
export function priceInputToCents(input: string): number | null {
  const text = input.trim().replace(/^\$/, '').replace(/,/g, '');
  const m = /^(\d{1,10})(?:\.(\d{0,2}))?$/.exec(text) ?? /^()\.(\d{1,2})$/.exec(text);
  if (!m) return null;
  const dollars = m[1] === '' || m[1] === undefined ? 0 : Number(m[1]);
  const fraction = (m[2] ?? '').padEnd(2, '0');
  const cents = dollars * 100 + Number(fraction);
  return cents <= MAX_PRICE_CENTS ? cents : null;
}

/** Cents as the dollar text of a web URL: 20000 → '200', 20050 → '200.50'. */
export function centsToPriceParam(cents: number): string {
  const whole = Math.floor(cents / 100);
  const rest = cents % 100;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, '0')}`;
}

/** A whole, non-negative number typed with optional thousand separators ('1,000'); else null (001 §5). */
export function wholeNumberInput(input: string): number | null {
  const text = input.trim().replace(/,/g, '');
  if (!/^\d{1,12}$/.test(text)) return null;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : null;
}

/** 'MM/DD/YYYY' of the table's date-range filter as 'YYYY-MM-DD'; null when not a real date. */
export function tableDateToIso(input: string): string | null {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(input.trim());
  if (!m) return null;
  const [month, day, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return `${m[3]}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** A query: its text ('a=1&b=2'), a record, or pairs (a URLSearchParams is iterable as pairs). */
export type QueryInput = string | Record<string, string | undefined> | Iterable<readonly [string, string]>;

type Pairs = [string, string][];

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return '';
  }
}

function toPairs(input: QueryInput): Pairs {
  if (typeof input === 'string') {
    return input
      .replace(/^\?/, '')
      .split('&')
      .filter((part) => part !== '')
      .map((part) => {
        const eq = part.indexOf('=');
        return eq < 0 ? [decode(part), ''] : [decode(part.slice(0, eq)), decode(part.slice(eq + 1))];
      });
  }
  if (Symbol.iterator in input)
    return [...(input as Iterable<readonly [string, string]>)].map(([k, v]) => [k, v]);
  return Object.entries(input as Record<string, string | undefined>).flatMap(([k, v]) =>
    v === undefined ? [] : [[k, v] as [string, string]],
  );
}

function get(pairs: Pairs, name: string): string | null {
  return pairs.find(([k]) => k === name)?.[1] ?? null;
}

const encodePair = (k: string, v: string) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`;

/** Names from both list forms: `tags=A,B` and `tags[A]=true` (001 §2 `categories[{name}]=true`). */
export function readListParam(input: QueryInput, name: string): string[] {
  const params = toPairs(input);
  const out: string[] = [];
  const prefix = `${name}[`;
  for (const [key, value] of params) {
    if (key === name) {
      for (const part of value.split(',')) if (part.trim() !== '') out.push(part.trim());
    } else if (key.startsWith(prefix) && key.endsWith(']') && value !== 'false' && value !== '0') {
      const item = key.slice(prefix.length, -1);
      if (item !== '') out.push(item);
    }
  }
  return [...new Set(out)];
}

function intParam(params: Pairs, name: string, min: number): number | null {
  const raw = get(params, name);
  if (raw === null || !/^\d{1,12}$/.test(raw.trim())) return null;
  const n = Number(raw.trim());
  return n >= min ? n : null;
}

function dollarsParam(params: Pairs, name: string): number | null {
  const raw = get(params, name);
  return raw === null ? null : priceInputToCents(raw);
}

const boolParam = (params: Pairs, name: string) => ['true', '1'].includes(get(params, name) ?? '');

/**
 * Reads the explore page's URL query (web form: prices in dollars, `categories[art]=true`). Unknown or
 * invalid values are dropped, never thrown. `view` is the layout (`list`, else the grid); the explore
 * list comes from the path (/explore/{x}), or from a `view` naming one.
 */
export function parseExploreParams(input: QueryInput, pathView?: string): ExploreState {
  const p = toPairs(input);
  const viewParam = get(p, 'view');
  const view = isOneOf(EXPLORE_VIEWS, viewParam) ? viewParam : pathView;
  const sort = get(p, 'sort');
  const quick = get(p, 'quickFilter');
  const status = get(p, 'status');
  // `price=under_10` names the preset too (001 §3 "Price filters"); `priceFilter` wins when both are given.
  const priceFilter = isOneOf(PRICE_FILTERS, get(p, 'priceFilter')) ? get(p, 'priceFilter') : get(p, 'price');
  const tokenId = get(p, 'tokenId')?.trim() ?? '';
  return {
    view: isOneOf(EXPLORE_VIEWS, view) ? view : 'nfts',
    layout: viewParam === 'list' ? 'list' : 'grid',
    q: (get(p, 'q') ?? '').slice(0, 200),
    sort: isOneOf(SORT_OPTIONS, sort) ? sort : null,
    quickFilter: isOneOf(QUICK_FILTERS, quick) ? quick : null,
    status: isOneOf(TIME_FILTERS, status) ? status : null,
    categories: readListParam(p, 'categories').filter((c): c is Category => isOneOf(CATEGORIES, c)),
    tags: readListParam(p, 'tags').slice(0, 20),
    price: { min: dollarsParam(p, 'minPrice'), max: dollarsParam(p, 'maxPrice') },
    priceFilter: isOneOf(PRICE_FILTERS, priceFilter) ? priceFilter : null,
    editionSize: intParam(p, 'editionSize', 1),
    mass: { min: intParam(p, 'minMass', 0), max: intParam(p, 'maxMass', 0) },
    tokenId: /^\d{1,78}$/.test(tokenId) ? tokenId : null,
    hotDeals: boolParam(p, 'hotDeals'),
    trending: boolParam(p, 'trending'),
    currentPage: intParam(p, 'page', 2),
  };
}

/** The web URL query for a state (dollars, `categories[art]=true`); `view=list` for the list layout. */
export function serializeExploreParams(state: ExploreState): string {
  const out: string[] = [];
  const p = { set: (k: string, v: string) => out.push(encodePair(k, v)) };
  if (state.q !== '') p.set('q', state.q);
  if (state.sort) p.set('sort', state.sort);
  if (state.quickFilter) p.set('quickFilter', state.quickFilter);
  if (state.status) p.set('status', state.status);
  for (const c of state.categories) p.set(`categories[${c}]`, 'true');
  for (const t of state.tags) p.set(`tags[${t}]`, 'true');
  if (state.priceFilter) p.set('priceFilter', state.priceFilter);
  if (state.price.min !== null) p.set('minPrice', centsToPriceParam(state.price.min));
  if (state.price.max !== null) p.set('maxPrice', centsToPriceParam(state.price.max));
  if (state.editionSize !== null) p.set('editionSize', String(state.editionSize));
  if (state.mass.min !== null) p.set('minMass', String(state.mass.min));
  if (state.mass.max !== null) p.set('maxMass', String(state.mass.max));
  if (state.tokenId) p.set('tokenId', state.tokenId);
  if (state.hotDeals) p.set('hotDeals', 'true');
  if (state.trending) p.set('trending', 'true');
  if (state.currentPage !== null && state.currentPage > 1) p.set('page', String(state.currentPage));
  if (state.layout === 'list') p.set('view', 'list');
  return out.join('&');
}

/**
 * The API query of a state (prices in cents, comma lists) for GET /api/v1/explore/{view}/. Filters that do
 * not apply to the view are left out.
 */
export function toExploreApiQuery(state: ExploreState, pageSize = 20): Record<string, string> {
  const out: Record<string, string> = { page: String(state.currentPage ?? 1), page_size: String(pageSize) };
  if (state.q.trim() !== '') out.q = normalizeQuery(state.q);
  if (state.sort) out.sort = state.sort;
  if (state.status) out.status = state.status;
  if (state.categories.length > 0) out.categories = state.categories.join(',');
  if (state.tags.length > 0) out.tags = state.tags.join(',');
  if (state.view === 'drops') return out;
  if (state.quickFilter && state.quickFilter !== 'all') out.quickFilter = state.quickFilter;
  if (state.priceFilter && state.priceFilter !== 'any' && state.priceFilter !== 'custom')
    out.priceFilter = state.priceFilter;
  if (state.price.min !== null) out.minPrice = String(state.price.min);
  if (state.price.max !== null) out.maxPrice = String(state.price.max);
  if (state.editionSize !== null) out.editionSize = String(state.editionSize);
  if (state.trending) out.trending = 'true';
  if (state.view === 'collections') return out;
  if (state.tokenId) out.tokenId = state.tokenId;
  if (state.hotDeals) out.hotDeals = 'true';
  if (state.mass.min !== null) out.minMass = String(state.mass.min);
  if (state.mass.max !== null) out.maxMass = String(state.mass.max);
  return out;
}

const normalizeQuery = (q: string) => q.trim().toLowerCase().slice(0, 200);

export type FilterChipKey =
  | 'tokenId'
  | 'newFloorPrice'
  | 'trending'
  | 'hotDeals'
  | 'editionSize'
  | 'mass'
  | 'price';

export interface FilterChip {
  key: FilterChipKey;
  label: string;
}

function rangeLabel(range: Range, format: (n: number) => string): string | null {
  if (range.min !== null && range.max !== null) return `${format(range.min)} - ${format(range.max)}`;
  if (range.min !== null) return `>= ${format(range.min)}`;
  if (range.max !== null) return `<= ${format(range.max)}`;
  return null;
}

const count = (n: number) => formatInteger(n);

/**
 * Active-filter chips (001 §2): token id, New Floor Price, Trending, Hot Deals, '<= N Editions', mass range,
 * price range, in that order. Results count and Clear All are the page's.
 */
export function filterChips(
  state: ExploreState,
  options: { formatPrice?: (cents: number) => string } = {},
): FilterChip[] {
  const chips: FilterChip[] = [];
  if (state.tokenId) chips.push({ key: 'tokenId', label: `Token ID: ${state.tokenId}` });
  if (state.sort === '-floor_price_changed_at')
    chips.push({ key: 'newFloorPrice', label: 'New Floor Price' });
  if (state.trending) chips.push({ key: 'trending', label: 'Trending' });
  if (state.hotDeals) chips.push({ key: 'hotDeals', label: 'Hot Deals' });
  if (state.editionSize !== null)
    chips.push({ key: 'editionSize', label: `<= ${count(state.editionSize)} Editions` });
  const mass = rangeLabel(state.mass, (n) => count(n));
  if (mass) chips.push({ key: 'mass', label: `Mass: ${mass}` });
  const price = rangeLabel(effectivePrice(state), options.formatPrice ?? formatCents);
  if (price) chips.push({ key: 'price', label: price });
  return chips;
}

/** Explicit bounds, else the preset's (for chips). */
function effectivePrice(state: ExploreState): Range {
  if (state.price.min !== null || state.price.max !== null) return state.price;
  return state.priceFilter ? PRICE_FILTER_RANGES[state.priceFilter] : { min: null, max: null };
}

/** Clears one chip's filter; the page resets to null (001 §4). */
export function clearFilter(state: ExploreState, key: FilterChipKey): ExploreState {
  const next: ExploreState = { ...state, currentPage: null };
  switch (key) {
    case 'tokenId':
      next.tokenId = null;
      break;
    case 'newFloorPrice':
      next.sort = null;
      break;
    case 'trending':
      next.trending = false;
      break;
    case 'hotDeals':
      next.hotDeals = false;
      break;
    case 'editionSize':
      next.editionSize = null;
      break;
    case 'mass':
      next.mass = { min: null, max: null };
      break;
    case 'price':
      next.price = { min: null, max: null };
      next.priceFilter = null;
      break;
  }
  return next;
}

/** Clear All: every filter off; the view, the layout, the search text and the sort stay. */
export function clearAllFilters(state: ExploreState): ExploreState {
  return {
    ...EMPTY_EXPLORE_STATE,
    view: state.view,
    layout: state.layout,
    q: state.q,
    sort: state.sort === '-floor_price_changed_at' ? null : state.sort,
  };
}

/**
 * The empty state's 'Clear filters.' (001 §2): Clear All; on a search with no filter on, there is nothing
 * else to clear, so the search text goes (the link never does nothing).
 */
export function clearFromEmptyResults(state: ExploreState): ExploreState {
  const cleared = clearAllFilters(state);
  const filtersOn =
    serializeExploreParams({ ...state, currentPage: null }) !== serializeExploreParams(cleared);
  return filtersOn ? cleared : { ...cleared, q: '' };
}

export interface SuggestedSearch {
  label: string;
  state: Partial<ExploreState>;
}

/** Suggested-search links on the explore NFTs page (001 §2), in the spec's order. */
export const SUGGESTED_SEARCHES: readonly SuggestedSearch[] = [
  { label: 'Curated', state: { categories: ['curated'] } },
  { label: 'New Floor Price', state: { sort: '-floor_price_changed_at' } },
  { label: 'Photography', state: { tags: ['Photography'] } },
  { label: '3D', state: { tags: ['3D'] } },
  { label: '1 of 1s', state: { categories: ['one_of_one'] } },
  { label: 'Most Liked', state: { sort: '-likes' } },
  { label: 'Ticket/Pass', state: { tags: ['Ticket/Pass'] } },
  { label: 'Cartoon/Anime', state: { tags: ['Cartoon/Anime'] } },
  { label: '$200-250', state: { price: { min: 20_000, max: 25_000 } } },
  { label: 'PFP', state: { tags: ['PFP'] } },
];

/** The href of a suggested search: '/explore/nfts?categories%5Bcurated%5D=true'. */
export function suggestedSearchHref(s: SuggestedSearch): string {
  const query = serializeExploreParams({ ...EMPTY_EXPLORE_STATE, ...s.state });
  return `/explore/nfts${query ? `?${query}` : ''}`;
}
