import {
  type DropSaleCard as DomainCard,
  type DropCardLabel,
  dropCardButton,
  isBidSaleType,
  remainingEditions,
  type SaleType,
} from '@vitrine/domain';
import type { HomeDrop } from '@vitrine/domain/catalog-responses';
import { LIMIT_REACHED } from '../trading/quantity-limit';

export type SaleCard = HomeDrop['cards'][number];

/** A drawing's entries as the drawing's own answer gives them to the viewer (001 §3 saleDetails). */
export interface DrawingEntries {
  /** Null when the viewer is not known (signed out). */
  userEntriesUnused: number | null;
  userEntriesUsed: number | null;
  totalEntries: number;
}

/**
 * The domain's card of an API card (the sale type and chain are strings on the wire). The drop's answer is
 * shared by every viewer, so a drawing's viewer entries (and the newest total) come from the drawing's
 * answer and are laid over the card's saleDetails; a highest bid pushed by the live 'auction' event (newer
 * than the answer) is laid over it too.
 */
export function domainCard(
  card: SaleCard,
  sold?: number,
  entries?: DrawingEntries,
  highestBid?: number,
): DomainCard {
  const { chain: _chain, ...rest } = card;
  const details = highestBid === undefined ? card.saleDetails : { ...card.saleDetails, highestBid };
  return {
    ...rest,
    saleType: card.saleType as SaleType,
    nifty: { ...card.nifty, niftyTotalSold: sold ?? card.nifty.niftyTotalSold },
    saleDetails: entries
      ? {
          ...details,
          userEntriesUnused: entries.userEntriesUnused,
          userEntriesUsed: entries.userEntriesUsed,
          totalEntries: entries.totalEntries,
        }
      : details,
  };
}

/** The entry count a drawing card shows ('1 Entry', '{n} Entries'); null for other sale types. */
export function entriesLine(card: DomainCard): string | null {
  if (card.saleType !== 'drawing') return null;
  const n = card.saleDetails.totalEntries;
  if (typeof n !== 'number') return null;
  return n === 1 ? '1 Entry' : `${n} Entries`;
}

/**
 * The card's quantity line while it is open (the quantity-limit panel, 000 §5): the purchase limit when the
 * viewer reached it, else 'Only {n} Remaining!' for editions for sale. None once sold out: the button reads
 * 'Sold Out' ('Sold'), once (000 §4). None on an auction card (1/1, ranked, silent): it shows its bid price
 * line and Place Bid (000 §4); the remaining line is the buying panel's. None on a drawing card either: its
 * editions are drawn among the entries, not bought first come first serve with a quantity (the panel's 'confirm
 * to mint the rest' has nothing to mint), so it shows its entries ('{n} Entries') and Enter Drawing; an
 * 'Only 17 Remaining!' (20 editions, 3 reserved) read beside the works' '0 / 20 minted' (UX walkthrough).
 */
export function quantityLine(card: DomainCard, live: boolean, limitReached: boolean): string | null {
  if (!live) return null;
  if (limitReached) return LIMIT_REACHED;
  if (isBidSaleType(card.saleType) || card.saleType === 'drawing') return null;
  const remaining = remainingEditions(card);
  return remaining === null || remaining < 1 ? null : `Only ${remaining} Remaining!`;
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

/** Drop types whose fixed-price NFTs sell first come first serve in a studio drop of mixed sale types. */
const BID_OR_DRAW_DROPS = ['auction', 'ranked_auction', 'silent_auction', 'drawing'];

/**
 * The drop type a card's badge shows: the drop's, but a studio drop may mix sale types (an FCFS NFT beside a
 * 1/1 Auction), so a card whose own sale type differs shows its own ('standard' reads First Come First Serve).
 */
export function cardDropType(dropType: string, saleType: string): string {
  if (saleType === 'standard') return BID_OR_DRAW_DROPS.includes(dropType) ? 'fcfs' : dropType;
  if (
    [...BID_OR_DRAW_DROPS, 'open_edition', 'blind_edition'].includes(saleType) &&
    !dropType.startsWith('pack')
  )
    return saleType;
  return dropType;
}
