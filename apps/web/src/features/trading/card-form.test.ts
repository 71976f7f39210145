import { describe, expect, it } from 'vitest';
import { parseExpiry, readCard } from './card-form';

describe('parseExpiry', () => {
  it('reads MM/YY and MM/YYYY, with or without spaces', () => {
    expect(parseExpiry('12/34')).toEqual({ expMonth: 12, expYear: 2034 });
    expect(parseExpiry(' 3 / 2031 ')).toEqual({ expMonth: 3, expYear: 2031 });
  });
  it('refuses what is not a month and a year', () => {
    for (const text of ['', '13/30', '00/30', '1230', '12/3', '12-30', 'ab/cd']) {
      expect(parseExpiry(text), text).toBeNull();
    }
  });
});

describe('readCard', () => {
  it('drops spaces and dashes from the number', () => {
    expect(readCard({ number: '4242 4242-4242 4242', expiry: '12/34', cvc: ' 123 ' })).toEqual({
      card: { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' },
    });
  });
  it('names the first field to fix', () => {
    expect(readCard({ number: '4242', expiry: '12/34', cvc: '123' })).toEqual({
      error: 'Enter the card number',
    });
    expect(readCard({ number: '4242424242424242', expiry: '1/', cvc: '123' })).toEqual({
      error: 'Enter the expiry as MM/YY',
    });
    expect(readCard({ number: '4242424242424242', expiry: '01/30', cvc: '12' })).toEqual({
      error: 'Enter the CVC',
    });
  });
});
