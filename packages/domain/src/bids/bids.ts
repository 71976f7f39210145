import { isAuctionSaleType } from '../catalog/sale-types';
import { AUCTION_EXTENSION_MS } from '../constants';
import { formatCents } from '../format/price';
import { type DateInput, toEpochMs } from '../time/date';

export interface MinimumBidInput {
  /** Highest bid in cents; null or undefined when there is no bid yet. */
  highestBid: number | null | undefined;
  bidIncrement: number;
  /** Starting minimum bid in cents. */
  minimumBid: number;
}

/** Minimum bid = highest bid + bid increment, or the starting minimum without a bid; never below it (000 §5, 001 §5). */
export function minimumBid({ highestBid, bidIncrement, minimumBid: start }: MinimumBidInput): number {
  if (highestBid === null || highestBid === undefined) return start;
  return Math.max(highestBid + bidIncrement, start);
}

/**
 * An auction's starting minimum bid in cents: the minimum bid its publisher set, else its price (at least one
 * cent). The bid engine and the drop card's 'Minimum Bid:' read this one rule (QA 2026-12-07: the card showed the
 * auction's hidden default price, $1.00, beside a bid dialog asking for the $100.00 the publisher set).
 */
export function startingBidInCents(terms: {
  minimumBidInCents: number | null;
  priceAmount: bigint | number | string | null;
}): number {
  return terms.minimumBidInCents ?? Math.max(1, Number(terms.priceAmount ?? 0));
}

/**
 * A primary sale's price in USD cents as its drop card and its work page show it: an auction's starting minimum bid
 * ('Minimum Bid:'), else the fixed price (0 reads FREE). A price in another currency than USD is not shown in cents:
 * 0, as the drop cards have always read it.
 */
export function primaryPriceInCents(n: {
  saleType: string;
  minimumBidInCents: number | null;
  priceAmount: bigint | number | string | null;
  priceCurrency: string;
}): number {
  if (isAuctionSaleType(n.saleType)) return startingBidInCents(n);
  return n.priceCurrency === 'USD' ? Number(n.priceAmount ?? 0) : 0;
}

/**
 * What a bid under the minimum is told (000 §5 gives the rule, not a text): the amount it must reach, as the bid
 * dialog's amount field says it before sending and when the API refuses a bid that was outbid meanwhile.
 */
export function bidBelowMinimumMessage(minimumBidCents: number): string {
  return `Your bid must be at least ${formatCents(minimumBidCents)}`;
}

export interface RankedPlacementInput {
  /** The new bid in cents. */
  amount: number;
  /** Current first-place bid in cents; null when nobody has bid yet. */
  firstPlaceBid: number | null | undefined;
  /** Lowest amount that still places on the leaderboard, in cents. */
  leaderboardMinBid: number;
  /** The bidder's own previous bid in cents, when they have one. */
  previousBid?: number | null;
  bidIncrement: number;
}

export type RankedRank = 'first' | 'placed' | 'not_placed';
export type RankedBidRejection = 'invalid_amount' | 'below_leaderboard_minimum' | 'increment_too_small';

export interface RankedPlacement {
  rank: RankedRank;
  valid: boolean;
  reason?: RankedBidRejection;
}

/**
 * Ranked auction placement (000 §5, 001 §5): at least the first-place amount is 1st, at least the leaderboard
 * minimum places; a new bid must exceed the bidder's previous bid by at least the increment. A bid that does not
 * place, or is not a positive whole number of cents, is invalid.
 */
export function rankedPlacement(input: RankedPlacementInput): RankedPlacement {
  const { amount, firstPlaceBid, leaderboardMinBid, previousBid, bidIncrement } = input;
  const rank = rankFor(amount, firstPlaceBid ?? leaderboardMinBid, leaderboardMinBid);
  if (!Number.isSafeInteger(amount) || amount <= 0) return { rank, valid: false, reason: 'invalid_amount' };
  if (typeof previousBid === 'number' && amount < previousBid + bidIncrement) {
    return { rank, valid: false, reason: 'increment_too_small' };
  }
  if (rank === 'not_placed') return { rank, valid: false, reason: 'below_leaderboard_minimum' };
  return { rank, valid: true };
}

function rankFor(amount: number, firstPlaceBid: number, leaderboardMinBid: number): RankedRank {
  if (amount >= firstPlaceBid) return 'first';
  return amount >= leaderboardMinBid ? 'placed' : 'not_placed';
}

/** A ranked bid's target amount is the current amount plus the minimum increase (000 §5); for silent auctions use the minimum bid. */
export function rankedTargetAmount(current: number, minIncrease: number): number {
  return current + minIncrease;
}

/**
 * Auction end after a bid (000 §9, 001 §9): a bid less than 5 minutes before the end moves the end to 5 minutes
 * after the bid; ranked auctions apply the same rule to every bid in the final 5 minutes. Otherwise (including a
 * bid after the end) the end is unchanged. Null when a date is invalid.
 */
export function extendedEndTime(endAt: DateInput, bidAt: DateInput): Date | null {
  const endMs = toEpochMs(endAt);
  const bidMs = toEpochMs(bidAt);
  if (endMs === null || bidMs === null) return null;
  const remaining = endMs - bidMs;
  return new Date(remaining > 0 && remaining < AUCTION_EXTENSION_MS ? bidMs + AUCTION_EXTENSION_MS : endMs);
}

export interface BidderProfile {
  name: string;
  profile_url?: string | null;
}

/** A bidder named 'none' is anonymous: shown 'Anonymous' and not clickable (000 §3). */
export function bidderDisplay(profile: BidderProfile | null | undefined): {
  name: string;
  clickable: boolean;
} {
  if (!profile || profile.name === 'none') return { name: 'Anonymous', clickable: false };
  return { name: profile.name, clickable: Boolean(profile.profile_url) };
}

/**
 * The bid safety net's default allowance (000 §6; the spec names no value, decision 012): the most a bidder's
 * active bids may add up to, in cents, unless exempt or given an override.
 */
export const DEFAULT_BID_ALLOWANCE_CENTS = 1_000_000;

/** A bidder's allowance in cents, or null when exempt from the safety net (000 §6). */
export function bidAllowance(user: {
  isBidSafetyNetExempt: boolean;
  maxBidAllowanceOverrideInCents: number | null | undefined;
}): number | null {
  if (user.isBidSafetyNetExempt) return null;
  return user.maxBidAllowanceOverrideInCents ?? DEFAULT_BID_ALLOWANCE_CENTS;
}

export interface LeaderboardThresholds {
  /** What a bid must reach to be 1st: the top bid plus the increment; null before any bid. */
  firstPlaceBid: number | null;
  /** What a bid must reach to place among the `slots` winners: the starting minimum while a slot is free, else the last placed bid plus the increment. */
  leaderboardMinBid: number;
}

/**
 * First-place and leaderboard minimums (000 §3 Bid info, §5) from the active bids, highest first, for `slots`
 * editions. With one slot (a 1/1 auction) the leaderboard minimum is `minimumBid`'s.
 */
export function leaderboardThresholds(
  activeDesc: readonly number[],
  slots: number,
  startingMinimum: number,
  bidIncrement: number,
): LeaderboardThresholds {
  const top = activeDesc[0];
  const last = activeDesc.length >= slots ? activeDesc[slots - 1] : undefined;
  return {
    firstPlaceBid: top === undefined ? null : top + bidIncrement,
    leaderboardMinBid: last === undefined ? startingMinimum : Math.max(last + bidIncrement, startingMinimum),
  };
}
