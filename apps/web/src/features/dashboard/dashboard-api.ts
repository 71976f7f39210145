// The dashboard's calls (issue #14; decision 009): the seller's sales, the buyer's paid purchase intents,
// every balance movement, the user's listed NFTs, and adding funds or cashing out. Everything lives under
// the user's query keys, so signing out drops it.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ExplorePage, Page } from '@vitrine/domain/catalog-responses';
import type {
  BalanceAnswer,
  BalanceState,
  DashboardSale,
  Movement,
  PurchaseIntent,
} from '@vitrine/domain/trading-responses';
import { api } from '../../app/api-client';
import { withAuthRetry } from '../auth/authed-request';
import { authKeys } from '../auth/query-keys';
import type { NftCard } from '../catalog/catalog-types';

export type { BalanceAnswer, BalanceState, DashboardSale, Movement, PurchaseIntent };

export const DASHBOARD_PAGE_SIZE = 20;

export const dashboardKeys = {
  all: () => [...authKeys.user(), 'dashboard'] as const,
  sales: (page: number) => [...dashboardKeys.all(), 'sales', page] as const,
  purchases: (page: number) => [...dashboardKeys.all(), 'purchases', page] as const,
  transactions: (page: number) => [...dashboardKeys.all(), 'transactions', page] as const,
  listed: (profileUrl: string, page: number) => [...dashboardKeys.all(), 'listed', profileUrl, page] as const,
  balance: () => [...dashboardKeys.all(), 'balance'] as const,
};

const pageQuery = (page: number) => ({ page, page_size: DASHBOARD_PAGE_SIZE });
const authedGet = <T>(path: string, page: number, signal: AbortSignal) =>
  withAuthRetry(() => api.get<T>(path, { query: pageQuery(page), signal }));

export const salesQuery = (page: number) =>
  queryOptions({
    queryKey: dashboardKeys.sales(page),
    queryFn: ({ signal }) => authedGet<Page<DashboardSale>>('/nifty-dashboard/sales/', page, signal),
    placeholderData: keepPreviousData,
  });

export const purchasesQuery = (page: number) =>
  queryOptions({
    queryKey: dashboardKeys.purchases(page),
    queryFn: ({ signal }) => authedGet<Page<PurchaseIntent>>('/v2/purchase-intent/historical', page, signal),
    placeholderData: keepPreviousData,
  });

export const transactionsQuery = (page: number) =>
  queryOptions({
    queryKey: dashboardKeys.transactions(page),
    queryFn: ({ signal }) => authedGet<Page<Movement>>('/v2/balance/transactions', page, signal),
    placeholderData: keepPreviousData,
  });

/**
 * The balance and how much of it may be cashed out now (GET /v2/balance): funds added by card and sale proceeds
 * settle first. Read again each time the Deposit tab opens (settled funds become cashable as time passes), and
 * with the dashboard's lists whenever the balance moves.
 */
export const balanceStateQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.balance(),
    queryFn: ({ signal }) => withAuthRetry(() => api.get<BalanceState>('/v2/balance', { signal })),
    staleTime: 0,
  });

/** The user's NFTs that are listed (the explore filter quickFilter=buy_now on their owned NFTs). */
export const listedQuery = (profileUrl: string, page: number) =>
  queryOptions({
    queryKey: dashboardKeys.listed(profileUrl, page),
    queryFn: ({ signal }) =>
      api.get<ExplorePage<NftCard>>(`/v2/users/${encodeURIComponent(profileUrl)}/nifties/`, {
        query: { ...pageQuery(page), quickFilter: 'buy_now' },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/**
 * Money calls take the action's Idempotency-Key (app/action-key.ts): a press again after a lost answer sends
 * the same key, so the server answers it from the first try instead of charging or paying out twice.
 */
const keyed = (key: string) => ({ headers: { 'Idempotency-Key': key } });

export const balanceApi = {
  deposit: (amountInCents: number, paymentToken: string, key: string) =>
    withAuthRetry(() =>
      api.post<BalanceAnswer>(
        '/v2/balance/deposits',
        { amount_in_cents: amountInCents, payment_token: paymentToken },
        keyed(key),
      ),
    ),
  /** Finishes a deposit whose card needed its second step (the verification done). */
  completeDeposit: (depositId: number, key: string) =>
    withAuthRetry(() =>
      api.post<BalanceAnswer>(`/v2/balance/deposits/${depositId}/complete-action`, {}, keyed(key)),
    ),
  /** With two-factor on, the cash out carries its code (asked for by a 403 two_factor_required). */
  payout: (amountInCents: number, key: string, twoFactorCode?: string) =>
    withAuthRetry(() =>
      api.post<BalanceAnswer>(
        '/v2/balance/payouts',
        {
          amount_in_cents: amountInCents,
          method: 'simulated_bank_transfer',
          ...(twoFactorCode ? { twoFactorCode } : {}),
        },
        keyed(key),
      ),
    ),
};
