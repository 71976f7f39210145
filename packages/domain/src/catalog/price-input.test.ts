import { describe, expect, it } from 'vitest';
import { fxQueryFor, fxRatioFromResults } from '../fx/fx';
import {
  canApplyRange,
  filterCentsToPriceInput,
  formatPriceInput,
  priceInputToFilterCents,
  priceInputToMinorUnits,
  typedPriceInput,
  typedWholeNumberInput,
} from './price-input';

// 1 ETH = $2,000.00
const ETH_TO_USD = fxRatioFromResults(fxQueryFor('ETH', 'USD'), [{ price: '2000' }]);
const USD_TO_ETH = fxRatioFromResults(fxQueryFor('USD', 'ETH'), [{ price: '2000' }]);

// The seeded rate: 1 ETH = $3,150.25, where a cent is about 0.0000032 ETH.
const SEED_ETH_TO_USD = fxRatioFromResults(fxQueryFor('ETH', 'USD'), [{ price: '3150.25' }]);
const SEED_USD_TO_ETH = fxRatioFromResults(fxQueryFor('USD', 'ETH'), [{ price: '3150.25' }]);

describe('an ETH price bound shown again after Apply', () => {
  it('reads as typed (0.05 and 0.1), not as the cents converted back (0.049999, 0.100001)', () => {
    for (const typed of ['0.05 ETH', '0.1 ETH', '1.2345 ETH', '2 ETH']) {
      const cents = priceInputToFilterCents(typed, 'ETH', SEED_ETH_TO_USD);
      expect(filterCentsToPriceInput(cents, 'ETH', SEED_USD_TO_ETH, SEED_ETH_TO_USD)).toBe(typed);
    }
  });

  it('is the shortest ETH amount that gives the same cents', () => {
    const text = filterCentsToPriceInput(15_751, 'ETH', SEED_USD_TO_ETH, SEED_ETH_TO_USD);
    expect(priceInputToFilterCents(text, 'ETH', SEED_ETH_TO_USD)).toBe(15_751);
    expect(text).toBe('0.05 ETH');
  });
});

describe('price inputs (001 §5 "Filters and inputs")', () => {
  it('keeps no negatives and adds thousand separators while typing', () => {
    expect(typedPriceInput('-1234', 'USD')).toBe('$1,234');
    expect(typedPriceInput('1234567.891', 'USD')).toBe('$1,234,567.89');
    expect(typedPriceInput('$12.', 'USD')).toBe('$12.');
    expect(typedPriceInput('', 'USD')).toBe('');
    expect(typedPriceInput('$', 'USD')).toBe('');
    expect(typedPriceInput('abc', 'ETH')).toBe('');
  });

  it('gives USD a $ prefix and 2 fixed decimals, ETH an " ETH" suffix with unrestricted decimals', () => {
    expect(formatPriceInput('1234.5', 'USD')).toBe('$1,234.50');
    expect(formatPriceInput('$200', 'USD')).toBe('$200.00');
    expect(typedPriceInput('1234.123456789', 'ETH')).toBe('1,234.123456789 ETH');
    expect(formatPriceInput('1,234.123456789 ETH', 'ETH')).toBe('1,234.123456789 ETH');
    expect(formatPriceInput('0.50', 'ETH')).toBe('0.5 ETH');
    expect(formatPriceInput('-', 'ETH')).toBe('');
  });

  it('reads minor units: cents for USD, wei for ETH', () => {
    expect(priceInputToMinorUnits('$1,234.50', 'USD')).toBe(123_450n);
    expect(priceInputToMinorUnits('1.5 ETH', 'ETH')).toBe(1_500_000_000_000_000_000n);
    expect(priceInputToMinorUnits('.25', 'ETH')).toBe(250_000_000_000_000_000n);
    expect(priceInputToMinorUnits('', 'ETH')).toBeNull();
    expect(priceInputToMinorUnits('1.2.3', 'ETH')).toBeNull();
  });

  it('multiplies a USD bound by 100 and converts an ETH bound to USD cents', () => {
    expect(priceInputToFilterCents('$200.00', 'USD', null)).toBe(20_000);
    expect(priceInputToFilterCents('0.1 ETH', 'ETH', ETH_TO_USD)).toBe(20_000);
    expect(priceInputToFilterCents('0.1 ETH', 'ETH', null)).toBeNull();
    expect(priceInputToFilterCents('', 'USD', null)).toBeNull();
  });

  it('shows a cents bound in the input currency', () => {
    expect(filterCentsToPriceInput(20_050, 'USD', null)).toBe('$200.50');
    expect(filterCentsToPriceInput(20_000, 'ETH', USD_TO_ETH)).toBe('0.1 ETH');
    expect(filterCentsToPriceInput(null, 'USD', null)).toBe('');
  });

  it('Apply is enabled when at least one bound is set, or both with radio options', () => {
    expect(canApplyRange('', '')).toBe(false);
    expect(canApplyRange('$1.00', '')).toBe(true);
    expect(canApplyRange('', '2 ETH')).toBe(true);
    expect(canApplyRange('$1.00', '', true)).toBe(false);
    expect(canApplyRange('$1.00', '$2.00', true)).toBe(true);
  });

  it('keeps min/max numeric inputs whole and non-negative with separators', () => {
    expect(typedWholeNumberInput('-12345')).toBe('12,345');
    expect(typedWholeNumberInput('1.5')).toBe('15');
    expect(typedWholeNumberInput('007')).toBe('7');
    expect(typedWholeNumberInput('')).toBe('');
  });
});
