import { describe, expect, it } from 'vitest';
import { PAYMENT_METHODS } from '../constants';
import { cardBrandName, paymentCardLabel, paymentCurrencyForMethod } from './payment-method';

describe('paymentCurrencyForMethod (000 §3 "eth and prepaid_eth use ETH")', () => {
  it('pays in ETH for eth and prepaid_eth, USD otherwise', () => {
    const currencies = Object.fromEntries(PAYMENT_METHODS.map((m) => [m, paymentCurrencyForMethod(m)]));
    expect(currencies).toEqual({
      stripe_card: 'USD',
      stripe_klarna: 'USD',
      gemini_balance: 'USD',
      eth: 'ETH',
      prepaid_eth: 'ETH',
      balance: 'USD',
      no_payment_required: 'USD',
    });
  });
});

describe('paymentCardLabel (the receipt names the card that paid)', () => {
  it('shows the brand and the last four digits, the rest masked', () => {
    expect(paymentCardLabel({ brand: 'Visa', last4: '4242' })).toBe('Visa •••• 4242');
    expect(paymentCardLabel({ brand: 'American Express', last4: '8431' })).toBe('American Express •••• 8431');
  });

  it("names a brand kept as the processor spells it (rows written before the receipt named it): 'visa' is Visa", () => {
    expect(paymentCardLabel({ brand: 'visa', last4: '4242' })).toBe('Visa •••• 4242');
    expect(paymentCardLabel({ brand: 'amex', last4: '8431' })).toBe('American Express •••• 8431');
    expect(paymentCardLabel({ brand: 'maestro', last4: '0005' })).toBe('Maestro •••• 0005');
    expect(cardBrandName('unionpay')).toBe('UnionPay');
  });
});
