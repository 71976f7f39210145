// The one fetch wrapper for the API and search hosts (000 §7: bearer token, X-SID, X-Time). Each answer's Date
// header also tells the page the server's time (lib/server-clock.ts: countdowns and sale windows count from it).
import { clockSample, learnServerClock } from '../lib/server-clock';
import { ApiError, apiErrorFromBody } from './api-error';
import { apiUrl, searchUrl } from './config';
import { credentialsSettled, getAccessToken } from './credentials';
import { getSessionId } from './session-id';

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';
  /** Query parameters; null and undefined values are left out. */
  query?: Record<string, QueryValue>;
  /** Sent as JSON unless it is FormData or URLSearchParams (form-encoded auth calls, 000 §7). */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Which host: the API (default) or the search host. */
  host?: 'api' | 'search';
}

function withQuery(url: string, query: RequestOptions['query']): string {
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined) params.append(key, String(value));
  }
  const text = params.toString();
  if (text === '') return url;
  return `${url}${url.includes('?') ? '&' : '?'}${text}`;
}

function encodeBody(body: unknown, headers: Headers): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (body instanceof FormData || body instanceof URLSearchParams || body instanceof Blob) return body;
  headers.set('Content-Type', 'application/json');
  return JSON.stringify(body);
}

/** Headers every call carries (000 §7). */
export function buildHeaders(extra?: Record<string, string>): Headers {
  const headers = new Headers({ Accept: 'application/json' });
  const token = getAccessToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  headers.set('X-SID', getSessionId());
  headers.set('X-Time', String(Date.now()));
  for (const [key, value] of Object.entries(extra ?? {})) headers.set(key, value);
  return headers;
}

const NOT_JSON = Symbol('not-json');

async function readJson(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return NOT_JSON;
  }
}

/**
 * Calls `path` on the API host (or the search host) and answers the parsed JSON body.
 * Non-OK answers throw an ApiError from the error envelope; a network failure throws
 * ApiError(0, 'unknown-error', 'An unknown error occurred'). Aborts are re-thrown untouched.
 */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  // A token refresh in flight replaces the bearer token: wait for it (000 §4).
  await credentialsSettled();
  const headers = buildHeaders(options.headers);
  const base = options.host === 'search' ? searchUrl(path) : apiUrl(path);
  let response: Response;
  const sentAt = Date.now();
  try {
    response = await fetch(withQuery(base, options.query), {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers,
      body: encodeBody(options.body, headers),
      signal: options.signal ?? null,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw ApiError.unknown();
  }
  // A cross-origin host's Date is not readable without Access-Control-Expose-Headers: null, nothing learnt.
  learnServerClock(
    clockSample(response.headers.get('date'), sentAt, Date.now(), response.headers.get('cache-control')),
  );
  let body: unknown;
  try {
    body = await readJson(response);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw ApiError.unknown();
  }
  if (!response.ok) {
    throw apiErrorFromBody(response.status, body, response.headers.get('x-request-id') ?? undefined);
  }
  // A 200 that is not JSON (an HTML fallback page from a proxy or static host) is no API answer.
  if (body === NOT_JSON) throw ApiError.unknown();
  return body as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'POST', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'PATCH', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method'>) =>
    request<T>(path, { ...options, method: 'DELETE' }),
};

export { ApiError, isApiError } from './api-error';
