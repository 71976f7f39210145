import { describe, expect, it } from 'vitest';
import {
  AMOUNT_FORMAT_MESSAGE,
  amountText,
  discountProblem,
  MAX_TRADE_CENTS,
  PRICE_FORMAT_MESSAGE,
  readAmount,
  readDiscount,
  readPrice,
  readTradeAmount,
  readUsdAmount,
} from './typed-amount';

/** Not amounts in any currency: decimal or misplaced commas, signs, exponents, a bare point. */
const NOT_AMOUNTS = [
  '12,50',
  '12,5',
  '1,2500',
  '1,25,000',
  ',250',
  '1,250,',
  '1,250.',
  '-5',
  '+5',
  '1e3',
  '12.',
  '.5',
  '1 250',
  '12.5.0',
  '0x10',
  'abc',
  '١٢',
];

describe('readAmount', () => {
  it('reads USD in integer cents and ETH in integer wei', () => {
    expect(readAmount('12.5', 'USD')).toEqual({ units: 1250n });
    expect(readAmount('0.01', 'USD')).toEqual({ units: 1n });
    expect(readAmount('0', 'USD')).toEqual({ units: 0n });
    expect(readAmount('0.5', 'ETH')).toEqual({ units: 5n * 10n ** 17n });
    expect(readAmount('0.000000000000000001', 'ETH')).toEqual({ units: 1n });
    expect(readAmount(' 2 ', 'ETH')).toEqual({ units: 2n * 10n ** 18n });
  });
  it('stays exact where floating point would not (0.1 + 0.2, 18 decimals)', () => {
    expect(readAmount('0.29', 'USD')).toEqual({ units: 29n }); // 0.29 * 100 is 28.999999999999996
    expect(readAmount('999999999999.123456789012345678', 'ETH')).toEqual({
      units: 999_999_999_999_123_456_789_012_345_678n,
    });
  });
  it('reads commas between groups of three digits as thousands, in both currencies', () => {
    expect(readAmount('1,250.00', 'USD')).toEqual({ units: 125_000n });
    expect(readAmount('1,250', 'ETH')).toEqual({ units: 1250n * 10n ** 18n });
    expect(readAmount('123,456,789,012', 'USD')).toEqual({ units: 12_345_678_901_200n });
  });
  it('takes a leading $ on a USD amount only', () => {
    expect(readAmount('$ 12.50', 'USD')).toEqual({ units: 1250n });
    expect(readAmount('$12.50', 'ETH')).toEqual({ problem: 'format' });
  });
  it('refuses a decimal comma and anything else that is not an amount', () => {
    for (const currency of ['USD', 'ETH'] as const)
      for (const text of NOT_AMOUNTS) expect(readAmount(text, currency), text).toEqual({ problem: 'format' });
    expect(readAmount('  ', 'USD')).toEqual({ problem: 'empty' });
    expect(readAmount('$', 'USD')).toEqual({ problem: 'empty' });
  });
  it('refuses more decimals than the currency has and more than 12 whole digits', () => {
    expect(readAmount('0.001', 'USD')).toEqual({ problem: 'format' });
    expect(readAmount('0.001', 'ETH')).toEqual({ units: 10n ** 15n });
    expect(readAmount('0.0000000000000000001', 'ETH')).toEqual({ problem: 'format' });
    expect(readAmount('999999999999', 'USD')).toEqual({ units: 99_999_999_999_900n });
    // An amount too large to be one (a UX review's 20 digits) is told apart from text that is not an amount.
    expect(readAmount('1234567890123', 'USD')).toEqual({ problem: 'too_large' });
    expect(readAmount('1,234,567,890,123', 'ETH')).toEqual({ problem: 'too_large' });
    expect(readAmount('12345678901234567890.5', 'USD')).toEqual({ problem: 'too_large' });
    expect(readAmount('12345678901234567890.555', 'USD')).toEqual({ problem: 'format' });
  });
});

