import { describe, expect, it } from 'vitest';
import { AUCTION_EXTENSION_MS } from '../constants';
import {
  bidAllowance,
  bidBelowMinimumMessage,
  bidderDisplay,
  DEFAULT_BID_ALLOWANCE_CENTS,
  extendedEndTime,
  leaderboardThresholds,
  minimumBid,
  rankedPlacement,
  rankedTargetAmount,
} from './bids';

describe('minimumBid (000 §5 "Minimum bid = highest bid + bid increment")', () => {
  it('adds the increment to the highest bid', () => {
    expect(minimumBid({ highestBid: 10_000, bidIncrement: 500, minimumBid: 5_000 })).toBe(10_500);
  });

  it('is the starting minimum when there is no bid', () => {
    expect(minimumBid({ highestBid: null, bidIncrement: 500, minimumBid: 5_000 })).toBe(5_000);
    expect(minimumBid({ highestBid: undefined, bidIncrement: 500, minimumBid: 0 })).toBe(0);
  });

  it('counts a highest bid of 0 as a bid (minimum bid may be 0)', () => {
    expect(minimumBid({ highestBid: 0, bidIncrement: 100, minimumBid: 0 })).toBe(100);
  });
});

describe('bidBelowMinimumMessage (000 §5: a bid must be at least the minimum bid)', () => {
  it('says the amount the bid must reach, in dollars', () => {
    expect(bidBelowMinimumMessage(50_000)).toBe('Your bid must be at least $500.00');
    expect(bidBelowMinimumMessage(125_050)).toBe('Your bid must be at least $1,250.50');
  });
});

describe('rankedPlacement (000 §5, 001 §5 ranked auction)', () => {
  const board = { firstPlaceBid: 20_000, leaderboardMinBid: 12_000, bidIncrement: 100 };

  it('is first at or above the first-place amount', () => {
    expect(rankedPlacement({ ...board, amount: 20_000 })).toEqual({ rank: 'first', valid: true });
    expect(rankedPlacement({ ...board, amount: 25_000 })).toEqual({ rank: 'first', valid: true });
  });

  it('places at or above the leaderboard minimum', () => {
    expect(rankedPlacement({ ...board, amount: 12_000 })).toEqual({ rank: 'placed', valid: true });
    expect(rankedPlacement({ ...board, amount: 19_999 })).toEqual({ rank: 'placed', valid: true });
  });

  it('does not place below the leaderboard minimum', () => {
    expect(rankedPlacement({ ...board, amount: 11_999 })).toEqual({
      rank: 'not_placed',
      valid: false,
      reason: 'below_leaderboard_minimum',
    });
  });

  it('requires a new bid to exceed the previous one by the increment', () => {
    expect(rankedPlacement({ ...board, amount: 15_099, previousBid: 15_000 })).toEqual({
      rank: 'placed',
      valid: false,
      reason: 'increment_too_small',
    });
    expect(rankedPlacement({ ...board, amount: 15_100, previousBid: 15_000 })).toEqual({
      rank: 'placed',
      valid: true,
    });
  });

  it('ranks first against the leaderboard minimum when nobody has bid', () => {
    expect(rankedPlacement({ ...board, firstPlaceBid: null, amount: 12_000 })).toEqual({
      rank: 'first',
      valid: true,
    });
  });

  it('refuses amounts that are not positive whole cents', () => {
    expect(rankedPlacement({ ...board, amount: 20_000.5 }).reason).toBe('invalid_amount');
    expect(rankedPlacement({ ...board, amount: 0, leaderboardMinBid: 0 }).reason).toBe('invalid_amount');
  });
});

describe('rankedTargetAmount (000 §5)', () => {
  it('is the current amount plus the minimum increase', () => {
    expect(rankedTargetAmount(15_000, 500)).toBe(15_500);
    expect(rankedTargetAmount(0, 100)).toBe(100);
  });
});

