// The signed-in bidder's own state on an auction (docs/decisions/012-bids.md "The bidder's own state"): from
// the bid info's `yourBid` (000 §3 Bid `currently_active` and `status` of the viewer's newest bid). The spec
// gives no text for it; these are the project's.
import type { AuctionState } from './bids-api';

export const YOUR_BID_TEXTS = {
  leading: "You're the highest bidder",
  outbid: "You've been outbid",
  inWinningPlace: 'Your bid is in a winning place',
  outsideWinningPlaces: 'Your bid is outside the winning places',
  won: 'Your bid won',
  lost: 'Your bid did not win',
  // Its card could never be charged (decision 012): the edition was released.
  forfeited: 'Your win was forfeited: your card could not be charged',
} as const;

/**
 * The line a bidder reads on the drop card and in the Place Bid dialog, or null without a bid of theirs.
 * Winning: the bid is active (the highest for a 1/1 auction; within the winning places for ranked and silent
 * auctions) or, once settled, won. Else (outbid, lost) it is not.
 */
export function yourBidText(
  saleType: string,
  yourBid: AuctionState['yourBid'] | undefined,
): { text: string; winning: boolean } | null {
  if (!yourBid) return null;
  // Once settled, the outcome: the places' words are for an auction still open (QA 2026-12-07: an ended silent
  // auction's winner read 'Your bid is in a winning place').
  if (yourBid.status === 'won') return { text: YOUR_BID_TEXTS.won, winning: true };
  if (yourBid.status === 'lost') return { text: YOUR_BID_TEXTS.lost, winning: false };
  if (yourBid.status === 'forfeited') return { text: YOUR_BID_TEXTS.forfeited, winning: false };
  const winning = yourBid.currently_active;
  if (saleType === 'auction')
    return { text: winning ? YOUR_BID_TEXTS.leading : YOUR_BID_TEXTS.outbid, winning };
  return {
    text: winning ? YOUR_BID_TEXTS.inWinningPlace : YOUR_BID_TEXTS.outsideWinningPlaces,
    winning,
  };
}
