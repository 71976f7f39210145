import { describe, expect, it } from 'vitest';
import {
  cashOutAmountError,
  cashOutView,
  dashboardTabOf,
  editionName,
  formatSignedCents,
  movementDetails,
  movementLabel,
  paymentMethodLabel,
  paymentStateLabel,
  primaryPurchaseName,
  purchaseSource,
} from './dashboard-format';

describe('dashboardTabOf', () => {
  it('reads the spec paths and their inner tabs', () => {
    expect(dashboardTabOf('/dashboard')).toBe('sales');
    expect(dashboardTabOf('/dashboard/purchases-sales')).toBe('sales');
    expect(dashboardTabOf('/dashboard/purchases-sales/sales')).toBe('sales');
    expect(dashboardTabOf('/dashboard/purchases-sales/purchases/')).toBe('purchases');
    expect(dashboardTabOf('/dashboard/transactions')).toBe('transactions');
    expect(dashboardTabOf('/dashboard/transactions/other')).toBe('transactions');
    expect(dashboardTabOf('/dashboard/active-discounts')).toBe('active-discounts');
    expect(dashboardTabOf('/dashboard/deposit')).toBe('deposit');
  });
  it('answers null for paths that are not a tab', () => {
    expect(dashboardTabOf('/dashboard/purchases-sales/refunds')).toBeNull();
    expect(dashboardTabOf('/dashboard/deposit/manual')).toBeNull();
    expect(dashboardTabOf('/dashboard/nope')).toBeNull();
    expect(dashboardTabOf('/explore')).toBeNull();
  });
});

describe('formatSignedCents', () => {
  it('signs money in and out', () => {
    expect(formatSignedCents(1250)).toBe('+$12.50');
    expect(formatSignedCents(-300)).toBe('−$3.00');
    expect(formatSignedCents(0)).toBe('$0.00');
  });
});

describe('labels', () => {
  it('names ledger entries by memo', () => {
    expect(movementLabel('deposit', 'deposit')).toBe('Funds added by card');
    expect(movementLabel('refund', 'deposit_refunded')).toBe('Funds added by card, refunded');
    expect(movementLabel('payout', 'payout')).toBe('Cash out');
    expect(movementLabel('purchase', 'proceeds')).toBe('Sale proceeds');
    expect(movementLabel('purchase', 'payment')).toBe('Purchase paid from balance');
    expect(movementLabel('offer_refund', 'other')).toBe('Offer refund');
    // Review 2026-12-07: a publisher's primary proceeds read 'Purchase', and refunds' give-backs a bare 'Refund'.
    expect(movementLabel('purchase', 'publisher_proceeds')).toBe('Primary sale proceeds');
    expect(movementLabel('refund', 'proceeds_refunded')).toBe('Sale proceeds, refunded');
    expect(movementLabel('refund', 'creator_fee_refunded')).toBe('Creator royalty, refunded');
    expect(movementLabel('refund', 'publisher_proceeds_refunded')).toBe('Primary sale proceeds, refunded');
    expect(movementLabel('refund', 'refund')).toBe('Refund of a card payment');
    expect(movementLabel('refund', 'refund_to_card')).toBe('Refund sent to your card');
    expect(movementLabel('purchase_forfeited', 'publisher_proceeds')).toBe('Drawing win forfeited');
  });
  it('names methods and states', () => {
    expect(paymentMethodLabel('stripe_card')).toBe('Card');
    expect(paymentMethodLabel(null)).toBe('—');
    expect(paymentMethodLabel('stripe_card', { brand: 'Visa', last4: '4242' })).toBe('Visa •••• 4242');
    expect(paymentMethodLabel('balance', null)).toBe('Account balance');
    expect(paymentStateLabel('paid')).toBe('Paid');
  });
});

describe('editionName', () => {
  it('names an edition once: a name that already ends with its number is left as it is', () => {
    expect(editionName('Hush (Slate) #9', 9)).toBe('Hush (Slate) #9');
    expect(editionName('Hush (Slate)', 9)).toBe('Hush (Slate) #9');
    // Another number at the end is not this edition's.
    expect(editionName('Hush #19', 9)).toBe('Hush #19 #9');
    expect(editionName('  Hush #9 ', 9)).toBe('Hush #9');
    expect(editionName('', 3)).toBe('#3');
  });
});

describe('movementDetails', () => {
  it('shows a description only when it says more than the movement’s name', () => {
    expect(movementDetails('Funds added by card', 'Funds added by card')).toBe('—');
    expect(movementDetails('Cash out', ' cash out ')).toBe('—');
    expect(movementDetails('Sale proceeds', '')).toBe('—');
    expect(movementDetails('Sale proceeds', null)).toBe('—');
    expect(movementDetails('Sale proceeds', 'Salt Line #22')).toBe('Salt Line #22');
  });
});

