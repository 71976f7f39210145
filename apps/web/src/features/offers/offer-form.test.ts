import { describe, expect, it } from 'vitest';
import { ApiError } from '../../app/api-error';
import { offerAmountCents } from './OfferForm';
import { isDuplicateOffer, twoFactorRequired } from './offers-api';

describe('offer amount', () => {
  it('reads dollars and cents as integer cents', () => {
    expect(offerAmountCents('12.5')).toEqual({ cents: 1250 });
    expect(offerAmountCents(' 7 ')).toEqual({ cents: 700 });
    expect(offerAmountCents('0.01')).toEqual({ cents: 1 });
  });
  it('refuses what cannot be an amount', () => {
    expect(offerAmountCents('')).toEqual({ error: 'Enter an amount' });
    expect(offerAmountCents('12,50')).toEqual({ error: 'Enter an amount like 125 or 12.50' });
    expect(offerAmountCents('1.234')).toEqual({ error: 'Enter an amount like 125 or 12.50' });
    expect(offerAmountCents('0')).toEqual({ error: 'Enter an amount above zero' });
  });
});

describe('offer errors', () => {
  const error = (errorType: string, fields?: Record<string, string>) =>
    new ApiError({ statusCode: 403, errorType, message: 'x', ...(fields ? { fields } : {}) });
  it('names the two-factor method of a two_factor_required answer', () => {
    expect(twoFactorRequired(error('two_factor_required', { method: 'sms' }))).toBe('sms');
    expect(twoFactorRequired(error('two_factor_required'))).toBe('totp');
    expect(twoFactorRequired(error('two_factor_invalid'))).toBeNull();
    expect(twoFactorRequired(new Error('x'))).toBeNull();
  });
  it('knows the duplicate offer answer', () => {
    expect(isDuplicateOffer(error('pui_duplicate_offer'))).toBe(true);
    expect(isDuplicateOffer(error('own-token'))).toBe(false);
  });
});
