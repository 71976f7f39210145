import { DEFAULT_QUERY_STALE_MS } from '@vitrine/domain';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { createQueryClient, shouldRetry } from './query-client';

describe('query client', () => {
  it('caches 60 s and does not refetch on window focus (000 §9)', () => {
    const defaults = createQueryClient().getDefaultOptions().queries;
    expect(defaults?.staleTime).toBe(DEFAULT_QUERY_STALE_MS);
    expect(DEFAULT_QUERY_STALE_MS).toBe(60_000);
    expect(defaults?.refetchOnWindowFocus).toBe(false);
  });

  it('retries network failures and server errors a couple of times, never 4xx answers', () => {
    expect(shouldRetry(0, ApiError.unknown())).toBe(true);
    expect(shouldRetry(1, new ApiError({ statusCode: 503, errorType: 'unknown-error', message: 'x' }))).toBe(
      true,
    );
    expect(shouldRetry(2, ApiError.unknown())).toBe(false);
    expect(shouldRetry(0, new ApiError({ statusCode: 404, errorType: 'not-found', message: 'x' }))).toBe(
      false,
    );
  });
});
