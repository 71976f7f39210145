// Token refresh (000 §4): stored in session and local storage; refreshed once on load when expired
// (and shortly before expiry while the app is open). A 400 or 401 answer clears the credentials;
// any other failure sets the last-refresh-failed flag; success stores the new tokens and the profile
// reloads. A refresh token is single use and its reuse ends the session server-side
// (docs/decisions/003), so one refresh runs at a time: shared in this tab, and across tabs through
// the Web Locks API where it exists. A tab that gets the lock may not see in local storage what the tab
// before it wrote (Chromium), so each refresh is also recorded in IndexedDB, which every tab sees at
// once, and a tab holding the refresh token spent there takes the tokens that replaced it
// (docs/decisions/025).
import { buildHeaders } from '../../app/api-client';
import { apiUrl } from '../../app/config';
import {
  adoptCredentials,
  clearCredentials,
  readCredentials,
  type StoredCredentials,
  trackRefresh,
  writeCredentials,
} from '../../app/credentials';
import { readLastRotation, recordRotation } from '../../app/last-rotation';
import { readStorage, removeStorage, writeStorage } from '../../lib/storage';

export const REFRESH_LOCK = 'vitrine:token-refresh';
export const LAST_REFRESH_FAILED_KEY = 'lastRefreshFailed';
/** Refresh this long before the access token expires. */
export const REFRESH_AHEAD_MS = 60_000;

export type RefreshOutcome = 'refreshed' | 'cleared' | 'failed' | 'skipped';

export interface RefreshOptions {
  /** The API refused this access token (401): refresh even though it looks unexpired, unless it was replaced already. */
  rejectedAccessToken?: string;
}

/** Needs a refresh: expired or about to, or the API refused the token that is still stored. */
export function needsRefresh(
  credentials: StoredCredentials,
  now: number,
  rejectedAccessToken?: string,
): boolean {
  if (rejectedAccessToken !== undefined) return credentials.access_token === rejectedAccessToken;
  return credentials.expiry_date - now <= REFRESH_AHEAD_MS + 5_000;
}

export function lastRefreshFailed(): boolean {
  return readStorage('session', LAST_REFRESH_FAILED_KEY) === 'true';
}

function setLastRefreshFailed(failed: boolean): void {
  if (failed) writeStorage('session', LAST_REFRESH_FAILED_KEY, 'true');
  else removeStorage('session', LAST_REFRESH_FAILED_KEY);
}

const refreshedListeners = new Set<() => void>();

/** Runs `listener` after each successful refresh (the profile reloads then). */
export function onRefreshed(listener: () => void): () => void {
  refreshedListeners.add(listener);
  return () => refreshedListeners.delete(listener);
}

function isGrant(body: unknown): body is { access_token: string; refresh_token: string; expires_in: number } {
  if (typeof body !== 'object' || body === null) return false;
  const { access_token, refresh_token, expires_in } = body as Record<string, unknown>;
  return (
    typeof access_token === 'string' &&
    typeof refresh_token === 'string' &&
    typeof expires_in === 'number' &&
    Number.isFinite(expires_in)
  );
}

async function runRefresh(options: RefreshOptions): Promise<RefreshOutcome> {
  // Read inside the lock: another tab may have refreshed while this one waited.
  const stale = readCredentials();
  if (!stale?.refresh_token) return 'skipped';
  if (!needsRefresh(stale, Date.now(), options.rejectedAccessToken)) return 'refreshed';
  let spent = stale.refresh_token;
  // This tab's local storage may not show that refresh yet; IndexedDB does.
  const rotation = await readLastRotation();
  if (rotation && rotation.spent === spent) {
    setLastRefreshFailed(false);
    const adopted = adoptCredentials(rotation.credentials);
    if (!adopted.refresh_token || !needsRefresh(adopted, Date.now())) {
      for (const listener of refreshedListeners) listener();
      return 'refreshed';
    }
    spent = adopted.refresh_token;
  }
  let response: Response;
  try {
    response = await fetch(apiUrl('/o/token/'), {
      method: 'POST',
      headers: buildHeaders(),
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: spent }),
      credentials: 'same-origin',
    });
  } catch {
    setLastRefreshFailed(true);
    return 'failed';
  }
  if (response.status === 400 || response.status === 401) {
    clearCredentials();
    setLastRefreshFailed(false);
    return 'cleared';
  }
  let body: unknown = null;
  try {
    body = response.ok ? await response.json() : null;
  } catch {
    body = null;
  }
  if (!response.ok || !isGrant(body)) {
    setLastRefreshFailed(true);
    return 'failed';
  }
  // Signed out while the request was out (a sign-out that stopped waiting for it, after 3 s): the tokens it brought
  // are not written back, which would sign the tab in again. The session they belong to was ended by the sign-out's
  // revoke (revoking any token of a session ends it).
  if (readCredentials() === null) return 'cleared';
  // Cleared first: writing the credentials tells their listeners at once, and they read the flag
  // (SessionManager schedules the next refresh from it).
  setLastRefreshFailed(false);
  const stored = writeCredentials(body);
  // Committed before the lock is released, so the next tab to hold it sees it.
  await recordRotation({ spent, credentials: stored });
  for (const listener of refreshedListeners) listener();
  return 'refreshed';
}

/**
 * Runs `work` holding the refresh lock, which every tab's refresh holds (the Web Locks API; where it is
 * missing, at once). With `waitMs`, a lock held longer than that (a refresh whose request hangs) is not
 * waited for further: `work` runs without it.
 */
export async function whileRefreshLocked<T>(work: () => Promise<T>, waitMs?: number): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks || typeof locks.request !== 'function') return work();
  if (waitMs === undefined) return await locks.request(REFRESH_LOCK, work);
  let started = false;
  try {
    return await locks.request(REFRESH_LOCK, { signal: AbortSignal.timeout(waitMs) }, () => {
      started = true;
      return work();
    });
  } catch (error) {
    if (started) throw error;
    return work();
  }
}

let inFlight: Promise<RefreshOutcome> | null = null;

/** Refreshes the stored tokens; concurrent callers share the one refresh in flight. */
export function refreshCredentials(options: RefreshOptions = {}): Promise<RefreshOutcome> {
  if (inFlight) return inFlight;
  const refresh = whileRefreshLocked(() => runRefresh(options)).finally(() => {
    inFlight = null;
  });
  inFlight = refresh;
  trackRefresh(refresh);
  return refresh;
}
