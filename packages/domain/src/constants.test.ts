import { describe, expect, it } from 'vitest';
import { NIFTY_TYPES, SALE_TYPES } from './catalog/sale-types';
import {
  ACCEPTED_UPLOAD_TYPES,
  AUCTION_EXTENSION_MS,
  BREAKPOINTS,
  DROP_LIST_PAGE_SIZE,
  EMAIL_VERIFICATION_TTL_MS,
  IMAGE_WIDTHS,
  isOneOf,
  ONE_TOUCH_ACTIVE_MS,
  PASSWORD_MIN_LENGTH,
  PURCHASE_INTENT_CACHE_MS,
  SEARCH_PAGE_SIZE,
  SUPPORTED_CHAIN_IDS,
  TWO_FACTOR_CODE_MIN_LENGTH,
  UNIVERSAL_SEARCH_PAGE_SIZES,
  UNIVERSAL_SEARCH_RESULT_LIMIT,
} from './constants';

describe('constants (000 §9, 001 §9)', () => {
  it('holds the spec values', () => {
    expect(SEARCH_PAGE_SIZE).toBe(20);
    expect(DROP_LIST_PAGE_SIZE).toBe(20);
    expect(Object.values(UNIVERSAL_SEARCH_PAGE_SIZES)).toEqual([8, 8, 4, 4]);
    expect(UNIVERSAL_SEARCH_RESULT_LIMIT).toBe(8);
    expect(IMAGE_WIDTHS).toEqual({ thumb: 500, medium: 800, medium2: 1200, hires: 1600 });
    expect(BREAKPOINTS).toEqual([600, 960, 1280, 1680]);
    expect(SUPPORTED_CHAIN_IDS).toEqual([1, 11155111, 31337]);
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(TWO_FACTOR_CODE_MIN_LENGTH).toBe(5);
    expect(EMAIL_VERIFICATION_TTL_MS).toBe(3_600_000);
    expect(ONE_TOUCH_ACTIVE_MS).toBe(30_000);
    expect(PURCHASE_INTENT_CACHE_MS).toBe(300_000);
    expect(AUCTION_EXTENSION_MS).toBe(300_000);
    expect(NIFTY_TYPES).toEqual(['edition', 'oe', 'pack']);
    expect(ACCEPTED_UPLOAD_TYPES).toContain('glb');
  });
});

describe('isOneOf', () => {
  it('narrows values of an enumeration', () => {
    expect(isOneOf(SALE_TYPES, 'ranked_auction')).toBe(true);
    expect(isOneOf(SALE_TYPES, 'fcfs')).toBe(false);
    expect(isOneOf(SUPPORTED_CHAIN_IDS, 11155111)).toBe(true);
    expect(isOneOf(SUPPORTED_CHAIN_IDS, '1')).toBe(false);
  });
});
