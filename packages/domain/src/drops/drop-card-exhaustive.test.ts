// The drop card button over EVERY combination of the card's inputs (001 §4 "Drop card button label by
// priority"), checked against a second, independent statement of the rule: an ordered table of guards read
// top to bottom, written from the spec's text rather than from drop-card.ts.
import { describe, expect, it } from 'vitest';
import { SALE_TYPES, type SaleType } from '../catalog/sale-types';
import { type DropCardViewer, type DropSaleCard, dropCardButton } from './drop-card';

const START = '2025-02-18T12:00:00Z';
const END = '2025-02-20T12:00:00Z';
const NOW = new Date('2025-02-19T12:00:00Z');
const EDITIONS = 10;

type Window = 'upcoming' | 'live' | 'ended' | 'undated';
type Reserved = 'none' | 'some' | 'all';
const WINDOWS: Window[] = ['upcoming', 'live', 'ended', 'undated'];
const RESERVED: Reserved[] = ['none', 'some', 'all'];
const BOOLS = [false, true] as const;
const TRI = [undefined, false, true] as const;
const UNUSED = [null, 0, 1] as const;

interface Inputs {
  saleType: SaleType;
  window: Window;
  reserved: Reserved;
  soldOut: boolean;
  burnt: boolean;
  burnRequired: boolean;
  isFreeRedemption: boolean;
  requiresValidation: boolean;
  entriesUsed: boolean;
  entriesUnused: (typeof UNUSED)[number];
  validated: (typeof TRI)[number];
  eligible: (typeof TRI)[number];
  signedIn: (typeof TRI)[number];
}

function* everyInput(): Generator<Inputs> {
  for (const saleType of SALE_TYPES)
    for (const window of WINDOWS)
      for (const reserved of RESERVED)
        for (const soldOut of BOOLS)
          for (const burnt of BOOLS)
            for (const burnRequired of BOOLS)
              for (const isFreeRedemption of BOOLS)
                for (const requiresValidation of BOOLS)
                  for (const entriesUsed of BOOLS)
                    for (const entriesUnused of UNUSED)
                      for (const validated of TRI)
                        for (const eligible of TRI)
                          for (const signedIn of TRI)
                            yield {
                              saleType,
                              window,
                              reserved,
                              soldOut,
                              burnt,
                              burnRequired,
                              isFreeRedemption,
                              requiresValidation,
                              entriesUsed,
                              entriesUnused,
                              validated,
                              eligible,
                              signedIn,
                            };
}

// Dates made once: half a million cards would otherwise parse two strings each.
const DATES: Record<Window, [Date | null, Date | null]> = {
  upcoming: [new Date('2025-02-20T00:00:00Z'), new Date(END)],
  live: [new Date(START), new Date(END)],
  ended: [new Date(START), new Date('2025-02-19T00:00:00Z')],
  undated: [null, null],
};

function cardOf(i: Inputs): DropSaleCard {
  const reserved = i.reserved === 'all' ? EDITIONS : i.reserved === 'some' ? 2 : 0;
  const [startDate, endDate] = DATES[i.window];
  return {
    nifty: {
      niftyTotalBurnt: i.burnt ? 1 : 0,
      niftyTotalNumOfEditions: EDITIONS,
      niftyTotalReserved: reserved,
      niftyTotalSold: i.soldOut ? EDITIONS - reserved : Math.min(3, EDITIONS - reserved),
    },
    saleType: i.saleType,
    saleDetails: {
      price: 1500,
      highestBid: null,
      userEntriesUsed: i.entriesUsed ? 1 : 0,
      userEntriesUnused: i.entriesUnused,
    },
    startDate,
    endDate,
    burnRequired: i.burnRequired,
    isFreeRedemption: i.isFreeRedemption,
    requiresValidation: i.requiresValidation,
  };
}

