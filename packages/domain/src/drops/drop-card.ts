import { isAuctionSaleType, type SaleType } from '../catalog/sale-types';
import type { Chain } from '../constants';
import { isUnlimitedEdition } from '../format/edition';
import { type CollectionStatus, collectionStatus } from '../time/countdown';
import { type DateInput, toDate } from '../time/date';

/** Drop sale card entity (001 §3 "Drop sale card"); `requiresValidation` marks validation-required drops (000 §6). */
export interface DropSaleCard {
  nifty: {
    isOnePurchasePerUser?: boolean;
    name?: string;
    niftyTotalBurnt: number;
    niftyTotalNumOfEditions: number;
    niftyTotalReserved: number;
    niftyTotalSold: number;
  };
  saleType: SaleType;
  saleDetails: {
    price?: number | null;
    highestBid?: number | null;
    userEntriesUnused?: number | null;
    userEntriesUsed?: number | null;
    totalEntries?: number | null;
  };
  startDate: DateInput | null;
  endDate: DateInput | null;
  burnRequired?: boolean;
  isFreeRedemption?: boolean;
  requiresValidation?: boolean;
  tags?: { name: string }[];
  chain?: Chain;
  artists?: { id: number | string; name: string; userName: string; iconUrl?: string | null }[];
  publisher?: { name: string; slug: string };
}

/** A nifty's counts as the catalog answers them, as a drop sale card reads them (the work page's panels). */
export function cardNiftyCounts(counts: {
  editionSize: number;
  totalSold: number;
  totalReserved: number;
  totalBurnt: number;
}): DropSaleCard['nifty'] {
  return {
    niftyTotalBurnt: counts.totalBurnt,
    niftyTotalNumOfEditions: counts.editionSize,
    niftyTotalReserved: counts.totalReserved,
    niftyTotalSold: counts.totalSold,
  };
}

/** Viewer context for the card button: eligibility result, validated profile, signed in. */
export interface DropCardViewer {
  eligible?: boolean;
  validated?: boolean;
  signedIn?: boolean;
}

export type DropCardAction = 'Place Bid' | 'Enter Drawing' | 'Mint' | 'Buy' | 'Redeem';
export type DropCardLabel =
  | DropCardAction
  | 'Unavailable'
  | 'Not yet Available'
  | 'Ended'
  | 'Burn Required'
  | 'Validated account required'
  | 'None Available'
  | 'Sold'
  | 'Sold Out'
  | 'Entered'
  | `Not Eligible to ${DropCardAction}`;

export interface DropCardButton {
  label: DropCardLabel;
  disabled: boolean;
}

/** Auction, ranked auction and silent auction cards take bids (001 §4). */
export function isBidSaleType(saleType: SaleType): boolean {
  return isAuctionSaleType(saleType);
}

/** Drop card button label and disabled state by the priority of 001 §4 "Drop card button label by priority". */
export function dropCardButton(
  card: DropSaleCard,
  now: DateInput,
  viewer: DropCardViewer = {},
): DropCardButton {
  const { nifty } = card;
  if (nifty.niftyTotalReserved > 0 && nifty.niftyTotalReserved >= nifty.niftyTotalNumOfEditions) {
    return { label: 'Unavailable', disabled: true };
  }
  const status = saleWindowStatus(card, now);
  if (status === null) return { label: 'Unavailable', disabled: true };
  if (status === 'upcoming') return { label: 'Not yet Available', disabled: true };
  if (status === 'ended') return { label: 'Ended', disabled: true };
  if (card.burnRequired) return { label: 'Burn Required', disabled: true };
  if (card.isFreeRedemption) return withEligibility('Redeem', false, viewer);
  // Signed out, the viewer's profile is not known: the card offers its action, whose press asks to sign in.
  if (card.requiresValidation && viewer.signedIn !== false && viewer.validated !== true) {
    return { label: 'Validated account required', disabled: true };
  }
  // A drawing entry needs a validated profile (000 §5): a viewer known not to have one reads so here, not
  // first in the entry dialog (a signed-out viewer is not known: its press asks to sign in).
  if (card.saleType === 'drawing' && viewer.validated === false) {
    return { label: 'Validated account required', disabled: true };
  }
  if (nifty.niftyTotalBurnt > 0) return { label: 'None Available', disabled: true };
  if (isSoldOut(card)) return { label: card.saleType === 'standard' ? 'Sold Out' : 'Sold', disabled: true };
  return typeButton(card, viewer);
}

