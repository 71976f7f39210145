// Card badges (001 §2 "NFT card: badge (highlyDesirable or fastSellOut)"). The spec names the badges
// but not their rules; these are ours (docs/decisions/004-catalog-api.md §1).

/** A token liked this many times is 'Highly Desirable'. */
export const HIGHLY_DESIRABLE_LIKES = 100;

/** A fixed-price edition whose last edition went within this long of the sale's start 'sold out fast'. */
export const FAST_SELL_OUT_WINDOW_MS = 24 * 60 * 60 * 1000;

export type NftBadgeKind = 'highlyDesirable' | 'fastSellOut';

export interface SellOutFacts {
  saleType: string;
  niftyType: string;
  editionSize: number;
  totalSold: number;
  totalReserved: number;
  /** When the sale opened. */
  startAt: Date | null;
  /** When the last edition was minted. */
  lastMintedAt: Date | null;
}

/**
 * Sold out fast: a fixed-price ('standard') edition or pack of more than one edition, every edition
 * sold or reserved, the last one minted no later than FAST_SELL_OUT_WINDOW_MS after the start.
 * Open editions never sell out; auctions and drawings mint when they end, so they never qualify.
 */
export function isFastSellOut(n: SellOutFacts): boolean {
  if (n.saleType !== 'standard' || n.niftyType === 'oe' || n.editionSize <= 1) return false;
  if (n.totalSold + n.totalReserved < n.editionSize) return false;
  if (!n.startAt || !n.lastMintedAt) return false;
  const took = n.lastMintedAt.getTime() - n.startAt.getTime();
  return took >= 0 && took <= FAST_SELL_OUT_WINDOW_MS;
}

/** The one badge a card shows: Highly Desirable wins over Fast Sell Out. */
export function nftBadge(likes: number, fastSellOut: boolean): NftBadgeKind | null {
  if (likes >= HIGHLY_DESIRABLE_LIKES) return 'highlyDesirable';
  return fastSellOut ? 'fastSellOut' : null;
}
