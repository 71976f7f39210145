// The trading calls the web app makes (docs/decisions/009-trading-and-ledger.md): listings, Buy Now's
// listing match, paying a purchase intent, and the card's tokenisation (Stripe's, or the simulated processor's). Writes
// need a bearer token (withAuthRetry refreshes it once on a 401).
import { type PaymentMethod, SIM_EXTERNAL_TOKENS } from '@vitrine/domain';
import type {
  GeminiAccountAnswer,
  Listing,
  ListingHold,
  ListingMatch,
  PurchaseIntent,
  PurchaseIntentStatus,
  Quote,
  SaleProceeds,
  SimPaymentMethod,
} from '@vitrine/domain/trading-responses';
import { api } from '../../app/api-client';
import { withAuthRetry } from '../auth/authed-request';
import { authKeys } from '../auth/query-keys';
import { StripeCard } from './stripe-card';

export type { Listing, ListingHold, ListingMatch, PurchaseIntent, PurchaseIntentStatus, Quote, SaleProceeds };

/** The simulated processor's tokenised card: no number, only what may be shown. */
export type CardToken = SimPaymentMethod;

export type ListingCurrency = 'USD' | 'ETH';

export interface ListingPrice {
  /** In major units, as typed: '125', '0.25'. */
  amount: string;
  currency: ListingCurrency;
}

