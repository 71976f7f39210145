import { queryOptions } from '@tanstack/react-query';
import { tradingApi, tradingKeys } from './trading-api';

/** 000 §9: a purchase intent is cached for 300000 ms. */
export const INTENT_CACHE_MS = 300_000;

/** The checkout's `piid` query parameter: a positive integer, else null. */
export function parsePiid(value: string | null): number | null {
  if (value === null || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

export function listingMatchQuery(id: number) {
  return queryOptions({
    queryKey: tradingKeys.listingMatch(id),
    queryFn: ({ signal }) => tradingApi.getListingMatch(id, signal),
    staleTime: INTENT_CACHE_MS,
    gcTime: INTENT_CACHE_MS,
  });
}

export function purchaseIntentQuery(id: number) {
  return queryOptions({
    queryKey: tradingKeys.purchaseIntent(id),
    queryFn: ({ signal }) => tradingApi.getPurchaseIntent(id, signal),
    staleTime: INTENT_CACHE_MS,
    gcTime: INTENT_CACHE_MS,
  });
}
