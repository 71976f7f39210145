import { describe, expect, it } from 'vitest';
import {
  AUCTION_SALE_TYPES,
  DROP_TYPES,
  dropTypeLabel,
  isAuctionSaleType,
  NIFTY_TYPE_OF_DROP,
  NIFTY_TYPES,
  SALE_TYPE_OF_DROP,
  SALE_TYPES,
  saleTypeLabel,
} from './sale-types';

describe('sale types', () => {
  it('holds the spec lists (001 §1, §3)', () => {
    expect(NIFTY_TYPES).toEqual(['edition', 'oe', 'pack']);
    expect(SALE_TYPES).toContain('ranked_auction');
    expect(SALE_TYPES).not.toContain('fcfs');
    expect(DROP_TYPES).toContain('fcfs');
  });

  it('counts the three bidding sale types as auctions, and nothing else', () => {
    expect([...AUCTION_SALE_TYPES]).toEqual(['auction', 'ranked_auction', 'silent_auction']);
    expect(SALE_TYPES.filter(isAuctionSaleType)).toEqual(['auction', 'ranked_auction', 'silent_auction']);
    expect(isAuctionSaleType('standard')).toBe(false);
    expect(isAuctionSaleType('dutch_auction')).toBe(false);
  });

  it('maps every drop type to a known sale type and nifty type', () => {
    for (const type of DROP_TYPES) {
      expect(SALE_TYPES).toContain(SALE_TYPE_OF_DROP[type]);
      expect(NIFTY_TYPES).toContain(NIFTY_TYPE_OF_DROP[type]);
    }
    expect(SALE_TYPE_OF_DROP.fcfs).toBe('standard');
    expect(NIFTY_TYPE_OF_DROP.open_edition).toBe('oe');
  });

  it('names the drop types as the spec shows them (001 §1)', () => {
    expect(dropTypeLabel('fcfs')).toBe('First Come First Serve');
    expect(dropTypeLabel('auction')).toBe('1/1 Auction');
    expect(dropTypeLabel('open_edition')).toBe('Open Edition');
    for (const type of DROP_TYPES) expect(dropTypeLabel(type)).not.toContain('_');
  });

  it('names every sale type, and title-cases unknown codes', () => {
    expect(saleTypeLabel('standard')).toBe('Fixed Price');
    for (const type of SALE_TYPES) expect(saleTypeLabel(type)).not.toContain('_');
    expect(dropTypeLabel('dutch_auction')).toBe('Dutch Auction');
    expect(saleTypeLabel('toString')).toBe('ToString');
  });
});
