import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitAmount } from './split-amount';

describe('splitAmount', () => {
  it('divides by the percentages', () => {
    expect(splitAmount(9_000, [70, 30])).toEqual([6_300, 2_700]);
    expect(splitAmount(100, [100])).toEqual([100]);
  });
  it('gives the cents left over to the largest remainders, first on ties', () => {
    expect(splitAmount(100, [33.33, 33.33, 33.34])).toEqual([33, 33, 34]);
    expect(splitAmount(1, [50, 50])).toEqual([1, 0]);
    expect(splitAmount(101, [50, 50])).toEqual([51, 50]);
  });
  it('reads percentages not totalling 100 as proportions; none gives nothing', () => {
    expect(splitAmount(90, [1, 2])).toEqual([30, 60]);
    expect(splitAmount(90, [])).toEqual([]);
    expect(splitAmount(90, [0])).toEqual([]);
  });
  it('always sums to the amount, never negative', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000_000 }),
        fc.array(fc.integer({ min: 1, max: 10_000 }), { minLength: 1, maxLength: 10 }),
        (total, bps) => {
          const parts = splitAmount(
            total,
            bps.map((b) => b / 100),
          );
          expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
          expect(parts.every((p) => p >= 0)).toBe(true);
        },
      ),
    );
  });
});
