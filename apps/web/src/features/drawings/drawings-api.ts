// The drawing calls of the web app (decision 013): a drawing's public state (commitment, entries, and after
// the draw the seed and winners) and the entry (signed in).
import type { Drawing } from '@vitrine/domain/trading-responses';
import { api } from '../../app/api-client';
import { withAuthRetry } from '../auth/authed-request';

export type { Drawing };

export interface EntryPayment {
  paymentMethod: 'balance' | 'stripe_card';
  paymentToken?: string;
}

/** A drawing's results page (DrawingPage): its entries, and once drawn the seed, the winners and 'Verified'. */
export const drawingResultsPath = (contractAddress: string, niftyType: number) =>
  `/drawing/${encodeURIComponent(contractAddress)}/${niftyType}`;

const path = (contractAddress: string, niftyType: number) =>
  `/drawings/${encodeURIComponent(contractAddress)}/${niftyType}/`;

export const drawingsApi = {
  get: (contractAddress: string, niftyType: number) => api.get<Drawing>(path(contractAddress, niftyType)),
  /** An entry backed by the balance (a hold) or by a tokenised card (an authorisation), 000 §5. */
  enter: (contractAddress: string, niftyType: number, payment?: EntryPayment) =>
    withAuthRetry(() =>
      api.post<Drawing>(
        `${path(contractAddress, niftyType)}entries/`,
        payment
          ? {
              payment_method: payment.paymentMethod,
              ...(payment.paymentToken ? { payment_token: payment.paymentToken } : {}),
            }
          : undefined,
      ),
    ),
};

export const drawingsKeys = {
  all: () => ['drawings'] as const,
  drawing: (contractAddress: string, niftyType: number, signedIn: boolean) =>
    ['drawings', contractAddress.toLowerCase(), niftyType, signedIn] as const,
};
