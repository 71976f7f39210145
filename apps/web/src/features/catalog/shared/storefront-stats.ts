import type { Storefront, StorefrontStatId } from '../catalog-types';

export const STOREFRONT_STAT_LABELS: Record<StorefrontStatId, string> = {
  collections: 'Collections',
  items: 'Items',
  owners: 'Owners',
  volume: 'Volume',
  floor: 'Floor',
  followers: 'Followers',
};

/** Stats given in USD cents (004 §3 "volume and floor in USD cents"). */
export const MONEY_STATS: ReadonlySet<StorefrontStatId> = new Set(['volume', 'floor']);

/** The stats a card shows, in this order, when present (followers are shown by the follow control). */
export function cardStats(storefront: Storefront, ids: readonly StorefrontStatId[]) {
  return ids.flatMap((id) => storefront.stats.filter((stat) => stat.id === id));
}
