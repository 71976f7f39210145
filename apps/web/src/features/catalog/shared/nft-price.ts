import type { NftCard } from '../catalog-types';

export interface ShownPrice {
  label: 'Price' | 'Floor' | 'Last Sale';
  /** USD cents. */
  cents: number;
}

/** The price an NFT card or row shows: its list price, else its floor, else its last sale; null: not listed. */
export function shownPrice(
  nft: Pick<NftCard, 'priceInCents' | 'floorPriceInCents' | 'lastSale'>,
): ShownPrice | null {
  if (nft.priceInCents !== null) return { label: 'Price', cents: nft.priceInCents };
  if (nft.floorPriceInCents !== null) return { label: 'Floor', cents: nft.floorPriceInCents };
  if (nft.lastSale) return { label: 'Last Sale', cents: nft.lastSale.amount };
  return null;
}
