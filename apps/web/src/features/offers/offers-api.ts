// The offer calls the web app makes (/work contract "offers", docs/decisions/009 "Offers"): make, list,
// cancel, the tokens a global offer could buy, and accepting a bid (000 §7 accept-bid). Writes need a bearer
// token (withAuthRetry refreshes it once on a 401) and carry an Idempotency-Key (decision 007).
import type { Page } from '@vitrine/domain/catalog-responses';
import type { AcceptBidAnswer, EligibleNifty, Offer, OfferStatus } from '@vitrine/domain/trading-responses';
import { api, isApiError } from '../../app/api-client';
import { withAuthRetry } from '../auth/authed-request';
import { authKeys } from '../auth/query-keys';

/** An offer as the API answers it; its id is its purchase intent's id (000 §3). */
export type { AcceptBidAnswer, EligibleNifty, Offer, OfferStatus };

export type OfferPaymentMethod = 'balance' | 'stripe_card';

/** The traits an attribute offer may name (the API's OFFER_TRAITS: the token traits the store keeps). */
export const OFFER_TRAITS = [{ key: 'mass', label: 'Mass' }] as const;
export type OfferTrait = (typeof OFFER_TRAITS)[number]['key'];

export type OfferTarget =
  | { type: 'offer'; contractAddress: string; tokenId: string }
  | { type: 'global_offer'; contractAddress: string; niftyType: string }
  | { type: 'attribute'; contractAddress: string; attribute: { trait_type: OfferTrait; value: string } };

export interface NewOffer {
  target: OfferTarget;
  /** Major units as typed: '12.50'. */
  amount: string;
  expiresInDays: number;
  paymentMethod: OfferPaymentMethod;
  /** The tokenised card (pm_sim_…) for a card-backed offer. */
  paymentToken?: string;
  /** The user action's key: the same when the same offer is sent again after a lost answer (decision 007). */
  idempotencyKey?: string;
}

export interface AcceptBidInput {
  bidId: number;
  contractAddress: string;
  tokenId: string;
  /** The amount the owner was shown: an offer changed since is refused (409 offer-changed), never sold at its new amount. */
  expectedAmountInCents: number;
  twoFactorCode?: string;
}

export const OFFER_PAGE_SIZE = 10;

/** A key per user action, so a repeated request (a retry, a double click) runs once (decision 007). */
const once = () => ({ headers: { 'Idempotency-Key': crypto.randomUUID() } });

export const offersApi = {
  create: (input: NewOffer) =>
    withAuthRetry(() =>
      api.post<{ offer: Offer }>(
        '/v2/offer',
        {
          ...input.target,
          amount: { amount: input.amount, currency: 'USD' },
          expiresInDays: input.expiresInDays,
          payment_method: input.paymentMethod,
          ...(input.paymentToken ? { payment_token: input.paymentToken } : {}),
        },
        input.idempotencyKey ? { headers: { 'Idempotency-Key': input.idempotencyKey } } : once(),
      ),
    ),
  /**
   * Opens an offer made by a card that asked for its bank's verification (3-D Secure), once the step is done. `key`:
   * the press's own, so a click whose answer was lost is sent again as the same request.
   */
  completeAction: (purchaseIntentId: number, key: string) =>
    withAuthRetry(() =>
      api.post<{ offer: Offer }>(`/v2/offer/${purchaseIntentId}/complete-action`, undefined, {
        headers: { 'Idempotency-Key': key },
      }),
    ),
  /** Public: the open offers that could buy a token, highest first. */
  onToken: (contractAddress: string, tokenId: string, page: number, signal?: AbortSignal) =>
    api.get<Page<Offer>>('/v2/offer', {
      query: { contractAddress, tokenId, page, page_size: OFFER_PAGE_SIZE },
      ...(signal ? { signal } : {}),
    }),
  /**
   * Public: whether a collection's NFTs carry a trait an attribute offer can name (a mass, 001 §2): the
   * explore search's count of its NFTs with one.
   */
  tokensWithTraits: async (contractAddress: string, signal?: AbortSignal) =>
    (
      await api.get<{ count: number }>('/v1/explore/nfts/', {
        query: { contractAddress, minMass: 0, page_size: 1 },
        ...(signal ? { signal } : {}),
      })
    ).count,
  /** Public: the open global offers on a nifty type, highest first. */
  onNiftyType: (contractAddress: string, niftyType: number, page: number, signal?: AbortSignal) =>
    api.get<Page<Offer>>('/v2/offer', {
      query: { contractAddress, niftyType, page, page_size: OFFER_PAGE_SIZE },
      ...(signal ? { signal } : {}),
    }),
  mine: (scope: 'made' | 'received', status: 'open' | 'all', page: number, signal?: AbortSignal) =>
    withAuthRetry(() =>
      api.get<Page<Offer>>('/v2/offer', {
        query: { scope, status, page, page_size: OFFER_PAGE_SIZE },
        ...(signal ? { signal } : {}),
      }),
    ),
  /**
   * A new amount for your open offer (its hold or card authorisation follows, decision 009 "Offers"). A card
   * offer's new amount carries the card again (its token) and the action's key: sent again after a lost answer,
   * the card is authorised once.
   */
  reprice: (purchaseIntentId: number, cents: number, card?: { paymentToken: string; key: string }) =>
    withAuthRetry(() =>
      api.patch<{ offer: Offer }>(
        `/v2/offer/${purchaseIntentId}`,
        {
          amount: { amount: (cents / 100).toFixed(2), currency: 'USD' },
          ...(card ? { payment_token: card.paymentToken } : {}),
        },
        card ? { headers: { 'Idempotency-Key': card.key } } : once(),
      ),
    ),
  cancel: (purchaseIntentId: number) =>
    withAuthRetry(() =>
      api.delete<{ offer: Offer }>('/v2/offer', {
        query: { purchase_intent_id: purchaseIntentId },
        ...once(),
      }),
    ),
  eligibleNifties: (purchaseIntentId: number, signal?: AbortSignal) =>
    withAuthRetry(() =>
      api.get<Page<EligibleNifty>>(`/v2/offer/${purchaseIntentId}/eligible-nifties`, {
        query: { page_size: 50 },
        ...(signal ? { signal } : {}),
      }),
    ),
  /** The caller's NFTs of a nifty type that a global offer on it could buy (000 §7); one is enough to know. */
  eligibleOfNiftyType: (contractAddress: string, niftyType: number, signal?: AbortSignal) =>
    withAuthRetry(() =>
      api.get<Page<EligibleNifty>>('/user/nifties-captured-by-bid/', {
        query: { contract_address: contractAddress, nifty_type: niftyType, page_size: 1 },
        ...(signal ? { signal } : {}),
      }),
    ),
  acceptBid: (input: AcceptBidInput) =>
    withAuthRetry(() =>
      api.post<AcceptBidAnswer>(
        '/user/accept-bid/',
        {
          bid_id: input.bidId,
          contractAddress: input.contractAddress,
          tokenId: input.tokenId,
          expected_amount_in_cents: input.expectedAmountInCents,
          ...(input.twoFactorCode ? { twoFactorCode: input.twoFactorCode } : {}),
        },
        once(),
      ),
    ),
};

