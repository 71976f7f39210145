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

/**
 * An auction's bid page (000 §2 "Bid tables", decision 012): the leaderboard /rankedbid/ of a ranked auction, the
 * bid table /auctionbid/ of an auction or a silent auction.
 */
export function bidPagePath(saleType: string, contractAddress: string, typeNumber: number): string {
  const page = saleType === 'ranked_auction' ? 'rankedbid' : 'auctionbid';
  return `/${page}/?contractAddress=${encodeURIComponent(contractAddress)}&niftyType=${typeNumber}`;
}

/** The make-global-offer page, opened from a card button (001 §2): niftyType is the type number. */
export function makeGlobalOfferPath(contractAddress: string, typeNumber: number): string {
  return `/makeglobaloffer/?contractAddress=${encodeURIComponent(contractAddress)}&niftyType=${typeNumber}`;
}

/** A publisher or creator storefront: /{slug} (001 §2). */
export function storefrontPath(slug: string): string {
  return `/${encodeURIComponent(slug)}`;
}

/**
 * The legacy buy path (000 §2) `/buypage/?contractAddress&niftyType&tokenID&isNiftyPrimaryOrSecondary=secondary&initialPrice`:
 * where it leads now. Secondary with a token id: the item page; otherwise the nifty type's page
 * (`/marketplace/collection/{contractAddress}/{niftyType}`); a token id alone: the item; nothing usable: the
 * marketplace. initialPrice is ignored (the page shows the price in force). Any other parameter (a campaign's
 * `utm_source`, a partner's code) is kept on the target, as the checkout paths keep theirs (issue #14).
 */
export function legacyBuyPageTarget(q: {
  get(name: string): string | null;
  forEach?(each: (value: string, name: string) => void): void;
}): string {
  const kept: string[] = [];
  q.forEach?.((value, name) => {
    if (!LEGACY_BUY_PARAMS.has(name)) kept.push(`${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
  });
  const to = legacyBuyPath(q);
  return kept.length === 0 ? to : `${to}?${kept.join('&')}`;
}

/** The legacy buy path's own parameters (000 §2), read rather than kept. */
const LEGACY_BUY_PARAMS = new Set([
  'contractAddress',
  'niftyType',
  'tokenID',
  'tokenId',
  'isNiftyPrimaryOrSecondary',
  'initialPrice',
]);

function legacyBuyPath(q: { get(name: string): string | null }): string {
  const contract = q.get('contractAddress')?.trim() ?? '';
  const tokenId = q.get('tokenID')?.trim() ?? q.get('tokenId')?.trim() ?? '';
  const niftyType = q.get('niftyType')?.trim() ?? '';
  const validContract = /^[A-Za-z0-9_-]{1,100}$/.test(contract);
  const validToken = /^\d{1,78}$/.test(tokenId);
  const validType = /^\d{1,9}$/.test(niftyType) && Number(niftyType) > 0;
  const secondary = q.get('isNiftyPrimaryOrSecondary')?.trim().toLowerCase() === 'secondary';
  if (!validContract) return '/marketplace';
  if (validToken && (secondary || !validType)) return itemPath(contract, tokenId);
  if (validType) return collectionPath(contract, Number(niftyType));
  return '/marketplace';
}
