// The drawing calls of the web app (decision 013): a drawing's public state (commitment, counts, and after
// the draw the seed and winners), its entries a page at a time, the ids of every entry once drawn (to verify
// the draw), the viewer's eligibility for it and the entry (signed in).
import type { NiftyEligibility, Page } from '@vitrine/domain/catalog-responses';
import type {
  CardVerificationRequired,
  Drawing,
  DrawingEntry,
  DrawingEntryIds,
} from '@vitrine/domain/trading-responses';
import { api } from '../../app/api-client';
import { withAuthRetry } from '../auth/authed-request';

export type { CardVerificationRequired, Drawing, DrawingEntry };

/** The results page's entries table: 50 a page. */
export const DRAWING_ENTRIES_PAGE_SIZE = 50;

export interface EntryPayment {
  paymentMethod: 'balance' | 'stripe_card';
  paymentToken?: string;
  /** The card verification (3-D Secure) the entrant completed after a 202: it backs the entry sent again. */
  cardVerificationId?: number;
}

/** A drawing's results page (DrawingPage): its entries, and once drawn the seed, the winners and 'Verified'. */
export const drawingResultsPath = (contractAddress: string, niftyType: number) =>
  `/drawing/${encodeURIComponent(contractAddress)}/${niftyType}`;

const path = (contractAddress: string, niftyType: number) =>
  `/drawings/${encodeURIComponent(contractAddress)}/${niftyType}/`;

export const drawingsApi = {
  get: (contractAddress: string, niftyType: number) => api.get<Drawing>(path(contractAddress, niftyType)),
  /** One page of the entries, by id ascending. */
  entries: (contractAddress: string, niftyType: number, page: number, signal?: AbortSignal) =>
    api.get<Page<DrawingEntry>>(`${path(contractAddress, niftyType)}entries/`, {
      query: { page, page_size: DRAWING_ENTRIES_PAGE_SIZE },
      ...(signal ? { signal } : {}),
    }),
  /** The viewer's eligibility for the drawing's nifty (decision 015): what its Enter button goes by, as a drop card's. */
  eligibility: (contractAddress: string, niftyType: number, signal?: AbortSignal) =>
    api.get<NiftyEligibility>(
      `/v2/eligibility/${encodeURIComponent(contractAddress)}/${niftyType}/`,
      signal ? { signal } : {},
    ),
  /** Every entry id of a drawn drawing, ascending (the API refuses them before the draw). */
  entryIds: (contractAddress: string, niftyType: number, signal?: AbortSignal) =>
    api.get<DrawingEntryIds>(`${path(contractAddress, niftyType)}entry-ids/`, signal ? { signal } : {}),
  /**
   * An entry backed by the balance (a hold) or by a tokenised card (an authorisation), 000 §5. `idempotencyKey`:
   * one per user action (pressed again after a lost answer, the same entry sends the same key). A card whose bank
   * asks for a verification first answers 202: nothing entered until it is sent again with `cardVerificationId`.
   */
  enter: (
    contractAddress: string,
    niftyType: number,
    payment?: EntryPayment,
    idempotencyKey: string = crypto.randomUUID(),
  ) =>
    withAuthRetry(() =>
      api.post<Drawing | CardVerificationRequired>(
        `${path(contractAddress, niftyType)}entries/`,
        payment
          ? {
              payment_method: payment.paymentMethod,
              ...(payment.paymentToken ? { payment_token: payment.paymentToken } : {}),
              ...(payment.cardVerificationId === undefined
                ? {}
                : { card_verification_id: payment.cardVerificationId }),
            }
          : undefined,
        { headers: { 'Idempotency-Key': idempotencyKey } },
      ),
    ),
};

export const drawingsKeys = {
  all: () => ['drawings'] as const,
  drawing: (contractAddress: string, niftyType: number, signedIn: boolean) =>
    ['drawings', contractAddress.toLowerCase(), niftyType, signedIn] as const,
  entries: (contractAddress: string, niftyType: number, page: number) =>
    ['drawings', contractAddress.toLowerCase(), niftyType, 'entries', page] as const,
  entryIds: (contractAddress: string, niftyType: number) =>
    ['drawings', contractAddress.toLowerCase(), niftyType, 'entry-ids'] as const,
  eligibility: (contractAddress: string, niftyType: number, signedIn: boolean) =>
    ['drawings', contractAddress.toLowerCase(), niftyType, 'eligibility', signedIn] as const,
};
