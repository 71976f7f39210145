import {
  type DropSaleCard as DomainCard,
  type DropCardLabel,
  dropCardButton,
  type SaleType,
} from '@vitrine/domain';
import type { HomeDrop } from '@vitrine/domain/catalog-responses';

export type SaleCard = HomeDrop['cards'][number];

/** The domain's card of an API card (the sale type and chain are strings on the wire). */
export function domainCard(card: SaleCard, sold?: number): DomainCard {
  const { chain: _chain, ...rest } = card;
  return {
    ...rest,
    saleType: card.saleType as SaleType,
    nifty: { ...card.nifty, niftyTotalSold: sold ?? card.nifty.niftyTotalSold },
  };
}

/**
 * A drop card's sold-out label (001 §4): 'Sold Out' when every work of the drop reads 'Sold Out' (or 'Sold'
 * when one of them is not a standard sale), else null: the card shows its status and price as usual.
 */
export function dropSoldOutLabel(cards: readonly SaleCard[], now: number): 'Sold Out' | 'Sold' | null {
  if (cards.length === 0) return null;
  const labels: DropCardLabel[] = cards.map((c) => dropCardButton(domainCard(c), now).label);
  if (!labels.every((l) => l === 'Sold Out' || l === 'Sold')) return null;
  return labels.every((l) => l === 'Sold Out') ? 'Sold Out' : 'Sold';
}