describe('readUsdAmount (offers, bids, deposit, cash out)', () => {
  it('reads dollars and cents as integer cents', () => {
    expect(readUsdAmount('12.5')).toEqual({ cents: 1250 });
    expect(readUsdAmount(' 7 ')).toEqual({ cents: 700 });
    expect(readUsdAmount('0.01')).toEqual({ cents: 1 });
    expect(readUsdAmount('$12.50')).toEqual({ cents: 1250 });
    expect(readUsdAmount('0010000')).toEqual({ cents: 1_000_000 });
  });
  it('reads commas between groups of three digits as thousands', () => {
    expect(readUsdAmount('1,250.00')).toEqual({ cents: 125_000 });
    expect(readUsdAmount('$1,000.5')).toEqual({ cents: 100_050 });
    expect(readUsdAmount('1,250')).toEqual({ cents: 125_000 });
    expect(readUsdAmount('123,456,789,012')).toEqual({ cents: 12_345_678_901_200 });
  });
  it('refuses a decimal comma and anything else that is not an amount', () => {
    for (const text of [...NOT_AMOUNTS, '1.234'])
      expect(readUsdAmount(text), text).toEqual({ error: AMOUNT_FORMAT_MESSAGE });
    expect(AMOUNT_FORMAT_MESSAGE).toBe('Enter an amount like 125 or 12.50');
    expect(readUsdAmount('')).toEqual({ error: 'Enter an amount' });
    expect(readUsdAmount('0')).toEqual({ error: 'Enter an amount above zero' });
    expect(readUsdAmount('1234567890123')).toEqual({
      error: 'The amount is too high: at most $10,000,000.00',
    });
  });
  it('keeps an amount in its range', () => {
    const range = { min: 100, max: 1_000_000 };
    expect(readUsdAmount('12.50', range)).toEqual({ cents: 1250 });
    expect(readUsdAmount('10,000.00', range)).toEqual({ cents: 1_000_000 });
    expect(readUsdAmount(' 0.99 ', range)).toEqual({ error: 'Enter an amount from $1.00 to $10,000.00' });
    expect(readUsdAmount('10000.01', range)).toEqual({ error: 'Enter an amount from $1.00 to $10,000.00' });
    expect(readUsdAmount('99999999999', range)).toEqual({
      error: 'Enter an amount from $1.00 to $10,000.00',
    });
    expect(readUsdAmount('12,50', range)).toEqual({ error: AMOUNT_FORMAT_MESSAGE });
    // 20 digits: the range, not 'like 125 or 12.50' (UX review, 2026-12-06).
    expect(readUsdAmount('12345678901234567890', range)).toEqual({
      error: 'Enter an amount from $1.00 to $10,000.00',
    });
  });
});

