// The refund's split over the sale's credits (decision 009 "Refunds"): whole cents, in proportion, summing
// to the refund exactly, none above its weight (each refund is split over what is left of each credit).
import { describe, expect, it } from 'vitest';
import { allocate } from './stripe-webhooks';

describe('allocate', () => {
  it('splits in proportion with the largest remainders getting the odd cents', () => {
    expect(allocate(1_000, [10_625, 1_250, 625, 393], 12_893)).toEqual([824, 97, 48, 31]);
    expect(allocate(12_893, [10_625, 1_250, 625, 393], 12_893)).toEqual([10_625, 1_250, 625, 393]);
    expect(allocate(0, [5, 5], 10)).toEqual([0, 0]);
    expect(allocate(1, [5, 5], 10)).toEqual([1, 0]);
  });

  it('always sums to the amount, and gives no share more than its weight', () => {
    const weights = [7_001, 333, 1_999, 17];
    const total = weights.reduce((a, b) => a + b, 0);
    for (let amount = 0; amount <= total; amount += 37) {
      const shares = allocate(amount, weights, total);
      expect(shares.reduce((a, b) => a + b, 0)).toBe(amount);
      shares.forEach((s, i) => {
        expect(s).toBeLessThanOrEqual(weights[i] ?? 0);
        expect(s).toBeGreaterThanOrEqual(0);
      });
    }
  });
});
