// Stored credentials (000 §3 "Credentials", §4): written to session and local storage as
// { access_token, refresh_token, expires_in, expiry_date = now + expires_in × 1000 }. The API client
// reads the bearer token from here; the auth feature writes, refreshes and clears them.
import { readStorage, removeStorage, writeStorage } from '../lib/storage';
import { forgetRotation } from './last-rotation';

export const CREDENTIALS_KEY = 'credentials';
/** Dispatched on `window` when this tab writes or clears credentials (other tabs get a `storage` event). */
export const CREDENTIALS_CHANGE_EVENT = 'vitrine:credentials';

export interface StoredCredentials {
  access_token: string;
  refresh_token?: string;
  expires_in?: number;
  /** Milliseconds timestamp: now + expires_in × 1000. */
  expiry_date: number;
}

/** The token fields of a sign-in, signup or refresh answer. */
export interface TokenGrant {
  access_token: string;
  refresh_token: string;
  expires_in: number;
}

export function parseCredentials(raw: string | null): StoredCredentials | null {
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { access_token, expiry_date } = parsed as Record<string, unknown>;
    if (typeof access_token !== 'string' || access_token === '') return null;
    const expiry = typeof expiry_date === 'string' ? Number(expiry_date) : expiry_date;
    if (typeof expiry !== 'number' || !Number.isFinite(expiry)) return null;
    return { ...(parsed as StoredCredentials), expiry_date: expiry };
  } catch {
    return null;
  }
}

export function readCredentials(): StoredCredentials | null {
  return (
    parseCredentials(readStorage('local', CREDENTIALS_KEY)) ??
    parseCredentials(readStorage('session', CREDENTIALS_KEY))
  );
}

/** Logged in only when an access token and expiry date exist and the expiry is in the future (000 §4). */
export function hasValidCredentials(now: number = Date.now()): boolean {
  const credentials = readCredentials();
  return credentials !== null && credentials.expiry_date > now;
}

/** Hook point for the API client: the bearer token to send, or null when logged out or expired. */
export function getAccessToken(now: number = Date.now()): string | null {
  const credentials = readCredentials();
  return credentials && credentials.expiry_date > now ? credentials.access_token : null;
}

function notifyChange(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(CREDENTIALS_CHANGE_EVENT));
}

/** Stores a grant in session and local storage; expiry_date is computed here from expires_in (000 §4). */
export function writeCredentials(grant: TokenGrant, now: number = Date.now()): StoredCredentials {
  const credentials: StoredCredentials = {
    access_token: grant.access_token,
    refresh_token: grant.refresh_token,
    expires_in: grant.expires_in,
    expiry_date: now + grant.expires_in * 1000,
  };
  return adoptCredentials(credentials);
}

/** Stores credentials as they are (another tab's refresh, its expiry_date kept). */
export function adoptCredentials(credentials: StoredCredentials): StoredCredentials {
  const raw = JSON.stringify(credentials);
  writeStorage('session', CREDENTIALS_KEY, raw);
  writeStorage('local', CREDENTIALS_KEY, raw);
  notifyChange();
  return credentials;
}

export function clearCredentials(): void {
  removeStorage('session', CREDENTIALS_KEY);
  removeStorage('local', CREDENTIALS_KEY);
  void forgetRotation();
  notifyChange();
}

/**
 * Calls `listener` when credentials change in this tab or another one. Another tab's change is
 * mirrored into this tab's session storage first, so a sign-out (or a refresh) anywhere holds here too.
 */
export function subscribeCredentials(listener: () => void): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const onStorage = (event: StorageEvent) => {
    if (event.key !== CREDENTIALS_KEY && event.key !== null) return;
    if (event.storageArea === globalThis.localStorage) {
      const value = readStorage('local', CREDENTIALS_KEY);
      if (value === null) removeStorage('session', CREDENTIALS_KEY);
      else writeStorage('session', CREDENTIALS_KEY, value);
    }
    listener();
  };
  window.addEventListener(CREDENTIALS_CHANGE_EVENT, listener);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CREDENTIALS_CHANGE_EVENT, listener);
    window.removeEventListener('storage', onStorage);
  };
}

// ---- the one refresh in flight (000 §4): API calls wait for it so they carry the new token ----

let refreshInFlight: Promise<unknown> | null = null;

/** Registers the running token refresh; calls made meanwhile wait for it. */
export function trackRefresh(refresh: Promise<unknown>): void {
  refreshInFlight = refresh;
  const done = () => {
    if (refreshInFlight === refresh) refreshInFlight = null;
  };
  refresh.then(done, done);
}

/** Resolves once no token refresh is running (at once when none is). */
export async function credentialsSettled(): Promise<void> {
  while (refreshInFlight) {
    const current = refreshInFlight;
    await current.catch(() => undefined);
    if (refreshInFlight === current) return;
  }
}