/** Editions left for sale: total minus sold minus reserved (001 §4 "if no editions remain"); null when unlimited. */
export function remainingEditions(card: DropSaleCard): number | null {
  const { nifty } = card;
  if (card.saleType === 'open_edition' || isUnlimitedEdition(nifty.niftyTotalNumOfEditions)) return null;
  return Math.max(0, nifty.niftyTotalNumOfEditions - nifty.niftyTotalSold - nifty.niftyTotalReserved);
}

// A card without dates is open; a card with an unparseable date (or an invalid now) has no status.
function saleWindowStatus(card: DropSaleCard, now: DateInput): CollectionStatus | null {
  if (card.startDate === null && card.endDate === null) return toDate(now) ? 'live' : null;
  return collectionStatus(card.startDate, card.endDate, now);
}

function isSoldOut(card: DropSaleCard): boolean {
  return remainingEditions(card) === 0;
}

// Step (5) of 001 §4: the action by sale type, then the disabled rules and eligibility.
function typeButton(card: DropSaleCard, viewer: DropCardViewer): DropCardButton {
  if (isBidSaleType(card.saleType)) return withEligibility('Place Bid', false, viewer);
  if (card.saleType === 'drawing') {
    const used = card.saleDetails.userEntriesUsed ?? 0;
    // One entry per user unless specified (000 §5): a missing count means one unused entry.
    const unused = card.saleDetails.userEntriesUnused ?? 1;
    const button = withEligibility('Enter Drawing', unused <= 0, viewer);
    return used > 0 && button.label === 'Enter Drawing'
      ? { label: 'Entered', disabled: button.disabled }
      : button;
  }
  if (card.saleType === 'open_edition') return withEligibility('Mint', false, viewer);
  return withEligibility('Buy', card.saleType === 'not_for_sale', viewer);
}

// 'Not Eligible to {action}' when a signed-in viewer was checked and is not eligible (001 §4).
function withEligibility(action: DropCardAction, disabled: boolean, viewer: DropCardViewer): DropCardButton {
  if (viewer.signedIn !== false && viewer.eligible === false) {
    return { label: `Not Eligible to ${action}`, disabled: true };
  }
  return { label: action, disabled };
}

export interface DropCardPriceLine {
  label: 'Minimum Bid:' | 'Highest Bid:' | null;
  /** True when the card shows 'FREE' (price 0, not a bid sale). */
  free: boolean;
  /** Amount shown next to the label: the highest bid once there is one, else the price. */
  amount: number | null;
}

/** Price line: 'Minimum Bid:' before any bid, 'Highest Bid:' after one, 'FREE' when price is 0 (000 §4, 001 §4). */
export function dropCardPriceLine(card: DropSaleCard): DropCardPriceLine {
  const { price, highestBid } = card.saleDetails;
  if (isBidSaleType(card.saleType)) {
    const hasBid = typeof highestBid === 'number' && highestBid > 0;
    return hasBid
      ? { label: 'Highest Bid:', free: false, amount: highestBid }
      : { label: 'Minimum Bid:', free: false, amount: price ?? null };
  }
  return { label: null, free: price === 0, amount: price ?? null };
}

export interface DropCardCountdown {
  label: 'Opens in' | 'Closes in' | null;
  /** The instant the timer counts to; null when no timer is shown. */
  target: Date | null;
  /** Show the 'Live' badge while the sale is open. */
  live: boolean;
}

/** Drop card timer: 'Opens in' before start, 'Closes in' while open with a 'Live' badge, nothing once ended (001 §4). */
export function dropCardCountdown(card: DropSaleCard, now: DateInput): DropCardCountdown {
  const status = saleWindowStatus(card, now);
  const start = toDate(card.startDate);
  const end = toDate(card.endDate);
  if (status === 'upcoming') return { label: 'Opens in', target: start, live: false };
  if (status === 'live') return { label: end ? 'Closes in' : null, target: end, live: true };
  return { label: null, target: null, live: false };
}

/** Label of the drop card timer: 'Opens in', 'Closes in' or null (001 §4). */
export function dropCardCountdownLabel(card: DropSaleCard, now: DateInput): 'Opens in' | 'Closes in' | null {
  return dropCardCountdown(card, now).label;
}

/** 'Live' badge while the sale is open (001 §4). */
export function isDropCardLive(card: DropSaleCard, now: DateInput): boolean {
  return dropCardCountdown(card, now).live;
}