/** 000 §5: an offer made again for an NFT already offered is an error whose code starts `pui_`. */
export function isDuplicateOffer(error: unknown): boolean {
  return isApiError(error) && typeof error.errorType === 'string' && error.errorType.startsWith('pui_');
}

/** Public offer lists are shared by everyone; the user's own live under the user's keys (dropped on sign-out). */
export const offerKeys = {
  all: () => ['offers'] as const,
  onToken: (contractAddress: string, tokenId: string) =>
    [...offerKeys.all(), 'token', contractAddress.toLowerCase(), tokenId] as const,
  onNiftyType: (contractAddress: string, niftyType: number) =>
    [...offerKeys.all(), 'nifty-type', contractAddress.toLowerCase(), niftyType] as const,
  traits: (contractAddress: string) => [...offerKeys.all(), 'traits', contractAddress.toLowerCase()] as const,
  mine: () => [...authKeys.user(), 'offers'] as const,
  minePage: (scope: string, status: string, page: number) =>
    [...offerKeys.mine(), scope, status, page] as const,
  eligible: (purchaseIntentId: number) => [...offerKeys.mine(), 'eligible', purchaseIntentId] as const,
  eligibleOfNiftyType: (contractAddress: string, niftyType: number) =>
    [...offerKeys.mine(), 'eligible-of-type', contractAddress.toLowerCase(), niftyType] as const,
};

/** A token's name with its edition number, once: 'Salt Line #11' stays so (many names carry it already). */
export function withEdition(name: string, editionNumber: number | null): string {
  if (editionNumber === null || name.endsWith(`#${editionNumber}`)) return name;
  return `${name} #${editionNumber}`;
}

/** What the offer is for, as a line of text: an offer on one NFT names its edition ('Skagsanden #3'). */
export function offerTargetText(
  offer: Pick<Offer, 'attribute' | 'type' | 'nifty' | 'editionNumber'> & Partial<Pick<Offer, 'collection'>>,
): string {
  // A trait value is in one collection: named (QA 2026-12-07: 'mass: 58' alone did not say which).
  if (offer.attribute) {
    const trait = `${offer.attribute.trait_type}: ${offer.attribute.value}`;
    return offer.collection?.name ? `${trait} in ${offer.collection.name}` : trait;
  }
  if (offer.type === 'global_offer') return `Any edition of ${offer.nifty.name}`;
  return withEdition(offer.nifty.name, offer.editionNumber);
}
