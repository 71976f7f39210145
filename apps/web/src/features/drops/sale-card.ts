import {
  type DropSaleCard as DomainCard,
  type DropCardButton,
  type DropCardLabel,
  type DropCardViewer,
  dropCardButton,
  isBidSaleType,
  remainingEditions,
  SALE_TYPES,
  type SaleType,
  toEpochMs,
} from '@vitrine/domain';
import type { HomeDrop, NiftyEligibility } from '@vitrine/domain/catalog-responses';
import type { Drawing } from '@vitrine/domain/trading-responses';
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

/**
 * A drawing's entries for the viewer as the drawing's answer gives them. Signed out it answers no entries left (the
 * visitor has none), but the viewer is not known: null, so the card keeps offering Enter Drawing, whose press asks
 * to sign in.
 */
export function viewerEntries(details: Drawing['saleDetails'], signedIn: boolean): DrawingEntries {
  return signedIn ? details : { ...details, userEntriesUnused: null, userEntriesUsed: null };
}

/**
 * The card of a drawing built from the drawing's own answer (its results page has no drop card): the same button
 * rule as its drop card. The answer gives the editions it draws, not how many are sold or reserved: those it does
 * not draw count as reserved ('Unavailable' once none is left).
 */
export function drawingCard(d: Drawing, signedIn: boolean, eligibility?: NiftyEligibility): DomainCard {
  return {
    nifty: {
      name: d.name,
      niftyTotalBurnt: 0,
      niftyTotalNumOfEditions: d.editionSize,
      niftyTotalReserved: Math.max(0, d.editionSize - d.editionsToDraw),
      niftyTotalSold: 0,
    },
    saleType: 'drawing',
    saleDetails: { price: d.saleDetails.price, ...viewerEntries(d.saleDetails, signedIn) },
    startDate: d.startDate,
    endDate: d.endDate,
    burnRequired: d.burnRequired,
    requiresValidation: eligibility?.requiresValidation ?? false,
  };
}

/**
 * The time a drawing's card is read at. The drawing's answer decides (its card reads the drawing again at its
 * close): once it says the drawing is closed or drawn, the card reads at least its close ('Ended', no 'Live' badge
 * nor timer), whatever this browser's clock says.
 */
export function drawingCardNow(card: DomainCard, now: number, status: Drawing['status'] | undefined): number {
  if (status !== 'closed' && status !== 'drawn') return now;
  const end = toEpochMs(card.endDate);
  return end === null ? now : Math.max(now, end);
}

/** Who a card's button is for: signed in, and once read, whether eligible and validated (decision 015). */
export interface CardViewer {
  signedIn: boolean;
  eligibility: NiftyEligibility | undefined;
  /** The signed-in viewer's eligibility is on its way: nothing is claimed about the viewer yet. */
  eligibilityLoading?: boolean;
  /** Whether the viewer is validated as another answer says (a drawing's), when the eligibility did not come. */
  validated?: boolean | null;
}

/**
 * A sale card's button for its viewer (001 §4 priority, the one rule of the drop cards and the drawing page):
 * 'Validated account required' and 'Not Eligible to {action}' from the viewer's eligibility. Until it arrives, the
 * card's own label, disabled: not 'Validated account required' to a collector who may well be validated.
 */
export function saleCardButton(card: DomainCard, now: number, v: CardViewer): DropCardButton {
  const e = v.eligibility;
  const viewer: DropCardViewer = {
    signedIn: v.signedIn,
    ...(e?.eligible === null || e === undefined ? {} : { eligible: e.eligible }),
    ...(e?.validated === null || e === undefined
      ? v.validated === null || v.validated === undefined
        ? {}
        : { validated: v.validated }
      : { validated: e.validated }),
  };
  if (v.eligibilityLoading) {
    return { label: dropCardButton(card, now, { ...viewer, validated: true }).label, disabled: true };
  }
  return dropCardButton(card, now, viewer);
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

/** Sale types a card of a studio drop of mixed sale types shows as its own badge: all but FCFS's and none. */
const OWN_BADGE_SALE_TYPES: readonly string[] = SALE_TYPES.filter(
  (t) => t !== 'standard' && t !== 'not_for_sale',
);

/**
 * The drop type a card's badge shows: the drop's, but a studio drop may mix sale types (an FCFS NFT beside a
 * 1/1 Auction), so a card whose own sale type differs shows its own. 'standard' reads First Come First Serve
 * except in a pack drop (or a pack drawing), whose works are standard packs (an FCFS NFT beside an Open Edition read 'Open Edition'
 * above its Buy, QA 2026-12-07).
 */
export function cardDropType(dropType: string, saleType: string): string {
  if (saleType === 'standard') return dropType.startsWith('pack') ? dropType : 'fcfs';
  if (OWN_BADGE_SALE_TYPES.includes(saleType) && !dropType.startsWith('pack')) return saleType;
  return dropType;
}
