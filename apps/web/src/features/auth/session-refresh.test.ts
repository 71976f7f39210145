import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CREDENTIALS_KEY, readCredentials } from '../../app/credentials';
import { memoryStorage } from '../../testing/memory-storage';
import { LAST_REFRESH_FAILED_KEY, lastRefreshFailed, refreshCredentials } from './session-refresh';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const grant = (n: number) => ({
  access_token: `vat_new_${n}`,
  token_type: 'Bearer',
  expires_in: 900,
  refresh_token: `vrt_new_${n}`,
  scope: 'read write',
  expiry_date: 0,
  prompt2fa: false,
  shouldSkipTwofaPrompt: false,
});

function store(credentials: Record<string, unknown>) {
  const raw = JSON.stringify(credentials);
  localStorage.setItem(CREDENTIALS_KEY, raw);
  sessionStorage.setItem(CREDENTIALS_KEY, raw);
}

beforeEach(() => {
  vi.stubGlobal('document', { cookie: '' });
  vi.stubGlobal('localStorage', memoryStorage());
  vi.stubGlobal('sessionStorage', memoryStorage());
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  store({
    access_token: 'vat_old',
    refresh_token: 'vrt_old',
    expires_in: 900,
    expiry_date: Date.now() - 1000,
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('token refresh (000 §4)', () => {
  it('stores the new tokens with expiry_date = now + expires_in × 1000', async () => {
    fetchMock.mockResolvedValue(json(200, grant(1)));
    const before = Date.now();
    await expect(refreshCredentials()).resolves.toBe('refreshed');
    const body = fetchMock.mock.calls[0]?.[1]?.body;
    expect(String(body)).toBe('grant_type=refresh_token&refresh_token=vrt_old');
    const stored = readCredentials();
    expect(stored?.access_token).toBe('vat_new_1');
    expect(stored?.refresh_token).toBe('vrt_new_1');
    expect(stored?.expiry_date).toBeGreaterThanOrEqual(before + 900_000);
    expect(JSON.parse(sessionStorage.getItem(CREDENTIALS_KEY) ?? '{}').access_token).toBe('vat_new_1');
  });

  it('shares one request between concurrent callers: the refresh token is sent once', async () => {
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockReturnValue(new Promise<Response>((resolve) => (answer = resolve)));
    const calls = [refreshCredentials(), refreshCredentials(), refreshCredentials()];
    answer(json(200, grant(2)));
    await expect(Promise.all(calls)).resolves.toEqual(['refreshed', 'refreshed', 'refreshed']);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it.each([400, 401])('clears the credentials on a %i answer', async (status) => {
    fetchMock.mockResolvedValue(
      json(status, { statusCode: status, errorType: 'invalid_grant', message: 'Invalid refresh token' }),
    );
    await expect(refreshCredentials()).resolves.toBe('cleared');
    expect(readCredentials()).toBeNull();
    expect(sessionStorage.getItem(CREDENTIALS_KEY)).toBeNull();
  });

  it('keeps the credentials and sets the last-refresh-failed flag on other failures', async () => {
    fetchMock.mockResolvedValueOnce(json(503, { statusCode: 503, errorType: 'unknown-error', message: 'x' }));
    await expect(refreshCredentials()).resolves.toBe('failed');
    expect(readCredentials()?.refresh_token).toBe('vrt_old');
    expect(lastRefreshFailed()).toBe(true);

    fetchMock.mockRejectedValueOnce(new TypeError('offline'));
    await expect(refreshCredentials()).resolves.toBe('failed');

    fetchMock.mockResolvedValueOnce(json(200, grant(3)));
    await expect(refreshCredentials()).resolves.toBe('refreshed');
    expect(sessionStorage.getItem(LAST_REFRESH_FAILED_KEY)).toBeNull();
  });

  it('does nothing when another tab refreshed already, or there is no refresh token', async () => {
    store({
      access_token: 'vat_fresh',
      refresh_token: 'vrt_fresh',
      expires_in: 900,
      expiry_date: Date.now() + 900_000,
    });
    await expect(refreshCredentials()).resolves.toBe('refreshed');
    store({ access_token: 'vat_only', expiry_date: Date.now() - 1000 });
    await expect(refreshCredentials()).resolves.toBe('skipped');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refreshes a token the API refused (401) unless it was replaced meanwhile', async () => {
    store({
      access_token: 'vat_fresh',
      refresh_token: 'vrt_fresh',
      expires_in: 900,
      expiry_date: Date.now() + 900_000,
    });
    await expect(refreshCredentials({ rejectedAccessToken: 'vat_other' })).resolves.toBe('refreshed');
    expect(fetchMock).not.toHaveBeenCalled();
    fetchMock.mockResolvedValue(json(200, grant(4)));
    await expect(refreshCredentials({ rejectedAccessToken: 'vat_fresh' })).resolves.toBe('refreshed');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(readCredentials()?.access_token).toBe('vat_new_4');
  });
});
