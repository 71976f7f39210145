import { primaryFeeBreakdown } from '@vitrine/domain';
import { describe, expect, it } from 'vitest';
import { editionsPriceText, quotesForQuantity } from './quantity-quote';
import type { Quote } from './trading-api';

/** A quote as the API answers it for `quantity` editions at `unit` cents (trading.views.ts). */
function apiQuote(unit: number, quantity: number, method: Quote['paymentMethod']): Quote {
  const b = primaryFeeBreakdown({ unitPriceCents: unit, quantity, method });
  return {
    paymentMethod: method,
    paymentCurrency: 'USD',
    priceInCents: b.priceCents,
    serviceFeeInCents: b.serviceFeeCents,
    cardFeeInCents: b.cardFeeCents,
    serviceAndCardFeeInCents: b.serviceAndCardFeeCents,
    creatorFeeInCents: b.creatorFeeCents,
    showGasFee: b.showGasFee,
    gasFeeInCents: b.gasFeeCents,
    totalInCents: b.buyerPaysCents,
    sellerReceivesInCents: b.sellerReceivesCents,
  };
}

describe('editionsPriceText (the price line of a drop checkout)', () => {
  it("says what a price of several editions is made of: '3 × $75.00' for $225.00", () => {
    expect(editionsPriceText(22_500, 3)).toBe('3 × $75.00');
    expect(editionsPriceText(250_000, 2)).toBe('2 × $1,250.00');
  });
  it('says nothing for one edition, or a price that is not whole cents per edition', () => {
    expect(editionsPriceText(7_500, 1)).toBeNull();
    expect(editionsPriceText(100, 3)).toBeNull();
  });
});

describe("quotesForQuantity (a typed quantity's figures before the API answers for it)", () => {
  const methods = ['stripe_card', 'balance', 'stripe_klarna'] as const;
  it('gives, for each method, the quotes the API answers for that quantity', () => {
    const one = { requestedQuantity: 1, quotes: methods.map((m) => apiQuote(7_500, 1, m)) };
    expect(quotesForQuantity(one, 3)).toEqual(methods.map((m) => apiQuote(7_500, 3, m)));
    // $75.00 × 3 by card: $225.00 and its card fee, 2.9 % + 30 c ($6.83): the walkthrough's $231.83.
    expect(quotesForQuantity(one, 3)?.[0]?.totalInCents).toBe(23_183);
    const four = { requestedQuantity: 4, quotes: methods.map((m) => apiQuote(2_500, 4, m)) };
    expect(quotesForQuantity(four, 1)).toEqual(methods.map((m) => apiQuote(2_500, 1, m)));
  });
  it('gives none for a quantity below one, or quotes without a whole unit price', () => {
    const one = { requestedQuantity: 1, quotes: [apiQuote(7_500, 1, 'balance')] };
    expect(quotesForQuantity(one, 0)).toBeNull();
    expect(quotesForQuantity({ requestedQuantity: 3, quotes: [apiQuote(100, 1, 'balance')] }, 2)).toBeNull();
  });
});
