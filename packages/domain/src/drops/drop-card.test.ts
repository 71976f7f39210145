import { describe, expect, it } from 'vitest';
import {
  type DropSaleCard,
  dropCardButton,
  dropCardCountdown,
  dropCardCountdownLabel,
  dropCardPriceLine,
  isDropCardLive,
  remainingEditions,
} from './drop-card';

const START = '2025-02-18T12:00:00Z';
const END = '2025-02-20T12:00:00Z';
const OPEN = new Date('2025-02-19T12:00:00Z');
const BEFORE = new Date('2025-02-17T12:00:00Z');
const AFTER = new Date('2025-02-21T12:00:00Z');

function card(
  overrides: Partial<DropSaleCard> = {},
  nifty: Partial<DropSaleCard['nifty']> = {},
): DropSaleCard {
  return {
    nifty: {
      isOnePurchasePerUser: false,
      name: 'Mask',
      niftyTotalBurnt: 0,
      niftyTotalNumOfEditions: 10,
      niftyTotalReserved: 0,
      niftyTotalSold: 3,
      ...nifty,
    },
    saleType: 'standard',
    saleDetails: { price: 5000, highestBid: null },
    startDate: START,
    endDate: END,
    burnRequired: false,
    isFreeRedemption: false,
    ...overrides,
  };
}

describe('dropCardButton (001 §4 "Drop card button label by priority")', () => {
  it('(1) is Unavailable when all editions are reserved, before anything else', () => {
    const reserved = card({ burnRequired: true, startDate: START }, { niftyTotalReserved: 10 });
    expect(dropCardButton(reserved, BEFORE)).toEqual({ label: 'Unavailable', disabled: true });
    expect(dropCardButton(reserved, OPEN)).toEqual({ label: 'Unavailable', disabled: true });
  });

  it("(2) is 'Not yet Available' before the start and 'Ended' after the end", () => {
    expect(dropCardButton(card({ burnRequired: true }), BEFORE)).toEqual({
      label: 'Not yet Available',
      disabled: true,
    });
    expect(dropCardButton(card({}, { niftyTotalSold: 10 }), AFTER)).toEqual({
      label: 'Ended',
      disabled: true,
    });
  });

  it("(3) while open: 'Burn Required', then 'Redeem', then 'Validated account required'", () => {
    expect(dropCardButton(card({ burnRequired: true, isFreeRedemption: true }), OPEN)).toEqual({
      label: 'Burn Required',
      disabled: true,
    });
    expect(dropCardButton(card({ isFreeRedemption: true, requiresValidation: true }), OPEN)).toEqual({
      label: 'Redeem',
      disabled: false,
    });
    expect(dropCardButton(card({ requiresValidation: true }, { niftyTotalSold: 10 }), OPEN)).toEqual({
      label: 'Validated account required',
      disabled: true,
    });
    expect(dropCardButton(card({ requiresValidation: true }), OPEN, { validated: true })).toEqual({
      label: 'Buy',
      disabled: false,
    });
    // Signed out (not known): the action is offered, its press asks to sign in.
    expect(dropCardButton(card({ requiresValidation: true }), OPEN, { signedIn: false })).toEqual({
      label: 'Buy',
      disabled: false,
    });
  });

  it("(3) a drawing reads 'Validated account required' to a viewer known not validated (000 §5)", () => {
    const drawing = card({ saleType: 'drawing' });
    expect(dropCardButton(drawing, OPEN, { signedIn: true, validated: false })).toEqual({
      label: 'Validated account required',
      disabled: true,
    });
    expect(dropCardButton(drawing, OPEN, { signedIn: true, validated: true })).toEqual({
      label: 'Enter Drawing',
      disabled: false,
    });
    // Signed out (not known): the entry is offered, its press asks to sign in.
    expect(dropCardButton(drawing, OPEN, { signedIn: false })).toEqual({
      label: 'Enter Drawing',
      disabled: false,
    });
  });

  it("(4) is 'None Available' when any edition is burnt, before sold out", () => {
    expect(dropCardButton(card({}, { niftyTotalBurnt: 1, niftyTotalSold: 10 }), OPEN)).toEqual({
      label: 'None Available',
      disabled: true,
    });
  });

  it("(4) is 'Sold Out' for standard and 'Sold' for other types when no editions remain", () => {
    expect(dropCardButton(card({}, { niftyTotalSold: 10 }), OPEN)).toEqual({
      label: 'Sold Out',
      disabled: true,
    });
    expect(dropCardButton(card({}, { niftyTotalSold: 8, niftyTotalReserved: 2 }), OPEN)).toEqual({
      label: 'Sold Out',
      disabled: true,
    });
    expect(
      dropCardButton(card({ saleType: 'auction' }, { niftyTotalNumOfEditions: 1, niftyTotalSold: 1 }), OPEN),
    ).toEqual({
      label: 'Sold',
      disabled: true,
    });
    expect(dropCardButton(card({ saleType: 'blind_edition' }, { niftyTotalSold: 10 }), OPEN).label).toBe(
      'Sold',
    );
  });

  it('(5) reads Place Bid for auction, ranked and silent auctions', () => {
    for (const saleType of ['auction', 'ranked_auction', 'silent_auction'] as const) {
      expect(dropCardButton(card({ saleType }), OPEN)).toEqual({ label: 'Place Bid', disabled: false });
    }
  });

  it('(5) reads Enter Drawing, then Entered once an entry is used; disabled without unused entries', () => {
    const drawing = (userEntriesUsed: number, userEntriesUnused: number) =>
      card({ saleType: 'drawing', saleDetails: { price: 5000, userEntriesUsed, userEntriesUnused } });
    expect(dropCardButton(drawing(0, 1), OPEN)).toEqual({ label: 'Enter Drawing', disabled: false });
    expect(dropCardButton(drawing(1, 0), OPEN)).toEqual({ label: 'Entered', disabled: true });
    expect(dropCardButton(drawing(1, 2), OPEN)).toEqual({ label: 'Entered', disabled: false });
    expect(dropCardButton(drawing(0, 0), OPEN)).toEqual({ label: 'Enter Drawing', disabled: true });
    expect(dropCardButton(card({ saleType: 'drawing', saleDetails: {} }), OPEN)).toEqual({
      label: 'Enter Drawing',
      disabled: false,
    });
  });

  it('(5) reads Mint for open editions, which never sell out', () => {
    const openEdition = card(
      { saleType: 'open_edition' },
      { niftyTotalNumOfEditions: 0, niftyTotalSold: 500 },
    );
    expect(dropCardButton(openEdition, OPEN)).toEqual({ label: 'Mint', disabled: false });
    expect(remainingEditions(openEdition)).toBeNull();
  });

  it('(5) reads Buy for other types, disabled when not for sale', () => {
    expect(dropCardButton(card(), OPEN)).toEqual({ label: 'Buy', disabled: false });
    expect(dropCardButton(card({ saleType: 'blind_edition' }), OPEN)).toEqual({
      label: 'Buy',
      disabled: false,
    });
    expect(dropCardButton(card({ saleType: 'not_for_sale' }), OPEN)).toEqual({
      label: 'Buy',
      disabled: true,
    });
  });

  it("reads 'Not Eligible to {action}' and is disabled when a signed-in viewer is not eligible", () => {
    expect(dropCardButton(card(), OPEN, { eligible: false })).toEqual({
      label: 'Not Eligible to Buy',
      disabled: true,
    });
    expect(dropCardButton(card({ saleType: 'auction' }), OPEN, { eligible: false, signedIn: true })).toEqual({
      label: 'Not Eligible to Place Bid',
      disabled: true,
    });
    expect(
      dropCardButton(card({ saleType: 'drawing', saleDetails: { userEntriesUsed: 1 } }), OPEN, {
        eligible: false,
      }),
    ).toEqual({ label: 'Not Eligible to Enter Drawing', disabled: true });
    expect(dropCardButton(card({ saleType: 'open_edition' }), OPEN, { eligible: false }).label).toBe(
      'Not Eligible to Mint',
    );
    expect(dropCardButton(card({ isFreeRedemption: true }), OPEN, { eligible: false }).label).toBe(
      'Not Eligible to Redeem',
    );
  });

  it('does not apply eligibility to signed-out viewers or to closed states', () => {
    expect(dropCardButton(card(), OPEN, { eligible: false, signedIn: false })).toEqual({
      label: 'Buy',
      disabled: false,
    });
    expect(dropCardButton(card(), AFTER, { eligible: false }).label).toBe('Ended');
    expect(dropCardButton(card({}, { niftyTotalSold: 10 }), OPEN, { eligible: false }).label).toBe(
      'Sold Out',
    );
  });

  it('treats a card without dates as open and one with unparseable dates as unavailable', () => {
    expect(dropCardButton(card({ startDate: null, endDate: null }), OPEN).label).toBe('Buy');
    expect(dropCardButton(card({ startDate: 'soon' }), OPEN)).toEqual({
      label: 'Unavailable',
      disabled: true,
    });
  });
});