describe('primaryPurchaseName', () => {
  it('names the editions a primary purchase minted, else the title and the quantity', () => {
    expect(primaryPurchaseName('Salt Line', 1, [22])).toBe('Salt Line #22');
    expect(primaryPurchaseName('Salt Line', 2, [22, 23])).toBe('Salt Line #22, #23');
    // Not minted yet (an open edition before its minting job).
    expect(primaryPurchaseName('Salt Line', 2, [])).toBe('Salt Line ×2');
    expect(primaryPurchaseName('Salt Line', 1, [])).toBe('Salt Line');
  });
});

describe('purchaseSource', () => {
  it('tells accepted offers and auction and drawing wins from intents, with the row note', () => {
    expect(purchaseSource('listing')).toEqual({ kind: 'intent', note: null });
    expect(purchaseSource('fcfs')).toEqual({ kind: 'intent', note: null });
    expect(purchaseSource('offer')).toEqual({ kind: 'offer', note: 'Your accepted offer' });
    expect(purchaseSource('global_offer')).toEqual({ kind: 'offer', note: 'Your accepted offer' });
    for (const saleType of ['auction', 'ranked_auction', 'silent_auction']) {
      expect(purchaseSource(saleType)).toEqual({ kind: 'auction', note: 'Won at auction' });
    }
    expect(purchaseSource('drawing')).toEqual({ kind: 'drawing', note: 'Won in a drawing' });
  });
});

// Bug 2026-12: Cash out offered the whole available balance, and the server refused what was still settling.
describe('cashOutView and cashOutAmountError', () => {
  const state = (o: Partial<Parameters<typeof cashOutView>[0]> = {}) => ({
    balanceInCents: 5_000,
    availableInCents: 5_000,
    cashableInCents: 5_000,
    cashoutMinimumInCents: 100,
    cashoutSettleDays: 7,
    ...o,
  });
  const SETTLING = 'Funds added by card and sale proceeds can be cashed out 7 days after they arrive.';

  it('offers the form up to the available balance when nothing is settling', () => {
    const view = cashOutView(state());
    expect(view).toEqual({ kind: 'form', maxCents: 5_000, settling: null });
    expect(cashOutAmountError(5_000, view)).toBeNull();
    expect(cashOutAmountError(5_001, view)).toBe('You can cash out up to $50.00');
  });

  it('offers only the settled part, says why, and refuses more before it is sent', () => {
    const view = cashOutView(state({ cashableInCents: 3_000 }));
    expect(view).toEqual({ kind: 'form', maxCents: 3_000, settling: SETTLING });
    expect(cashOutAmountError(3_000, view)).toBeNull();
    expect(cashOutAmountError(3_001, view)).toBe(`You can cash out up to $30.00 now. ${SETTLING}`);
    // The configured days, in plain English.
    expect(cashOutView(state({ cashableInCents: 3_000, cashoutSettleDays: 1 }))).toMatchObject({
      settling: 'Funds added by card and sale proceeds can be cashed out 1 day after they arrive.',
    });
  });

  it('offers no form when nothing that could go through is cashable, and says why', () => {
    expect(cashOutView(state({ balanceInCents: 0, availableInCents: 0, cashableInCents: 0 }))).toEqual({
      kind: 'empty',
    });
    expect(cashOutView(state({ availableInCents: 5_000, cashableInCents: 0 }))).toEqual({
      kind: 'closed',
      lines: ['None of your balance can be cashed out yet.', SETTLING],
    });
    expect(cashOutView(state({ cashableInCents: 50 }))).toEqual({
      kind: 'closed',
      lines: ['You can cash out up to $0.50 now, below the $1.00 minimum for a cash out.', SETTLING],
    });
    expect(cashOutView(state({ balanceInCents: 50, availableInCents: 50, cashableInCents: 50 }))).toEqual({
      kind: 'closed',
      lines: ['Your balance of $0.50 is below the $1.00 minimum for a cash out.'],
    });
    expect(cashOutView(state({ availableInCents: 50, cashableInCents: 50 }))).toEqual({
      kind: 'closed',
      lines: [
        'You have $0.50 available, below the $1.00 minimum for a cash out. The rest of your balance is held for your offers, bids and drawing entries.',
      ],
    });
    expect(cashOutView(state({ availableInCents: 0, cashableInCents: 0 }))).toMatchObject({ kind: 'closed' });
    // Exactly the minimum settled: the form, up to it.
    expect(cashOutView(state({ cashableInCents: 100 }))).toEqual({
      kind: 'form',
      maxCents: 100,
      settling: SETTLING,
    });
    expect(cashOutAmountError(5_000, { kind: 'empty' })).toBeNull();
  });
});
