import { describe, expect, it } from 'vitest';
import { bidAmountOf } from './trading.views';

describe('bidAmount (000 §3: the bid in dollars, leading and trailing zeros trimmed)', () => {
  it.each([
    [10_000, '100'],
    [1_050, '10.5'],
    [1_234, '12.34'],
    [5, '0.05'],
    [50, '0.5'],
    [100, '1'],
    [123_456_700, '1234567'],
  ])('%i cents reads %s', (cents, text) => {
    expect(bidAmountOf(cents)).toBe(text);
  });
});