describe('extendedEndTime (000 §9 auction extension)', () => {
  const end = new Date('2025-03-01T12:00:00Z');

  it('extends the end to 5 minutes after a bid under 5 minutes before the end', () => {
    expect(AUCTION_EXTENSION_MS).toBe(300_000);
    expect(extendedEndTime(end, '2025-03-01T11:58:00Z')).toEqual(new Date('2025-03-01T12:03:00Z'));
    expect(extendedEndTime(end, '2025-03-01T11:59:59.999Z')).toEqual(new Date('2025-03-01T12:04:59.999Z'));
  });

  it('resets the remaining time to 5 minutes on each bid in the final 5 minutes (ranked)', () => {
    const first = extendedEndTime(end, '2025-03-01T11:57:00Z');
    expect(first).toEqual(new Date('2025-03-01T12:02:00Z'));
    expect(extendedEndTime(first ?? end, '2025-03-01T12:01:30Z')).toEqual(new Date('2025-03-01T12:06:30Z'));
  });

  it('leaves the end alone for an earlier bid, a bid exactly 5 minutes before, or after the end', () => {
    expect(extendedEndTime(end, '2025-03-01T11:00:00Z')).toEqual(end);
    expect(extendedEndTime(end, '2025-03-01T11:55:00Z')).toEqual(end);
    expect(extendedEndTime(end, '2025-03-01T12:00:00Z')).toEqual(end);
    expect(extendedEndTime(end, '2025-03-01T12:01:00Z')).toEqual(end);
  });

  it('returns null for invalid dates', () => {
    expect(extendedEndTime('soon', end)).toBeNull();
    expect(extendedEndTime(end, Number.NaN)).toBeNull();
  });
});

describe('bidderDisplay (000 §3 "Name \'none\' = anonymous bidder")', () => {
  it("shows 'none' as 'Anonymous', not clickable", () => {
    expect(bidderDisplay({ name: 'none', profile_url: 'none' })).toEqual({
      name: 'Anonymous',
      clickable: false,
    });
  });

  it('shows other bidders by name, clickable with a profile', () => {
    expect(bidderDisplay({ name: 'Ada', profile_url: 'ada' })).toEqual({ name: 'Ada', clickable: true });
    expect(bidderDisplay({ name: 'Ada' })).toEqual({ name: 'Ada', clickable: false });
  });
});

describe('leaderboardThresholds', () => {
  it('uses the starting minimum while a slot is free, then the last placed bid plus the increment', () => {
    expect(leaderboardThresholds([], 3, 1_000, 100)).toEqual({
      firstPlaceBid: null,
      leaderboardMinBid: 1_000,
    });
    expect(leaderboardThresholds([2_000, 1_500], 3, 1_000, 100)).toEqual({
      firstPlaceBid: 2_100,
      leaderboardMinBid: 1_000,
    });
    expect(leaderboardThresholds([2_000, 1_500, 1_200], 3, 1_000, 100)).toEqual({
      firstPlaceBid: 2_100,
      leaderboardMinBid: 1_300,
    });
  });

  it('with one slot gives minimumBid’s answer', () => {
    for (const highest of [null, 0, 500, 1_000, 4_321]) {
      const active = highest === null ? [] : [highest];
      expect(leaderboardThresholds(active, 1, 1_000, 250).leaderboardMinBid).toBe(
        minimumBid({ highestBid: highest, bidIncrement: 250, minimumBid: 1_000 }),
      );
    }
  });
});

describe('bidAllowance', () => {
  it('is null for an exempt bidder, the override when set, else the default', () => {
    expect(bidAllowance({ isBidSafetyNetExempt: true, maxBidAllowanceOverrideInCents: 5 })).toBeNull();
    expect(bidAllowance({ isBidSafetyNetExempt: false, maxBidAllowanceOverrideInCents: 5_000 })).toBe(5_000);
    expect(bidAllowance({ isBidSafetyNetExempt: false, maxBidAllowanceOverrideInCents: null })).toBe(
      DEFAULT_BID_ALLOWANCE_CENTS,
    );
  });
});
