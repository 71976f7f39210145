import { describe, expect, it } from 'vitest';
import { largeOfferQuestion } from './large-offer';

describe('largeOfferQuestion: an offer far above what the NFT goes for is asked about once', () => {
  it('asks at five times the floor or more, naming both', () => {
    expect(largeOfferQuestion(100_000_100, { buyNowCents: null, floorCents: 800 })).toBe(
      "Your offer of $1,000,001.00 is 125,000 times this edition's floor ($8.00). If that is what you meant, press again to make it.",
    );
    expect(largeOfferQuestion(4_000, { buyNowCents: null, floorCents: 800 })).toMatch(/is 5 times/);
    expect(largeOfferQuestion(3_999, { buyNowCents: null, floorCents: 800 })).toBeNull();
  });
  it('asks at $10,000.00 or more without a floor, and not below', () => {
    expect(largeOfferQuestion(1_000_000, { buyNowCents: null, floorCents: null })).toBe(
      'You are offering $10,000.00. If that is what you meant, press again to make it.',
    );
    expect(largeOfferQuestion(999_999, { buyNowCents: null, floorCents: null })).toBeNull();
  });
  it('leaves an offer at or above Buy Now to its own warning, unless it is very large', () => {
    expect(largeOfferQuestion(500_000, { buyNowCents: 1_000, floorCents: 800 })).toBeNull();
    expect(largeOfferQuestion(100_000_100, { buyNowCents: 10_000, floorCents: 800 })).toBe(
      'You are offering $1,000,001.00. If that is what you meant, press again to make it.',
    );
  });
});
