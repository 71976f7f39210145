import { AUCTION_EXTENSION_MS } from '../constants';
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
