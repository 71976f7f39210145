// Links of the browsing screens (000 §2, 001 §2).
import { isValidUrl } from '../media/media';

export interface ProfileLink {
  href: string;
  /** A full http(s) URL: opened in a new tab (001 §2 "external links in a new tab"). */
  external: boolean;
}

/** 'Anonymous' for a profile of none (000 §3, 001 §9). */
export const ANONYMOUS_NAME = 'Anonymous';

/**
 * The link of a profile: /profile/{profile_url}, or the profile_url itself when it is a full http(s) URL
 * (001 §2). Null for a missing profile or the 'none' profile (shown 'Anonymous', not clickable, 000 §3).
 */
export function profileLink(profileUrl: string | null | undefined): ProfileLink | null {
  const value = profileUrl?.trim() ?? '';
  if (value === '' || value.toLowerCase() === 'none') return null;
  if (/^https?:\/\//i.test(value)) return isValidUrl(value) ? { href: value, external: true } : null;
  return { href: `/profile/${encodeURIComponent(value)}`, external: false };
}

/** /marketplace/item/{contractAddress}/{tokenId} (000 §2). */
export function itemPath(contractAddress: string, tokenId: string): string {
  return `/marketplace/item/${encodeURIComponent(contractAddress)}/${encodeURIComponent(tokenId)}`;
}

/** /marketplace/collection/{slug}, or /marketplace/collection/{contractAddress}/{type} for one nifty (000 §2). */
export function collectionPath(key: string, typeNumber?: number): string {
  const base = `/marketplace/collection/${encodeURIComponent(key)}`;
  return typeNumber === undefined ? base : `${base}/${typeNumber}`;
}

/** The make-global-offer page, opened from a card button (001 §2): niftyType is the type number. */
export function makeGlobalOfferPath(contractAddress: string, typeNumber: number): string {
  return `/makeglobaloffer/?contractAddress=${encodeURIComponent(contractAddress)}&niftyType=${typeNumber}`;
}

/** A publisher or creator storefront: /{slug} (001 §2). */
export function storefrontPath(slug: string): string {
  return `/${encodeURIComponent(slug)}`;
}
