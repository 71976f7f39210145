// The bid calls the web app makes (issue 15, docs/decisions/012-bids.md): bid and auction info, the bid
// table, the ranked leaderboard, placing a bid (bearer token; an Idempotency-Key per user action).
import type {
  AuctionState,
  Bid,
  BidInfo,
  BidPage,
  CardVerificationRequired,
  PlacedBid,
} from '@vitrine/domain/trading-responses';
import { api } from '../../app/api-client';
import { withAuthRetry } from '../auth/authed-request';

export type { AuctionState, Bid, BidInfo, BidPage, CardVerificationRequired, PlacedBid };

export type BidPaymentMethod = 'balance' | 'stripe_card';

export interface NewBid {
  contractAddress: string;
  niftyType: number;
  /** Major units as typed: '12.50'. */
  amount: string;
  paymentMethod: BidPaymentMethod;
  paymentToken?: string;
  /** The card verification (3-D Secure) the bidder completed after a 202: it backs the bid sent again. */
  cardVerificationId?: number;
}

export const BID_PAGE_SIZE = 20;

export const bidsApi = {
  info: (contractAddress: string, niftyType: number, signal?: AbortSignal) =>
    api.get<AuctionState>('/v2/bids/info', {
      query: { contractAddress, niftyType },
      ...(signal ? { signal } : {}),
    }),
  list: (contractAddress: string, niftyType: number, page: number, signal?: AbortSignal) =>
    api.get<BidPage>('/v2/bids', {
      query: { contractAddress, niftyType, page, page_size: BID_PAGE_SIZE },
      ...(signal ? { signal } : {}),
    }),
  leaderboard: (contractAddress: string, niftyType: number, signal?: AbortSignal) =>
    api.get<BidPage>('/v2/bids/leaderboard', {
      query: { contractAddress, niftyType, page_size: 100 },
      ...(signal ? { signal } : {}),
    }),
  /** `idempotencyKey`: one per user action (a retry of the same bid sends the same key). */
  /**
   * Placed (201), or (202) the card asks for its bank's verification first: nothing placed until the bid is sent
   * again with `cardVerificationId` once the step is done.
   */
  place: (input: NewBid, idempotencyKey: string = crypto.randomUUID()) =>
    withAuthRetry(() =>
      api.post<PlacedBid | CardVerificationRequired>(
        '/v2/bids',
        {
          contractAddress: input.contractAddress,
          niftyType: input.niftyType,
          amount: { amount: input.amount, currency: 'USD' },
          payment_method: input.paymentMethod,
          ...(input.paymentToken ? { payment_token: input.paymentToken } : {}),
          ...(input.cardVerificationId === undefined
            ? {}
            : { card_verification_id: input.cardVerificationId }),
        },
        { headers: { 'Idempotency-Key': idempotencyKey } },
      ),
    ),
};

export const bidKeys = {
  all: () => ['bids'] as const,
  of: (contractAddress: string, niftyType: number) =>
    [...bidKeys.all(), contractAddress.toLowerCase(), niftyType] as const,
  info: (contractAddress: string, niftyType: number) =>
    [...bidKeys.of(contractAddress, niftyType), 'info'] as const,
  list: (contractAddress: string, niftyType: number, page: number) =>
    [...bidKeys.of(contractAddress, niftyType), 'list', page] as const,
  leaderboard: (contractAddress: string, niftyType: number) =>
    [...bidKeys.of(contractAddress, niftyType), 'leaderboard'] as const,
};

/**
 * The bid table of an auction nifty (000 §2 "Bid tables", decision 012): the leaderboard /rankedbid/ for a
 * ranked auction, the bid list /auctionbid/ for an auction or a silent auction.
 */
export function bidTablePath(contractAddress: string, niftyType: number, saleType: string): string {
  const query = new URLSearchParams({ contractAddress, niftyType: String(niftyType) });
  return `${saleType === 'ranked_auction' ? '/rankedbid/' : '/auctionbid/'}?${query.toString()}`;
}

/** Cents as the amount field's text: 1250 → '12.50'. */
export function centsText(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}