/** A card typed in our own fields, for the simulated processor's tokenise call. */
export interface TypedCard {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** The card to pay with: typed (the simulated processor) or in Stripe's fields (Stripe, stripe-card.ts). */
export type CardInput = TypedCard | StripeCard;

/** A key per user action, so a repeated request (a retry, a double click) runs once (decision 007). */
const once = () => ({ headers: { 'Idempotency-Key': crypto.randomUUID() } });

export const tradingApi = {
  createListing: (contractAddress: string, tokenId: string, price: ListingPrice) =>
    withAuthRetry(() => api.post<Listing>('/v2/listings', { contractAddress, tokenId, price }, once())),
  repriceListing: (listingId: number, price: ListingPrice) =>
    withAuthRetry(() => api.patch<Listing>(`/v2/listings/${listingId}`, { price }, once())),
  /** A discount off the list price (000 §3 listingDiscount), in the listing's currency; null removes it. */
  setListingDiscount: (listingId: number, discount: ListingPrice | null) =>
    withAuthRetry(() => api.patch<Listing>(`/v2/listings/${listingId}`, { discount }, once())),
  cancelListing: (listingId: number) =>
    withAuthRetry(() => api.delete<Listing>(`/v2/listings/${listingId}`, once())),
  /** 000 §7 set-nifty-sm-pref: whether the owner takes offers on this NFT. */
  setAcceptingOffers: (contractAddress: string, tokenId: string, isAcceptingOffers: boolean) =>
    withAuthRetry(() =>
      api.post<{ isAcceptingOffers: boolean }>(
        '/user/set-nifty-sm-pref/',
        { contractAddress, tokenId, isAcceptingOffers },
        once(),
      ),
    ),
  listingMatch: (listingId: number) =>
    withAuthRetry(() => api.post<ListingMatch>('/v2/listing-match/', { listing_id: listingId }, once())),
  /** A primary purchase intent for editions of a drop's nifty (fcfs): holds them for 15 minutes. */
  createPurchaseIntent: (contractAddress: string, niftyType: number, requestedQuantity = 1) =>
    withAuthRetry(() =>
      api.post<PurchaseIntent>(
        '/payments/purchase-intents/',
        { contract_address: contractAddress, nifty_type: niftyType, requested_quantity: requestedQuantity },
        once(),
      ),
    ),
  getPurchaseIntent: (id: number, signal?: AbortSignal) =>
    withAuthRetry(() =>
      api.get<PurchaseIntent>(`/payments/purchase-intents/?id=${id}`, signal ? { signal } : {}),
    ),
  /** A new quantity: re-quoted, editions held or given back. */
  setQuantity: (id: number, requestedQuantity: number) =>
    withAuthRetry(() =>
      api.patch<PurchaseIntent>(
        '/payments/purchase-intents/',
        { purchase_intent_id: id, requested_quantity: requestedQuantity },
        once(),
      ),
    ),
  /** Whether the listing is on hold for this viewer (000 §4): read per viewer, never cached by the API. */
  listingHold: (listingId: number, signal?: AbortSignal) =>
    api.get<ListingHold>(`/v2/listings/${listingId}/hold`, signal ? { signal } : {}),
  getListingMatch: (id: number, signal?: AbortSignal) =>
    withAuthRetry(() => api.get<ListingMatch>(`/v2/listing-match/${id}`, signal ? { signal } : {})),
  /** The intent's payment state (000 §7 `GET /v2/purchase-intent/{id}/status`), polled by the checkout. */
  intentStatus: (id: number, tokenId: string, signal?: AbortSignal) =>
    withAuthRetry(() =>
      api.get<PurchaseIntentStatus>(
        `/v2/purchase-intent/${id}/status?tokenId=${encodeURIComponent(tokenId)}`,
        signal ? { signal } : {},
      ),
    ),
  /**
   * The card goes to the processor only (Stripe in the browser, or the simulated processor's endpoint); our calls
   * get its token.
   */
  tokenizeCard: (card: CardInput): Promise<{ id: string }> =>
    card instanceof StripeCard
      ? import('./stripe-js').then(({ stripePaymentMethod }) => stripePaymentMethod(card))
      : withAuthRetry(() =>
          api.post<CardToken>('/sim-card-processor/payment_methods', {
            number: card.number,
            exp_month: card.expMonth,
            exp_year: card.expYear,
            cvc: card.cvc,
          }),
        ),
  /**
   * Gives up a bid's or a drawing entry's card verification (3-D Secure) closed without completing: its card is
   * released at once instead of held until the API's sweep (half an hour).
   */
  giveUpCardVerification: (id: number) =>
    withAuthRetry(() =>
      api.delete<{ cardVerificationId: number; status: string }>(`/v2/card-verifications/${id}`, {
        headers: { 'Idempotency-Key': crypto.randomUUID() },
      }),
    ),
  /** Pays an intent; `expectedTotalInCents` is the total the buyer was shown (the server refuses another). */
  pay: (intentId: number, method: PaymentMethod, paymentToken?: string, expectedTotalInCents?: number) =>
    withAuthRetry(() =>
      api.post<PurchaseIntent>(
        `/v2/purchase-intent/${intentId}/pay`,
        {
          payment_method: method,
          ...(paymentToken ? { payment_token: paymentToken } : {}),
          ...(expectedTotalInCents !== undefined ? { expected_total_in_cents: expectedTotalInCents } : {}),
        },
        once(),
      ),
    ),
  /** The seller's fee dialog (000 §7 POST /user/sale-proceeds-amount/): what a sale at this price pays out. */
  saleProceeds: (contractAddress: string, tokenId: string, saleAmountInCents: number) =>
    withAuthRetry(() =>
      api.post<SaleProceeds>('/user/sale-proceeds-amount/', { contractAddress, tokenId, saleAmountInCents }),
    ),
  /** Whether the buyer's Gemini account is connected (a Gemini balance payment charges it). */
  geminiAccount: (signal?: AbortSignal) =>
    withAuthRetry(() => api.get<GeminiAccountAnswer>('/user/gemini-account/', signal ? { signal } : {})),
  /**
   * Connects the buyer's Gemini account with the grant Gemini's sign-in hands over (000 §7). Gemini is simulated
   * (decision 009): its sign-in, once allowed, hands over the funded test account's token.
   */
  connectGemini: () =>
    withAuthRetry(() =>
      api.post<GeminiAccountAnswer>('/user/connect-gemini-account/', {
        scope: 'balances:read payments:create',
        access_token: SIM_EXTERNAL_TOKENS.geminiFunded,
        expires_in: 3600,
      }),
    ),
  disconnectGemini: () => withAuthRetry(() => api.delete<GeminiAccountAnswer>('/user/gemini-account/')),
  completeAction: (intentId: number) =>
    withAuthRetry(() =>
      api.post<PurchaseIntent>(`/v2/purchase-intent/${intentId}/complete-action`, undefined, once()),
    ),
  /** Gives up the card's second step: the checkout is open again, and a listing it held is free for others. */
  cancelAction: (intentId: number) =>
    withAuthRetry(() =>
      api.post<PurchaseIntent>(`/v2/purchase-intent/${intentId}/cancel-action`, undefined, once()),
    ),
};

/** The buyer's intents live under the user's keys: signing out drops them (auth/query-keys.ts). */
export const tradingKeys = {
  listingMatches: () => [...authKeys.user(), 'listing-match'] as const,
  listingMatch: (id: number) => [...tradingKeys.listingMatches(), id] as const,
  purchaseIntents: () => [...authKeys.user(), 'purchase-intent'] as const,
  purchaseIntent: (id: number) => [...tradingKeys.purchaseIntents(), id] as const,
  intentStatus: (id: number) => [...tradingKeys.listingMatches(), id, 'status'] as const,
  /** Per viewer (the holder is not on hold), so under the user's keys. */
  listingHold: (listingId: number) => [...authKeys.user(), 'listing-hold', listingId] as const,
  geminiAccount: () => [...authKeys.user(), 'gemini-account'] as const,
  saleProceeds: (contractAddress: string, tokenId: string, priceInCents: number) =>
    [...authKeys.user(), 'sale-proceeds', contractAddress.toLowerCase(), tokenId, priceInCents] as const,
};

/**
 * The checkout page of a primary purchase intent (000 §2):
 * /checkout/{contractAddress}/{niftyType}?piid={purchaseIntentId}, the current page's other query parameters
 * preserved (`search`: the query string of the page the buyer came from).
 */
export function primaryCheckoutPath(
  contractAddress: string,
  niftyType: number,
  purchaseIntentId: number,
  search = '',
): string {
  const params = new URLSearchParams(search);
  params.set('piid', String(purchaseIntentId));
  return `/checkout/${encodeURIComponent(contractAddress)}/${niftyType}?${params.toString()}`;
}

/**
 * The checkout page of a listing match (000 §2), the other query parameters of `search` (a query string)
 * kept.
 */
export function listingCheckoutPath(
  contractAddress: string,
  tokenId: string,
  listingMatchId: number,
  search = '',
): string {
  const params = new URLSearchParams(search);
  params.set('piid', String(listingMatchId));
  return `/listing-checkout/${encodeURIComponent(contractAddress)}/${encodeURIComponent(tokenId)}/?${params.toString()}`;
}

/** Whether a checkout URL's contract address and token id (or nifty type) name the intent's own. */
export function sameToken(
  own: { contractAddress: string; id: string },
  url: { contractAddress: string; id: string },
): boolean {
  return own.contractAddress.toLowerCase() === url.contractAddress.toLowerCase() && own.id === url.id;
}
