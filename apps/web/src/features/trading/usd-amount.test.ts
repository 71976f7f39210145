import { describe, expect, it } from 'vitest';
import { AMOUNT_FORMAT_MESSAGE, amountText, parseUsdAmount } from './usd-amount';

describe('parseUsdAmount', () => {
  it('reads dollars and cents as integer cents', () => {
    expect(parseUsdAmount('12.5')).toEqual({ cents: 1250 });
    expect(parseUsdAmount(' 7 ')).toEqual({ cents: 700 });
    expect(parseUsdAmount('0.01')).toEqual({ cents: 1 });
    expect(parseUsdAmount('$12.50')).toEqual({ cents: 1250 });
    expect(parseUsdAmount('0010000')).toEqual({ cents: 1_000_000 });
  });
  it('reads commas between groups of three digits as thousands', () => {
    expect(parseUsdAmount('1,250.00')).toEqual({ cents: 125_000 });
    expect(parseUsdAmount('$1,000.5')).toEqual({ cents: 100_050 });
    expect(parseUsdAmount('1,250')).toEqual({ cents: 125_000 });
    expect(parseUsdAmount('123,456,789,012')).toEqual({ cents: 12_345_678_901_200 });
  });
  it('refuses a decimal comma and anything else that is not an amount', () => {
    for (const text of ['12,50', '12,5', '1,2500', '1,25,000', ',250', '1,250,', '1.234', '-5', '1e3', '12.'])
      expect(parseUsdAmount(text), text).toEqual({ error: AMOUNT_FORMAT_MESSAGE });
    expect(parseUsdAmount('')).toEqual({ error: 'Enter an amount' });
    expect(parseUsdAmount('0')).toEqual({ error: 'Enter an amount above zero' });
    expect(parseUsdAmount('1234567890123')).toEqual({ error: AMOUNT_FORMAT_MESSAGE });
  });
  it('keeps an amount in its range', () => {
    const range = { min: 100, max: 1_000_000 };
    expect(parseUsdAmount('12.50', range)).toEqual({ cents: 1250 });
    expect(parseUsdAmount('10,000.00', range)).toEqual({ cents: 1_000_000 });
    expect(parseUsdAmount(' 0.99 ', range)).toEqual({ error: 'Enter an amount from $1.00 to $10,000.00' });
    expect(parseUsdAmount('10000.01', range)).toEqual({ error: 'Enter an amount from $1.00 to $10,000.00' });
    expect(parseUsdAmount('99999999999', range)).toEqual({
      error: 'Enter an amount from $1.00 to $10,000.00',
    });
    expect(parseUsdAmount('12,50', range)).toEqual({ error: AMOUNT_FORMAT_MESSAGE });
  });
});

describe('amountText', () => {
  it('writes cents as the plain amount the API reads', () => {
    expect(amountText(125_000)).toBe('1250.00');
    expect(amountText(5)).toBe('0.05');
  });
});
