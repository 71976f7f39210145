import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CREDENTIALS_KEY, getAccessToken } from '../../app/credentials';
import { memoryStorage } from '../../testing/memory-storage';
import { withAuthRetry } from './authed-request';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('document', { cookie: '' });
  vi.stubGlobal('localStorage', memoryStorage());
  vi.stubGlobal('sessionStorage', memoryStorage());
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('an API call that needs the bearer token', () => {
  it('refreshes an expired token before asking, instead of asking signed out', async () => {
    // Expired a minute ago (a refresh that failed, a computer that slept), the refresh token still good.
    localStorage.setItem(
      CREDENTIALS_KEY,
      JSON.stringify({
        access_token: 'vat_old',
        refresh_token: 'vrt_old',
        expires_in: 900,
        expiry_date: Date.now() - 60_000,
      }),
    );
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ access_token: 'vat_new', refresh_token: 'vrt_new', expires_in: 900 }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
    const sentWith: (string | null)[] = [];
    await withAuthRetry(async () => sentWith.push(getAccessToken()));
    expect(sentWith).toEqual(['vat_new']);
    expect(String(fetchMock.mock.calls[0]?.[1]?.body)).toBe('grant_type=refresh_token&refresh_token=vrt_old');
  });
});
