// Live updates (issue 15): the topics and events the API pushes to open pages (server-sent events)
// and the in-app alerts; shared by the API, which publishes them, and the web app, which reads them.

/** Topic names: one per sold thing, drop and user. Contract addresses are lower-cased. */
export const topics = {
  nifty: (contractAddress: string, niftyType: number) =>
    `nifty:${contractAddress.toLowerCase()}:${niftyType}`,
  drop: (dropId: number) => `drop:${dropId}`,
  user: (userId: number) => `user:${userId}`,
};

export type AlertKind =
  | 'outbid'
  | 'ending-soon'
  | 'won'
  | 'lost'
  | 'drawing-result'
  | 'drop-live'
  /** The seller's NFT sold (Buy Now or an accepted offer): their balance moved. */
  | 'sold';

export type LiveEvent =
  /** A new bid (amount in cents; bidder null when anonymous). */
  | {
      type: 'bid';
      data: {
        contractAddress: string;
        niftyType: number;
        amountInCents: number;
        bidderUsername: string | null;
        placedAt: string;
      };
    }
  /** The sale's state after a bid or a settlement: highest bid, end time (moved by a late bid), bid count. */
  | {
      type: 'auction';
      data: {
        contractAddress: string;
        niftyType: number;
        highestBidInCents: number | null;
        endsAt: string;
        bidCount: number;
      };
    }
  /** Editions sold of a nifty after a sale or mint. */
  | { type: 'sold'; data: { contractAddress: string; niftyType: number; sold: number; editionSize: number } }
  /**
   * A token of the nifty changed hands or listing (listed, repriced, cancelled, sold, an offer accepted, moved):
   * an open item page reads it again, so a sold NFT does not keep offering Buy Now.
   */
  | { type: 'token'; data: { contractAddress: string; niftyType: number; tokenId: string } }
  /** An alert for one user (topic user:{id}). */
  | { type: 'alert'; data: { kind: AlertKind; message: string; link: string | null } };
