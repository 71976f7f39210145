import { describe, expect, it } from 'vitest';
import { yourBidText } from './your-bid';

const bid = (currently_active: boolean, status: string) => ({
  id: 1,
  amount_in_cents: 1_000,
  currently_active,
  status,
});

describe("the bidder's own state line", () => {
  it('a 1/1 auction: the highest bidder while active or won, outbid otherwise', () => {
    expect(yourBidText('auction', bid(true, 'active'))).toEqual({
      text: "You're the highest bidder",
      winning: true,
    });
    expect(yourBidText('auction', bid(false, 'won'))).toEqual({ text: 'Your bid won', winning: true });
    expect(yourBidText('auction', bid(false, 'outbid'))).toEqual({
      text: "You've been outbid",
      winning: false,
    });
  });

  it('ranked and silent auctions: within or outside the winning places', () => {
    expect(yourBidText('ranked_auction', bid(true, 'active'))?.text).toBe('Your bid is in a winning place');
    expect(yourBidText('silent_auction', bid(false, 'outbid'))?.text).toBe(
      'Your bid is outside the winning places',
    );
  });

  it('once settled, the outcome, whatever the auction', () => {
    expect(yourBidText('silent_auction', bid(false, 'won'))).toEqual({ text: 'Your bid won', winning: true });
    expect(yourBidText('ranked_auction', bid(false, 'lost'))).toEqual({
      text: 'Your bid did not win',
      winning: false,
    });
    // A win whose card could never be charged (it was 'outbid').
    expect(yourBidText('auction', bid(false, 'forfeited'))).toEqual({
      text: 'Your win was forfeited: your card could not be charged',
      winning: false,
    });
  });

  it('nothing without a bid of the viewer', () => {
    expect(yourBidText('auction', null)).toBeNull();
    expect(yourBidText('ranked_auction', undefined)).toBeNull();
  });
});
