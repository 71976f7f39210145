// Sale types, drop types and nifty types (001 §1, §3, §4) with their labels: the one list the seed, the
// API, the web app and the SQL read. The SQL's auction list is generated from AUCTION_SALE_TYPES
// (packages/db/src/schema: the generated `is_auction` columns).

/** How a drop sells (001 §1 "Drop types shown"). */
export const DROP_TYPES = [
  'auction',
  'drawing',
  'fcfs',
  'ranked_auction',
  'silent_auction',
  'open_edition',
  'blind_edition',
  'pack',
  'pack_drawing',
] as const;
export type DropType = (typeof DROP_TYPES)[number];

/** How a nifty sells (001 §3 primarySaleType). */
export const SALE_TYPES = [
  'standard',
  'auction',
  'ranked_auction',
  'silent_auction',
  'drawing',
  'open_edition',
  'blind_edition',
  'not_for_sale',
] as const;
export type SaleType = (typeof SALE_TYPES)[number];

/** A nifty's kind in a response (004 conventions): an edition, an open edition, a pack. */
export const NIFTY_TYPES = ['edition', 'oe', 'pack'] as const;
export type NiftyType = (typeof NIFTY_TYPES)[number];

/** Sale types that take bids: explore's `quickFilter=auction` and the 'Place Bid' button (001 §3, §4). */
export const AUCTION_SALE_TYPES = [
  'auction',
  'ranked_auction',
  'silent_auction',
] as const satisfies readonly SaleType[];
export type AuctionSaleType = (typeof AUCTION_SALE_TYPES)[number];

export function isAuctionSaleType(saleType: string): saleType is AuctionSaleType {
  return (AUCTION_SALE_TYPES as readonly string[]).includes(saleType);
}

export const DROP_TYPE_LABELS: Record<DropType, string> = {
  fcfs: 'First Come First Serve',
  auction: '1/1 Auction',
  drawing: 'Drawing',
  ranked_auction: 'Ranked Auction',
  silent_auction: 'Silent Auction',
  open_edition: 'Open Edition',
  blind_edition: 'Blind Edition',
  pack: 'Pack',
  pack_drawing: 'Pack Drawing',
};

export const SALE_TYPE_LABELS: Record<SaleType, string> = {
  standard: 'Fixed Price',
  auction: '1/1 Auction',
  ranked_auction: 'Ranked Auction',
  silent_auction: 'Silent Auction',
  drawing: 'Drawing',
  open_edition: 'Open Edition',
  blind_edition: 'Blind Edition',
  not_for_sale: 'Not for Sale',
};

export const NIFTY_TYPE_LABELS: Record<NiftyType, string> = {
  edition: 'Edition',
  oe: 'Open Edition',
  pack: 'Pack',
};

/** The sale type a drop type sells its nifties with. */
export const SALE_TYPE_OF_DROP: Record<DropType, SaleType> = {
  fcfs: 'standard',
  auction: 'auction',
  ranked_auction: 'ranked_auction',
  silent_auction: 'silent_auction',
  drawing: 'drawing',
  pack_drawing: 'drawing',
  open_edition: 'open_edition',
  blind_edition: 'blind_edition',
  pack: 'standard',
};

/** The nifty type a drop type mints. */
export const NIFTY_TYPE_OF_DROP: Record<DropType, NiftyType> = {
  fcfs: 'edition',
  auction: 'edition',
  ranked_auction: 'edition',
  silent_auction: 'edition',
  drawing: 'edition',
  pack_drawing: 'pack',
  open_edition: 'oe',
  blind_edition: 'edition',
  pack: 'pack',
};

/** Title case of an unknown code: 'dutch_auction' → 'Dutch Auction'. */
function titleCase(code: string): string {
  return code
    .split('_')
    .map((word) => (word ? word[0]?.toUpperCase() + word.slice(1) : word))
    .join(' ');
}

/** 'Open Edition' for 'open_edition'; unknown codes are shown title-cased. */
export function dropTypeLabel(dropType: string): string {
  return Object.hasOwn(DROP_TYPE_LABELS, dropType)
    ? DROP_TYPE_LABELS[dropType as DropType]
    : titleCase(dropType);
}

/** 'Fixed Price' for 'standard'; unknown codes are shown title-cased. */
export function saleTypeLabel(saleType: string): string {
  return Object.hasOwn(SALE_TYPE_LABELS, saleType)
    ? SALE_TYPE_LABELS[saleType as SaleType]
    : titleCase(saleType);
}
