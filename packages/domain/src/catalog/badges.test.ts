import { describe, expect, it } from 'vitest';
import { FAST_SELL_OUT_WINDOW_MS, isFastSellOut, nftBadge } from './badges';

const start = new Date('2026-06-01T17:00:00Z');
const soldOut = {
  saleType: 'standard',
  niftyType: 'edition',
  editionSize: 50,
  totalSold: 48,
  totalReserved: 2,
  startAt: start,
  lastMintedAt: new Date(start.getTime() + 60 * 60 * 1000),
};

describe('isFastSellOut', () => {
  it('is true for a fixed-price edition sold out within a day of its start, the boundary included', () => {
    expect(isFastSellOut(soldOut)).toBe(true);
    expect(
      isFastSellOut({ ...soldOut, lastMintedAt: new Date(start.getTime() + FAST_SELL_OUT_WINDOW_MS) }),
    ).toBe(true);
  });

  it('is false a moment past the window, or with an edition left', () => {
    expect(
      isFastSellOut({ ...soldOut, lastMintedAt: new Date(start.getTime() + FAST_SELL_OUT_WINDOW_MS + 1) }),
    ).toBe(false);
    expect(isFastSellOut({ ...soldOut, totalSold: 47 })).toBe(false);
  });

  it('never applies to auctions, drawings, open editions, one-of-ones or unknown times', () => {
    expect(isFastSellOut({ ...soldOut, saleType: 'ranked_auction' })).toBe(false);
    expect(isFastSellOut({ ...soldOut, saleType: 'drawing' })).toBe(false);
    expect(isFastSellOut({ ...soldOut, niftyType: 'oe' })).toBe(false);
    expect(isFastSellOut({ ...soldOut, editionSize: 1, totalSold: 1, totalReserved: 0 })).toBe(false);
    expect(isFastSellOut({ ...soldOut, startAt: null })).toBe(false);
    expect(isFastSellOut({ ...soldOut, lastMintedAt: null })).toBe(false);
    expect(isFastSellOut({ ...soldOut, lastMintedAt: new Date(start.getTime() - 1) })).toBe(false);
  });
});

describe('nftBadge', () => {
  it('shows Highly Desirable from 100 likes, over Fast Sell Out', () => {
    expect(nftBadge(100, true)).toBe('highlyDesirable');
    expect(nftBadge(99, true)).toBe('fastSellOut');
    expect(nftBadge(99, false)).toBeNull();
  });
});