describe('readPrice (the listing price, USD or ETH)', () => {
  it('reads a price as minor units and as the plain decimal the API reads', () => {
    expect(readPrice('25', 'USD')).toEqual({ units: 2500n, amount: '25' });
    expect(readPrice(' 1,250.50 ', 'USD')).toEqual({ units: 125_050n, amount: '1250.5' });
    expect(readPrice('0.25', 'ETH')).toEqual({ units: 25n * 10n ** 16n, amount: '0.25' });
    expect(readPrice('0.123456789012345678', 'ETH')).toEqual({
      units: 123_456_789_012_345_678n,
      amount: '0.123456789012345678',
    });
    expect(readPrice('2,000', 'ETH')).toEqual({ units: 2000n * 10n ** 18n, amount: '2000' });
  });
  it("refuses a price below 001 §5's lowest ($1, 0.001 ETH); the upper bound is the API's", () => {
    expect(readPrice('0', 'USD')).toEqual({ error: 'Please enter a value 1 or greater' });
    expect(readPrice('0.99', 'USD')).toEqual({ error: 'Please enter a value 1 or greater' });
    expect(readPrice('1', 'USD')).toEqual({ units: 100n, amount: '1' });
    expect(readPrice('0.0009', 'ETH')).toEqual({ error: 'Please enter a value 0.001 or greater' });
    expect(readPrice('0.001', 'ETH')).toEqual({ units: 10n ** 15n, amount: '0.001' });
    expect(readPrice('99999999999', 'USD')).toEqual({ units: 9_999_999_999_900n, amount: '99999999999' });
  });
  it('refuses a decimal comma, a fraction of a cent and anything else that is not a price', () => {
    for (const currency of ['USD', 'ETH'] as const)
      for (const text of NOT_AMOUNTS)
        expect(readPrice(text, currency), text).toEqual({ error: PRICE_FORMAT_MESSAGE });
    expect(PRICE_FORMAT_MESSAGE).toBe('Enter a price like 125 or 12.50');
    expect(readPrice('0.001', 'USD')).toEqual({ error: PRICE_FORMAT_MESSAGE });
    expect(readPrice('1234567890123', 'ETH')).toEqual({
      error: 'The price is too high: at most $10,000,000.00',
    });
    expect(readPrice('$25', 'ETH')).toEqual({ error: PRICE_FORMAT_MESSAGE });
    expect(readPrice(' ', 'ETH')).toEqual({ error: 'Enter a price' });
  });
});

describe('amountText', () => {
  it('writes cents as the plain amount the API reads', () => {
    expect(amountText(125_000)).toBe('1250.00');
    expect(amountText(5)).toBe('0.05');
    expect(amountText(0)).toBe('0.00');
    expect(amountText(12_345_678_901_200)).toBe('123456789012.00');
  });
});

describe('readDiscount (a seller discount off a listing)', () => {
  it('reads a discount in the listing currency that leaves at least the lowest price', () => {
    expect(readDiscount('20', 'USD', 10_000n)).toEqual({ units: 2_000n, amount: '20' });
    expect(readDiscount('$99', 'USD', 10_000n)).toEqual({ units: 9_900n, amount: '99' });
    expect(readDiscount('0.1', 'ETH', 5n * 10n ** 17n)).toEqual({ units: 10n ** 17n, amount: '0.1' });
  });

  it('refuses nothing, zero, text and a discount that would take the price below the lowest', () => {
    expect(readDiscount('', 'USD', 10_000n)).toEqual({ error: 'Enter a discount' });
    expect(readDiscount('0', 'USD', 10_000n)).toEqual({ error: 'Enter a discount above 0' });
    expect(readDiscount('2,50', 'USD', 10_000n)).toEqual({ error: AMOUNT_FORMAT_MESSAGE });
    expect(readDiscount('99.01', 'USD', 10_000n)).toEqual({
      error: 'A discount must leave a price of $1.00 or more: at most $99.00 off $100.00',
    });
    expect(readDiscount('0.5', 'ETH', 5n * 10n ** 17n)).toEqual({
      error: 'A discount must leave a price of 0.001 ETH or more: at most 0.499 ETH off 0.5 ETH',
    });
  });

  it('says a price at the lowest leaves no room for any discount', () => {
    expect(discountProblem(100n, 1n, 'USD')).toBe(
      'A discount must leave a price of $1.00 or more: at most $0.00 off $1.00',
    );
  });
});

describe('readTradeAmount', () => {
  it("reads an offer's or bid's amount up to the API's limit, and names the limit above it", () => {
    expect(readTradeAmount('10,000,000.00')).toEqual({ cents: MAX_TRADE_CENTS });
    expect(readTradeAmount('10000000.01')).toEqual({
      error: 'The amount is too high: at most $10,000,000.00',
    });
    expect(readTradeAmount('12.50')).toEqual({ cents: 1_250 });
    expect(readTradeAmount('0')).toEqual({ error: 'Enter an amount above zero' });
  });
});
