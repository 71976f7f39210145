// Random secrets and their stored form. Every token, code and link is stored as a SHA-256 hash.
import { createHash, randomBytes, randomInt } from 'node:crypto';

/** A random opaque token with a readable prefix: `vat_…` (access), `vrt_…` (refresh), … */
export function newToken(prefix: string): string {
  return `${prefix}_${randomBytes(32).toString('base64url')}`;
}

/** A random id (sessions, challenges). */
export function newId(): string {
  return randomBytes(16).toString('hex');
}

/** A 6-digit code, uniformly random. */
export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A short code is hashed with what it belongs to, so equal codes of two users differ when stored. */
export function hashCode(scope: string, code: string): string {
  return createHash('sha256').update(`${scope}:${code.trim()}`).digest('hex');
}

/** c•••@vitrine.test */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}•••@${domain}`;
}

/** (***) ***-0143 */
export function maskPhone(phone: string): string {
  return `(***) ***-${phone.replace(/\D/g, '').slice(-4)}`;
}
