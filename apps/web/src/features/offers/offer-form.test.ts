import { describe, expect, it } from 'vitest';
import { ApiError } from '../../app/api-error';
import { twoFactorRequired } from '../auth/step-up';
import { isDuplicateOffer, withEdition } from './offers-api';

describe('offer errors', () => {
  const error = (errorType: string, fields?: Record<string, string>) =>
    new ApiError({ statusCode: 403, errorType, message: 'x', ...(fields ? { fields } : {}) });
  it('names the two-factor method of a two_factor_required answer', () => {
    expect(twoFactorRequired(error('two_factor_required', { method: 'sms' }))).toBe('sms');
    expect(twoFactorRequired(error('two_factor_required'))).toBe('totp');
    expect(twoFactorRequired(error('two_factor_invalid'))).toBeNull();
    expect(twoFactorRequired(new Error('x'))).toBeNull();
  });
  it('knows the duplicate offer answer by its code starting pui_ (000 §5)', () => {
    expect(isDuplicateOffer(error('pui_duplicate_offer'))).toBe(true);
    expect(isDuplicateOffer(error('pui_offer_exists'))).toBe(true);
    expect(isDuplicateOffer(error('not-accepting-offers'))).toBe(false);
    expect(isDuplicateOffer(error('own-token'))).toBe(false);
  });
});

describe('a token named with its edition', () => {
  it('adds the edition number once: many names carry it already (the accept picker read "Salt Line #11 #11")', () => {
    expect(withEdition('Salt Line #11', 11)).toBe('Salt Line #11');
    expect(withEdition('Skagsanden, 11:40', 25)).toBe('Skagsanden, 11:40 #25');
    expect(withEdition('Salt Line #1', 11)).toBe('Salt Line #1 #11');
    expect(withEdition('Salt Line', null)).toBe('Salt Line');
  });
});
