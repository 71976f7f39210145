import { describe, expect, it } from 'vitest';
import { type NiftyBuyInput, niftyBuyButton } from './nifty-buy-button';

const NOW = Date.parse('2026-03-10T12:00:00Z');

const nifty = (o: Partial<NiftyBuyInput> = {}): NiftyBuyInput => ({
  dropType: 'fcfs',
  saleType: 'standard',
  startTime: '2026-03-09T12:00:00Z',
  endTime: '2026-03-11T12:00:00Z',
  editionSize: 10,
  totalSold: 0,
  totalReserved: 0,
  totalBurnt: 0,
  ...o,
});

describe('the nifty page button (001 §4 label priority, the drop cards’ function)', () => {
  it("reads 'Unavailable' when every edition is reserved, before the window labels", () => {
    expect(niftyBuyButton(nifty({ totalReserved: 10 }), NOW)).toEqual({
      label: 'Unavailable',
      disabled: true,
    });
    expect(niftyBuyButton(nifty({ totalReserved: 10, startTime: '2026-03-12T00:00:00Z' }), NOW)?.label).toBe(
      'Unavailable',
    );
  });

  it("reads 'Sold Out' when the sold and reserved editions leave none", () => {
    expect(niftyBuyButton(nifty({ totalSold: 7, totalReserved: 3 }), NOW)).toEqual({
      label: 'Sold Out',
      disabled: true,
    });
    expect(niftyBuyButton(nifty({ totalSold: 6, totalReserved: 3 }), NOW)).toEqual({
      label: 'Buy',
      disabled: false,
    });
    // A blind edition is not a standard sale: 'Sold'.
    expect(
      niftyBuyButton(nifty({ dropType: 'blind_edition', saleType: 'blind_edition', totalSold: 10 }), NOW)
        ?.label,
    ).toBe('Sold');
  });

  it("reads the window's labels, 'None Available' once burnt, and Mint for an open edition", () => {
    expect(niftyBuyButton(nifty({ startTime: '2026-03-11T00:00:00Z' }), NOW)?.label).toBe(
      'Not yet Available',
    );
    expect(niftyBuyButton(nifty({ endTime: '2026-03-10T00:00:00Z' }), NOW)?.label).toBe('Ended');
    expect(niftyBuyButton(nifty({ totalBurnt: 1 }), NOW)?.label).toBe('None Available');
    expect(
      niftyBuyButton(
        nifty({ dropType: 'open_edition', saleType: 'open_edition', editionSize: 40, totalSold: 40 }),
        NOW,
      ),
    ).toEqual({ label: 'Mint', disabled: false });
  });

  it('is absent for drop types checkout does not sell, and without a window', () => {
    expect(niftyBuyButton(nifty({ dropType: 'drawing', saleType: 'drawing' }), NOW)).toBeNull();
    expect(niftyBuyButton(nifty({ dropType: null }), NOW)).toBeNull();
    expect(niftyBuyButton(nifty({ endTime: null }), NOW)).toBeNull();
  });
});
