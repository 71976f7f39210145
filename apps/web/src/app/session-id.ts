import { SESSION_ID_COOKIE_MS } from '@vitrine/domain';
import { readCookie, writeCookie } from '../lib/cookies';

const SID_COOKIE = 'sid';

/**
 * The X-SID session id (000 §7, §9): a random UUID kept in the `sid` cookie for 30 minutes.
 * Every use renews the cookie, so the session ends after 30 minutes without calls.
 */
export function getSessionId(): string {
  const existing = readCookie(SID_COOKIE);
  const sid = existing && existing.length > 0 ? existing : crypto.randomUUID();
  writeCookie(SID_COOKIE, sid, SESSION_ID_COOKIE_MS);
  return sid;
}