/** The rule as the spec states it, as a table: the first guard that holds gives the label. */
function expected(i: Inputs): { label: string; disabled: boolean } {
  // A viewer checked and found ineligible (signed out is never "checked").
  const ineligible = i.eligible === false && i.signedIn !== false;
  const open = i.window === 'live' || i.window === 'undated';
  // 'Sold' needs editions that can run out: an open edition never does; all reserved counts as (1).
  const noneRemain = i.saleType !== 'open_edition' && (i.soldOut || i.reserved === 'all');
  const action =
    i.saleType === 'auction' || i.saleType === 'ranked_auction' || i.saleType === 'silent_auction'
      ? 'Place Bid'
      : i.saleType === 'drawing'
        ? 'Enter Drawing'
        : i.saleType === 'open_edition'
          ? 'Mint'
          : 'Buy';
  const guards: [boolean, () => { label: string; disabled: boolean }][] = [
    [i.reserved === 'all', () => ({ label: 'Unavailable', disabled: true })],
    [i.window === 'upcoming', () => ({ label: 'Not yet Available', disabled: true })],
    [i.window === 'ended', () => ({ label: 'Ended', disabled: true })],
    [open && i.burnRequired, () => ({ label: 'Burn Required', disabled: true })],
    [
      open && i.isFreeRedemption,
      () =>
        ineligible
          ? { label: 'Not Eligible to Redeem', disabled: true }
          : { label: 'Redeem', disabled: false },
    ],
    [
      // A drawing entry needs a validated profile (000 §5), whatever the card says.
      open &&
        ((i.requiresValidation && i.signedIn !== false && i.validated !== true) ||
          (i.saleType === 'drawing' && i.validated === false)),
      () => ({ label: 'Validated account required', disabled: true }),
    ],
    [i.burnt, () => ({ label: 'None Available', disabled: true })],
    [noneRemain, () => ({ label: i.saleType === 'standard' ? 'Sold Out' : 'Sold', disabled: true })],
    [ineligible, () => ({ label: `Not Eligible to ${action}`, disabled: true })],
    [
      true,
      () => {
        if (i.saleType === 'drawing') {
          const noEntries = i.entriesUnused === 0; // a missing count means the one entry of 000 §5
          return { label: i.entriesUsed ? 'Entered' : 'Enter Drawing', disabled: noEntries };
        }
        return { label: action, disabled: i.saleType === 'not_for_sale' };
      },
    ],
  ];
  for (const [holds, give] of guards) if (holds) return give();
  throw new Error('unreachable');
}

describe('dropCardButton over every combination of its inputs (001 §4)', () => {
  // About half a million cases: a generous timeout for a loaded machine.
  it('agrees with the independent statement of the rule', { timeout: 120_000 }, () => {
    let checked = 0;
    const labels = new Set<string>();
    const mismatches: string[] = [];
    for (const i of everyInput()) {
      const viewer: DropCardViewer = {};
      if (i.validated !== undefined) viewer.validated = i.validated;
      if (i.eligible !== undefined) viewer.eligible = i.eligible;
      if (i.signedIn !== undefined) viewer.signedIn = i.signedIn;
      const got = dropCardButton(cardOf(i), NOW, viewer);
      const want = expected(i);
      labels.add(got.label);
      checked += 1;
      if (got.label !== want.label || got.disabled !== want.disabled) {
        if (mismatches.length < 5)
          mismatches.push(`${JSON.stringify(i)} → ${JSON.stringify(got)} ≠ ${JSON.stringify(want)}`);
      }
    }
    expect(mismatches).toEqual([]);
    expect(checked).toBe(8 * 4 * 3 * 2 * 2 * 2 * 2 * 2 * 2 * 3 * 3 * 3 * 3);
    // Every label of the rule is reached somewhere in the product.
    expect([...labels].sort()).toEqual(
      [
        'Buy',
        'Burn Required',
        'Ended',
        'Enter Drawing',
        'Entered',
        'Mint',
        'None Available',
        'Not Eligible to Buy',
        'Not Eligible to Enter Drawing',
        'Not Eligible to Mint',
        'Not Eligible to Place Bid',
        'Not Eligible to Redeem',
        'Not yet Available',
        'Place Bid',
        'Redeem',
        'Sold',
        'Sold Out',
        'Unavailable',
        'Validated account required',
      ].sort(),
    );
  });
});