describe('dropCardPriceLine (001 §4 "Price line")', () => {
  it("reads 'Minimum Bid:' before any bid and 'Highest Bid:' after one", () => {
    expect(
      dropCardPriceLine(card({ saleType: 'auction', saleDetails: { price: 5000, highestBid: null } })),
    ).toEqual({
      label: 'Minimum Bid:',
      free: false,
      amount: 5000,
    });
    expect(
      dropCardPriceLine(card({ saleType: 'ranked_auction', saleDetails: { price: 5000, highestBid: 7500 } })),
    ).toEqual({ label: 'Highest Bid:', free: false, amount: 7500 });
  });

  it("shows 'FREE' when the price is 0", () => {
    expect(dropCardPriceLine(card({ saleDetails: { price: 0 } }))).toEqual({
      label: null,
      free: true,
      amount: 0,
    });
    expect(dropCardPriceLine(card({ saleDetails: { price: 100 } }))).toEqual({
      label: null,
      free: false,
      amount: 100,
    });
    expect(dropCardPriceLine(card({ saleDetails: {} })).free).toBe(false);
  });
});

describe('dropCardCountdown (001 §4 "Opens in" / "Closes in", Live badge)', () => {
  it("counts to the start with 'Opens in' before it opens", () => {
    expect(dropCardCountdown(card(), BEFORE)).toEqual({
      label: 'Opens in',
      target: new Date(START),
      live: false,
    });
    expect(dropCardCountdownLabel(card(), BEFORE)).toBe('Opens in');
  });

  it("counts to the end with 'Closes in' and shows Live while open", () => {
    expect(dropCardCountdown(card(), OPEN)).toEqual({
      label: 'Closes in',
      target: new Date(END),
      live: true,
    });
    expect(isDropCardLive(card(), OPEN)).toBe(true);
  });

  it('hides timers and the badge once ended', () => {
    expect(dropCardCountdown(card(), AFTER)).toEqual({ label: null, target: null, live: false });
    expect(isDropCardLive(card(), BEFORE)).toBe(false);
  });
});
