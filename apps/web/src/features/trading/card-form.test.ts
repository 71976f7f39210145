import { describe, expect, it } from 'vitest';
import { ApiError } from '../../app/api-error';
import { config } from '../../app/config';
import {
  CARD_FORM_LOADING_MESSAGE,
  cardErrorsOf,
  cardFieldMessages,
  clearChanged,
  isCardFieldError,
  parseExpiry,
  readCard,
} from './card-form';
import { StripeCard, type StripeCardElements } from './stripe-card';

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
  it('names every field to fix, each at its field', () => {
    expect(readCard({ number: '4242', expiry: '12/34', cvc: '123' })).toEqual({
      errors: { number: 'Enter the card number' },
    });
    expect(readCard({ number: '4242424242424242', expiry: '1/', cvc: '123' })).toEqual({
      errors: { expiry: 'Enter the expiry as MM/YY' },
    });
    expect(readCard({ number: '1234 5678', expiry: '13/20', cvc: '1' })).toEqual({
      errors: { number: 'Enter the card number', expiry: 'Enter the expiry as MM/YY', cvc: 'Enter the CVC' },
    });
  });
});

describe('cardErrorsOf', () => {
  const refusal = (fields?: Record<string, string>) =>
    new ApiError({
      statusCode: 400,
      errorType: 'validation-error',
      message: 'Invalid request',
      ...(fields ? { fields } : {}),
    });
  it("puts the processor's reasons at the card's fields", () => {
    expect(cardErrorsOf(refusal({ number: 'Your card number is invalid.' }))).toEqual({
      number: 'Your card number is invalid.',
    });
    expect(cardErrorsOf(refusal({ exp: "Your card's expiration date is invalid." }))).toEqual({
      expiry: "Your card's expiration date is invalid.",
    });
    expect(isCardFieldError(refusal({ cvc: "Your card's security code is invalid." }))).toBe(true);
  });
  it('leaves anything not tied to a card field above the form', () => {
    expect(cardErrorsOf(refusal())).toBeNull();
    expect(cardErrorsOf(refusal({ amount_in_cents: 'Too small' }))).toBeNull();
    expect(isCardFieldError(refusal({ amount_in_cents: 'Too small', number: 'x' }))).toBe(false);
    expect(cardErrorsOf(new Error('offline'))).toBeNull();
  });
});

describe('clearChanged', () => {
  it('drops the message of each field that was edited', () => {
    const before = { number: '1', expiry: '2', cvc: '3' };
    expect(clearChanged({ number: 'a', cvc: 'c' }, before, { ...before, number: '12' })).toEqual({
      cvc: 'c',
    });
  });
});

describe('cardFieldMessages', () => {
  const sent = { number: '4242 4242 4242 4241', expiry: '12/34', cvc: '123' };
  const refusal = new ApiError({
    statusCode: 400,
    errorType: 'validation-error',
    message: 'Invalid request',
    fields: { number: 'Your card number is invalid.', cvc: "Your card's security code is invalid." },
  });
  it("shows the processor's refusal at each field still as sent", () => {
    expect(cardFieldMessages({}, refusal, sent, sent)).toEqual({
      number: 'Your card number is invalid.',
      cvc: "Your card's security code is invalid.",
    });
    expect(cardFieldMessages({}, refusal, sent, { ...sent, number: '4242 4242 4242 4242' })).toEqual({
      cvc: "Your card's security code is invalid.",
    });
  });
  it("puts the form's own check over the refusal, and shows it alone without one", () => {
    expect(cardFieldMessages({ cvc: 'Enter the CVC' }, refusal, sent, sent)).toEqual({
      number: 'Your card number is invalid.',
      cvc: 'Enter the CVC',
    });
    expect(cardFieldMessages({ expiry: 'Enter the expiry as MM/YY' }, null, sent, sent)).toEqual({
      expiry: 'Enter the expiry as MM/YY',
    });
    expect(cardFieldMessages({}, new Error('offline'), sent, sent)).toEqual({});
  });
});

describe('readCard with Stripe (the fields are Stripe’s own)', () => {
  const field = (complete: boolean, version: number, error: string | null = null) => ({
    complete,
    empty: !complete && error === null,
    error,
    version,
  });
  // Stand-ins for Stripe's mounted elements: readCard only hands them on.
  const elements = { id: 'mount-1' } as StripeCardElements;
  const withStripe = (run: () => void) => {
    config.stripePublishableKey = 'pk_test_card_form';
    try {
      run();
    } finally {
      config.stripePublishableKey = '';
    }
  };

  it('says the form is still loading before Stripe’s fields are mounted', () =>
    withStripe(() => {
      expect(readCard({ number: '', expiry: '', cvc: '' })).toEqual({
        errors: { number: CARD_FORM_LOADING_MESSAGE },
      });
    }));

  it('says what each unfinished field misses, in Stripe’s words when Stripe has some', () =>
    withStripe(() => {
      const read = readCard({
        number: '2',
        expiry: '1',
        cvc: '0',
        stripe: {
          elements,
          number: field(false, 2, 'Your card number is invalid.'),
          expiry: field(false, 1),
          cvc: field(false, 0),
        },
      });
      expect(read).toEqual({
        errors: {
          number: 'Your card number is invalid.',
          expiry: 'Enter the expiry as MM/YY',
          cvc: 'Enter the CVC',
        },
      });
    }));

  it('gives the card to pay with once every field is complete, named by the fields’ versions', () =>
    withStripe(() => {
      const read = readCard({
        number: '5',
        expiry: '3',
        cvc: '2',
        stripe: { elements, number: field(true, 5), expiry: field(true, 3), cvc: field(true, 2) },
      });
      if (!('card' in read)) throw new Error('no card');
      expect(read.card).toBeInstanceOf(StripeCard);
      expect((read.card as StripeCard).elements).toBe(elements);
      // A form's action key: the same fields as typed are the same card; an edit, or fields mounted again (a
      // remount starts the versions again), another.
      expect(JSON.stringify([100, read.card])).toBe('[100,"stripe:mount-1:5.3.2"]');
    }));
});
