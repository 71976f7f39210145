import type { ExploreView, QuickFilter, SortOption } from '@vitrine/domain';

/** Sort choices per explore view (001 §3 "Sort options"); '' is the API's default order. */
export function sortChoices(view: ExploreView): { value: SortOption | ''; label: string }[] {
  const common: { value: SortOption | ''; label: string }[] = [
    { value: '-floor_price_in_cents', label: 'Price: High to Low' },
    { value: 'floor_price_in_cents', label: 'Price: Low to High' },
    { value: '-likes', label: 'Most Liked' },
    { value: '-schedule_start_at', label: 'Newest' },
    { value: 'schedule_start_at', label: 'Oldest' },
    { value: 'schedule_end_at', label: 'Ending Soon' },
  ];
  if (view === 'drops') {
    return [{ value: '', label: 'Featured' }, { value: '-last_sale_at', label: 'Recently Ended' }, ...common];
  }
  return [
    { value: '', label: 'Recently Sold' },
    { value: '-floor_price_changed_at', label: 'New Floor Price' },
    ...common,
  ];
}

export const QUICK_FILTER_LABELS: Record<QuickFilter, string> = {
  all: 'All',
  buy_now: 'Buy Now',
  auction: 'Auctions',
  one_of_one: '1 of 1s',
};

/** The empty-state text of a view (001 §8 "Empty NFT list: 'No NFTs match the current filters.'"). */
export const EMPTY_TEXT: Record<ExploreView, string> = {
  nfts: 'No NFTs match the current filters.',
  collections: 'No collections match the current filters.',
  drops: 'No drops match the current filters.',
};
