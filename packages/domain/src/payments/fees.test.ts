import { describe, expect, it } from 'vitest';
import { PAYMENT_METHODS } from '../constants';
import { feeBreakdown, primaryFeeBreakdown, saleProceedsInfo } from './fees';

const base = { priceCents: 10_000, royaltyBps: 1_000, method: null, isExternal: false, deliveryFeeCents: 0 };

describe('feeBreakdown (decision 009)', () => {
  it('takes 5 % service and the royalty from the seller; a card buyer adds 2.9 % + 30 c', () => {
    expect(feeBreakdown({ ...base, method: 'stripe_card' })).toEqual({
      priceCents: 10_000,
      serviceFeeCents: 500,
      cardFeeCents: 320,
      serviceAndCardFeeCents: 820,
      creatorFeeCents: 1_000,
      sellerReceivesCents: 8_500,
      showGasFee: false,
      gasFeeCents: 0,
      buyerPaysCents: 10_320,
      platformReceivesCents: 820,
    });
  });

  it('adds no card fee for balance or other methods, so the seller gets the same whatever the buyer uses', () => {
    for (const method of PAYMENT_METHODS) {
      const b = feeBreakdown({ ...base, method });
      expect(b.sellerReceivesCents).toBe(8_500);
      expect(b.cardFeeCents).toBe(method === 'stripe_card' ? 320 : 0);
    }
  });

  it('shows the gas line only when a delivery fee exists and the listing is not external (000 §9)', () => {
    expect(feeBreakdown({ ...base, deliveryFeeCents: 250 })).toMatchObject({
      showGasFee: true,
      gasFeeCents: 250,
      buyerPaysCents: 10_250,
    });
    expect(feeBreakdown({ ...base, deliveryFeeCents: 250, isExternal: true })).toMatchObject({
      showGasFee: false,
      gasFeeCents: 0,
      buyerPaysCents: 10_000,
    });
    expect(feeBreakdown({ ...base, deliveryFeeCents: 0 }).showGasFee).toBe(false);
  });

  it('rounds half up in whole cents and conserves every cent', () => {
    for (const priceCents of [0, 1, 9, 10, 11, 19, 99, 101, 12_345, 999_999_99]) {
      for (const royaltyBps of [0, 250, 1_000, 9_600, 10_000]) {
        for (const method of ['stripe_card', 'balance'] as const) {
          const b = feeBreakdown({ priceCents, royaltyBps, method, isExternal: false, deliveryFeeCents: 7 });
          for (const v of Object.values(b)) if (typeof v === 'number') expect(Number.isInteger(v)).toBe(true);
          expect(b.sellerReceivesCents).toBeGreaterThanOrEqual(0);
          expect(b.buyerPaysCents).toBe(b.sellerReceivesCents + b.creatorFeeCents + b.platformReceivesCents);
        }
      }
    }
    expect(feeBreakdown({ ...base, priceCents: 10, royaltyBps: 0 }).serviceFeeCents).toBe(1); // 0.5 -> 1
    expect(feeBreakdown({ ...base, priceCents: 9, royaltyBps: 0 }).serviceFeeCents).toBe(0); // 0.45 -> 0
  });

  it('charges nothing on a free item', () => {
    expect(feeBreakdown({ ...base, priceCents: 0, method: 'stripe_card' })).toMatchObject({
      buyerPaysCents: 0,
      cardFeeCents: 0,
      sellerReceivesCents: 0,
    });
  });

  it('refuses fractional or negative money', () => {
    expect(() => feeBreakdown({ ...base, priceCents: 10.5 })).toThrow(RangeError);
    expect(() => feeBreakdown({ ...base, priceCents: -1 })).toThrow(RangeError);
    expect(() => feeBreakdown({ ...base, royaltyBps: 10_001 })).toThrow(RangeError);
  });
});

describe('saleProceedsInfo (000 §3)', () => {
  it('answers the three fields of the seller fee dialog', () => {
    expect(saleProceedsInfo(12_500, 1_000)).toEqual({
      nifty_fee_in_cents: 625,
      creator_fee_in_cents: 1_250,
      total_amount_seller_would_receive: 10_625,
    });
  });
});

describe('primaryFeeBreakdown (decision 009 "Primary sales")', () => {
  it('splits 90 % to the publisher and 10 % to the platform, card fee on the buyer', () => {
    const b = primaryFeeBreakdown({ unitPriceCents: 2_500, quantity: 2, method: 'stripe_card' });
    expect(b.priceCents).toBe(5_000);
    expect(b.serviceFeeCents).toBe(500);
    expect(b.sellerReceivesCents).toBe(4_500);
    expect(b.creatorFeeCents).toBe(0);
    expect(b.cardFeeCents).toBe(145 + 30);
    expect(b.buyerPaysCents).toBe(5_175);
    expect(b.buyerPaysCents).toBe(b.sellerReceivesCents + b.creatorFeeCents + b.platformReceivesCents);
  });

  it('conserves money for any price and quantity', () => {
    for (const unit of [0, 1, 99, 333, 10_001]) {
      for (const quantity of [1, 3, 7]) {
        for (const method of ['stripe_card', 'balance', null] as const) {
          const b = primaryFeeBreakdown({ unitPriceCents: unit, quantity, method });
          expect(b.buyerPaysCents).toBe(b.sellerReceivesCents + b.creatorFeeCents + b.platformReceivesCents);
          expect(b.sellerReceivesCents).toBeGreaterThanOrEqual(0);
        }
      }
    }
  });

  it('refuses a quantity below 1', () => {
    expect(() => primaryFeeBreakdown({ unitPriceCents: 100, quantity: 0, method: null })).toThrow(RangeError);
  });
});
