import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../testing/memory-storage';
import { api } from './api-client';
import { ApiError } from './api-error';

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

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function sentHeaders(): Headers {
  const init = fetchMock.mock.calls[0]?.[1];
  return new Headers(init?.headers);
}

describe('api client', () => {
  it('calls /api paths with X-SID and X-Time, and no Authorization when logged out', async () => {
    fetchMock.mockResolvedValue(json(200, { ok: true }));
    await expect(api.get('/feature-flag/')).resolves.toEqual({ ok: true });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/feature-flag/');
    const headers = sentHeaders();
    expect(headers.get('X-SID')).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number(headers.get('X-Time'))).toBeGreaterThan(0);
    expect(headers.get('Authorization')).toBeNull();
  });

  it('keeps the session id in the sid cookie for 30 minutes', async () => {
    fetchMock.mockImplementation(async () => json(200, {}));
    await api.get('/a/');
    await api.get('/b/');
    const first = new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('X-SID');
    const second = new Headers(fetchMock.mock.calls[1]?.[1]?.headers).get('X-SID');
    expect(second).toBe(first);
    expect(document.cookie).toContain(`sid=${first}`);
    expect(document.cookie).toContain('Max-Age=1800');
  });

  it('sends the stored access token while it has not expired', async () => {
    localStorage.setItem(
      'credentials',
      JSON.stringify({ access_token: 'tok', expiry_date: Date.now() + 60_000 }),
    );
    fetchMock.mockResolvedValue(json(200, {}));
    await api.get('/user/profile/');
    expect(sentHeaders().get('Authorization')).toBe('Bearer tok');
  });

  it('does not send an expired token', async () => {
    localStorage.setItem('credentials', JSON.stringify({ access_token: 'tok', expiry_date: Date.now() - 1 }));
    fetchMock.mockResolvedValue(json(200, {}));
    await api.get('/user/profile/');
    expect(sentHeaders().get('Authorization')).toBeNull();
  });

  it('encodes query parameters and leaves out empty ones', async () => {
    fetchMock.mockResolvedValue(json(200, {}));
    await api.get('/v1/drops/', { query: { status: 'live', page_size: 12, page: undefined } });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/drops/?status=live&page_size=12');
  });

  it('throws the error envelope of a non-OK answer as an ApiError', async () => {
    fetchMock.mockResolvedValue(
      json(400, {
        statusCode: 400,
        errorType: 'validation-error',
        message: 'Invalid request',
        fields: { page: 'x' },
      }),
    );
    const error = await api.get('/v1/drops/').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ statusCode: 400, errorType: 'validation-error', fields: { page: 'x' } });
  });

  it('turns a network failure into status 0 unknown-error', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(api.get('/v1/drops/')).rejects.toMatchObject({
      statusCode: 0,
      errorType: 'unknown-error',
      message: 'An unknown error occurred',
    });
  });

  it('does not take an HTML fallback page for an API answer', async () => {
    fetchMock.mockResolvedValue(new Response('<!doctype html><html></html>', { status: 200 }));
    await expect(api.get('/v1/drops/')).rejects.toMatchObject({ statusCode: 0, errorType: 'unknown-error' });
  });

  it('lets aborts through untouched', async () => {
    fetchMock.mockRejectedValue(new DOMException('aborted', 'AbortError'));
    await expect(api.get('/v1/drops/')).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('sends bodies as JSON', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(api.post('/v2/offer', { amount: 1 })).resolves.toBeUndefined();
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"amount":1}');
    expect(sentHeaders().get('Content-Type')).toBe('application/json');
  });
});
