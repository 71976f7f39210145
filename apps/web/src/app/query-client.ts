import { QueryClient } from '@tanstack/react-query';
import { DEFAULT_QUERY_STALE_MS } from '@vitrine/domain';
import { isApiError } from './api-error';

const MAX_RETRIES = 2;

/** Retry network failures and 5xx answers a couple of times; a 4xx answer will not change on retry. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  if (isApiError(error)) return error.statusCode === 0 || error.statusCode >= 500;
  return true;
}

/** Default query cache 60 s without refetch on focus (000 §9, 001 §9). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: DEFAULT_QUERY_STALE_MS,
        refetchOnWindowFocus: false,
        retry: shouldRetry,
      },
      mutations: { retry: false },
    },
  });
}
