// The drawing calls of the web app (decision 013): a drawing's public state (commitment, entries, and after
// the draw the seed and winners) and the entry (signed in).
import { api } from '../../app/api-client';
import { withAuthRetry } from '../auth/authed-request';

export interface Drawing {
  contractAddress: string;
  niftyType: number;
  name: string;
  dropType: string;
  startDate: string | null;
  endDate: string | null;
  status: 'upcoming' | 'open' | 'closed' | 'drawn';
  priceInCents: number;
  editionSize: number;
  commitment: string;
  seed: string | null;
  drawnAt: string | null;
  editionsDrawn: number | null;
  /** forfeited: drawn, payment refused, edition passed on; promoted: next in the draw order after a forfeit. */
  entries: {
    id: number;
    username: string;
    status: 'entered' | 'won' | 'lost' | 'forfeited';
    promoted: boolean;
  }[];
  winners: number[];
  saleDetails: { price: number; userEntriesUnused: number; userEntriesUsed: number; totalEntries: number };
  validated: boolean | null;
}

export interface EntryPayment {
  paymentMethod: 'balance' | 'stripe_card';
  paymentToken?: string;
}

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
