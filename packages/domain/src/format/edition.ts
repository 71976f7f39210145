import { UNLIMITED_EDITION_SIZES } from '../constants';

const EDITION_DIGITS = 4;
const MAX_SHORT_COLLECTION = 9999;

/**
 * Edition number: text after '#' in the token name, else the last 4 digits of the token id, or the whole id
 * when the collection has more than 9999 items (000 §5, 001 §5). Leading zeros of the 4 digits are dropped.
 */
export function editionNumber(
  tokenName: string | null | undefined,
  tokenId: string | bigint,
  collectionSize: number,
): string {
  const hash = tokenName?.indexOf('#') ?? -1;
  const afterHash = hash >= 0 && tokenName ? tokenName.slice(hash + 1).trim() : '';
  if (afterHash) return afterHash;
  const id = String(tokenId).trim();
  if (collectionSize > MAX_SHORT_COLLECTION) return id;
  const digits = id.slice(-EDITION_DIGITS);
  return /^\d+$/.test(digits) ? String(Number(digits)) : digits;
}

/** Editions of 99999999 or 99999 are hidden as unlimited (000 §9). */
export function isUnlimitedEdition(size: number | null | undefined): boolean {
  return (UNLIMITED_EDITION_SIZES as readonly (number | null | undefined)[]).includes(size);
}
