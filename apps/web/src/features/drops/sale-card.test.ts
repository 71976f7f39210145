import { dropCardButton, dropCardCountdown } from '@vitrine/domain';
import type { NiftyEligibility } from '@vitrine/domain/catalog-responses';
import type { Drawing } from '@vitrine/domain/trading-responses';
import { describe, expect, it } from 'vitest';
import { LIMIT_REACHED } from '../trading/quantity-limit';
import {
  cardDropType,
  domainCard,
  drawingCard,
  drawingCardNow,
  dropSoldOutLabel,
  entriesLine,
  quantityLine,
  type SaleCard,
  saleCardButton,
  viewerEntries,
} from './sale-card';

const NOW = Date.parse('2025-02-19T12:00:00Z');

function card(
  o: { saleType?: string; sold?: number; editions?: number; burnt?: number; reserved?: number } = {},
): SaleCard {
  return {
    id: 1,
    contractAddress: '0x01',
    niftyType: 'edition',
    typeNumber: 1,
    asset: { src: '/a.svg', type: 'Image', alt: 'a' },
    nifty: {
      isOnePurchasePerUser: false,
      name: 'Deck Pack',
      niftyTotalBurnt: o.burnt ?? 0,
      niftyTotalNumOfEditions: o.editions ?? 10,
      niftyTotalReserved: o.reserved ?? 0,
      niftyTotalSold: o.sold ?? 10,
    },
    saleType: o.saleType ?? 'standard',
    saleDetails: {
      price: 1500,
      highestBid: null,
      userEntriesUnused: null,
      userEntriesUsed: null,
      totalEntries: null,
    },
    startDate: '2025-02-18T12:00:00Z',
    endDate: '2025-02-20T12:00:00Z',
    burnRequired: false,
    isFreeRedemption: false,
    requiresValidation: false,
    tags: [],
    chain: 'ethereum',
    artists: [],
    publisher: { name: 'P', slug: 'p' },
  };
}

describe('dropSoldOutLabel (001 §4: a sold-out drop reads Sold Out)', () => {
  it("is 'Sold Out' when every standard work is sold out", () => {
    expect(dropSoldOutLabel([card(), card()], NOW)).toBe('Sold Out');
  });
  it("is 'Sold' when a sold-out work is not a standard sale", () => {
    expect(dropSoldOutLabel([card(), card({ saleType: 'drawing' })], NOW)).toBe('Sold');
  });
  it('is null while one work still sells, without works, or once a work is burnt', () => {
    expect(dropSoldOutLabel([card(), card({ sold: 3 })], NOW)).toBeNull();
    expect(dropSoldOutLabel([], NOW)).toBeNull();
    expect(dropSoldOutLabel([card({ burnt: 1 })], NOW)).toBeNull();
  });
});

describe("a drawing card with the viewer's entries (001 §3 saleDetails, §4 'Entered')", () => {
  const drawing = () => card({ saleType: 'drawing', sold: 0 });
  it("reads 'Enter Drawing' with an unused entry and 'Entered' once it is used", () => {
    const fresh = domainCard(drawing(), undefined, {
      userEntriesUnused: 1,
      userEntriesUsed: 0,
      totalEntries: 4,
    });
    expect(dropCardButton(fresh, NOW)).toEqual({ label: 'Enter Drawing', disabled: false });
    expect(entriesLine(fresh)).toBe('4 Entries');
    const entered = domainCard(drawing(), undefined, {
      userEntriesUnused: 0,
      userEntriesUsed: 1,
      totalEntries: 5,
    });
    expect(dropCardButton(entered, NOW)).toEqual({ label: 'Entered', disabled: true });
    expect(entered.saleDetails).toMatchObject({ price: 1500, userEntriesUsed: 1, totalEntries: 5 });
    expect(
      entriesLine(
        domainCard(drawing(), undefined, { userEntriesUnused: 0, userEntriesUsed: 1, totalEntries: 1 }),
      ),
    ).toBe('1 Entry');
  });
  it("keeps the shared answer's counts without the drawing's, and shows no count for other sale types", () => {
    const shared = { ...drawing(), saleDetails: { ...drawing().saleDetails, totalEntries: 2 } };
    expect(entriesLine(domainCard(shared))).toBe('2 Entries');
    expect(entriesLine(domainCard(drawing()))).toBeNull();
    expect(entriesLine(domainCard(card()))).toBeNull();
  });
});

describe('cardDropType (a studio drop mixes sale types)', () => {
  it('shows the card’s own sale type when it differs from the drop’s', () => {
    expect(cardDropType('auction', 'standard')).toBe('fcfs');
    expect(cardDropType('fcfs', 'auction')).toBe('auction');
    expect(cardDropType('auction', 'auction')).toBe('auction');
    expect(cardDropType('fcfs', 'standard')).toBe('fcfs');
    expect(cardDropType('pack', 'standard')).toBe('pack');
    expect(cardDropType('open_edition', 'standard')).toBe('fcfs');
    expect(cardDropType('blind_edition', 'standard')).toBe('fcfs');
    expect(cardDropType('open_edition', 'open_edition')).toBe('open_edition');
    expect(cardDropType('pack_drawing', 'drawing')).toBe('pack_drawing');
  });
});

describe("quantityLine (000 §4 cards, §5 quantity-limit panel: 'Only {n} Remaining!')", () => {
  it('shows the editions left of an open fixed-price work, nothing while it is not open', () => {
    expect(quantityLine(domainCard(card({ sold: 7 })), true, false)).toBe('Only 3 Remaining!');
    expect(quantityLine(domainCard(card({ sold: 7 })), false, false)).toBeNull();
  });
  it("shows nothing once sold out: the button reads 'Sold Out', once", () => {
    const soldOut = domainCard(card());
    expect(dropCardButton(soldOut, NOW).label).toBe('Sold Out');
    expect(quantityLine(soldOut, true, false)).toBeNull();
  });
  it('shows nothing on an auction card (1/1, ranked, silent): it shows its bid line and Place Bid', () => {
    for (const saleType of ['auction', 'ranked_auction', 'silent_auction']) {
      const auction = domainCard(card({ saleType, sold: 0, editions: saleType === 'auction' ? 1 : 10 }));
      expect(dropCardButton(auction, NOW).label).toBe('Place Bid');
      expect(quantityLine(auction, true, false)).toBeNull();
    }
  });
  it('shows nothing on a drawing card: its editions are drawn among the entries, which it shows', () => {
    // 20 editions, 3 reserved, none minted: not 'Only 17 Remaining!' beside the works' '0 / 20 minted'.
    const drawing = domainCard(card({ saleType: 'drawing', sold: 0, editions: 20, reserved: 3 }), undefined, {
      userEntriesUnused: 1,
      userEntriesUsed: 0,
      totalEntries: 4,
    });
    expect(dropCardButton(drawing, NOW).label).toBe('Enter Drawing');
    expect(quantityLine(drawing, true, false)).toBeNull();
    expect(entriesLine(drawing)).toBe('4 Entries');
  });
  it('says the purchase limit is reached when the viewer reached it', () => {
    expect(quantityLine(domainCard(card({ sold: 2 })), true, true)).toBe(LIMIT_REACHED);
  });
});

/** A signed-in viewer's eligibility for a nifty (decision 015): eligible and validated unless told otherwise. */
function eligibilityOf(o: Partial<NiftyEligibility> = {}): NiftyEligibility {
  return {
    contractAddress: '0x01',
    niftyType: 1,
    eligible: true,
    status: 'Eligible',
    requiresValidation: false,
    validated: true,
    action: 'Enter Drawing',
    criteria: null,
    ...o,
  } as NiftyEligibility;
}

/** A drawing's own answer (GET /api/drawings/…), open with one entry left to the viewer. */
function drawingAnswer(o: Partial<Drawing> = {}): Drawing {
  return {
    contractAddress: '0x01',
    niftyType: 1,
    name: 'Fern Index',
    dropType: 'drawing',
    startDate: '2025-02-18T12:00:00Z',
    endDate: '2025-02-20T12:00:00Z',
    status: 'open',
    priceInCents: 1500,
    editionSize: 10,
    commitment: 'c'.repeat(64),
    seed: null,
    drawnAt: null,
    editionsDrawn: null,
    editionsToDraw: 10,
    winners: [],
    winnerEntries: [],
    saleDetails: { price: 1500, userEntriesUnused: 1, userEntriesUsed: 0, totalEntries: 3 },
    validated: true,
    burnRequired: false,
    viewerEntry: null,
    ...o,
  };
}

describe('saleCardButton: the one button rule of the drop cards and the drawing page (001 §4, 000 §5)', () => {
  const open = () =>
    domainCard(card({ saleType: 'drawing', sold: 0 }), undefined, {
      userEntriesUnused: 1,
      userEntriesUsed: 0,
      totalEntries: 0,
    });
  it("reads 'Validated account required' or 'Not Eligible to Enter Drawing', disabled, by the viewer's eligibility", () => {
    const signedIn = (e: NiftyEligibility) => saleCardButton(open(), NOW, { signedIn: true, eligibility: e });
    expect(signedIn(eligibilityOf())).toEqual({ label: 'Enter Drawing', disabled: false });
    expect(signedIn(eligibilityOf({ validated: false }))).toEqual({
      label: 'Validated account required',
      disabled: true,
    });
    expect(signedIn(eligibilityOf({ eligible: false, status: 'Not Eligible' }))).toEqual({
      label: 'Not Eligible to Enter Drawing',
      disabled: true,
    });
  });
  it('while the eligibility is on its way: the card’s own label, disabled; signed out: the action, enabled', () => {
    expect(
      saleCardButton(open(), NOW, { signedIn: true, eligibility: undefined, eligibilityLoading: true }),
    ).toEqual({ label: 'Enter Drawing', disabled: true });
    const visitor = eligibilityOf({ eligible: null, validated: null, status: 'Eligibility Required' });
    expect(saleCardButton(open(), NOW, { signedIn: false, eligibility: visitor })).toEqual({
      label: 'Enter Drawing',
      disabled: false,
    });
  });
});

describe("drawingCard: the drawing page's button by the drop cards' rule", () => {
  const button = (d: Drawing, e: NiftyEligibility | undefined, signedIn = true) =>
    saleCardButton(drawingCard(d, signedIn, e), NOW, { signedIn, eligibility: e });
  it("reads 'Validated account required' and 'Not Eligible to Enter Drawing' (disabled) as the drop card does", () => {
    expect(button(drawingAnswer(), eligibilityOf())).toEqual({ label: 'Enter Drawing', disabled: false });
    expect(button(drawingAnswer({ validated: false }), eligibilityOf({ validated: false }))).toEqual({
      label: 'Validated account required',
      disabled: true,
    });
    expect(button(drawingAnswer(), eligibilityOf({ eligible: false, status: 'Not Eligible' }))).toEqual({
      label: 'Not Eligible to Enter Drawing',
      disabled: true,
    });
  });
  // Review 2026-12-07: with the eligibility not loaded, the page offered Enter Drawing to a collector the drawing's
  // own answer says is not validated.
  it("reads 'Validated account required' from the drawing's answer when the eligibility did not come", () => {
    const d = drawingAnswer({ validated: false });
    expect(
      saleCardButton(drawingCard(d, true, undefined), NOW, {
        signedIn: true,
        eligibility: undefined,
        validated: d.validated,
      }),
    ).toEqual({ label: 'Validated account required', disabled: true });
  });
  // The drawing page offered Enter Drawing on a burn-required drawing, which the API refuses (no entry by burning).
  it("reads 'Burn Required' (disabled) for a drawing entered by burning an NFT, as its drop card does", () => {
    expect(button(drawingAnswer({ burnRequired: true }), eligibilityOf())).toEqual({
      label: 'Burn Required',
      disabled: true,
    });
  });
  it("reads 'Entered' once the entry is used; signed out, Enter Drawing (its press asks to sign in)", () => {
    const entered = drawingAnswer({
      saleDetails: { price: 1500, userEntriesUnused: 0, userEntriesUsed: 1, totalEntries: 4 },
    });
    expect(button(entered, eligibilityOf())).toEqual({ label: 'Entered', disabled: true });
    const signedOut = drawingAnswer({
      validated: null,
      saleDetails: { price: 1500, userEntriesUnused: 0, userEntriesUsed: 0, totalEntries: 4 },
    });
    expect(button(signedOut, undefined, false)).toEqual({ label: 'Enter Drawing', disabled: false });
  });
  it("is 'Unavailable' when it has no edition to draw, and by its window before and after", () => {
    expect(button(drawingAnswer({ editionsToDraw: 0 }), eligibilityOf()).label).toBe('Unavailable');
    expect(button(drawingAnswer({ startDate: '2025-02-19T13:00:00Z' }), eligibilityOf()).label).toBe(
      'Not yet Available',
    );
    expect(button(drawingAnswer({ endDate: '2025-02-19T11:00:00Z' }), eligibilityOf()).label).toBe('Ended');
  });
  it('signed out, the viewer’s entries are not known (null), so none are claimed', () => {
    const details = { price: 1500, userEntriesUnused: 0, userEntriesUsed: 0, totalEntries: 2 };
    expect(viewerEntries(details, false)).toEqual({
      ...details,
      userEntriesUnused: null,
      userEntriesUsed: null,
    });
    expect(viewerEntries(details, true)).toEqual(details);
  });
});

describe("drawingCardNow: a drawing's card goes by the drawing's answer, read again at its close", () => {
  const open = () => domainCard(card({ saleType: 'drawing', sold: 0 }));
  it("reads 'Ended' once the drawing says it closed or was drawn, though this clock has not reached the close", () => {
    for (const status of ['closed', 'drawn'] as const) {
      const at = drawingCardNow(open(), NOW, status);
      expect(dropCardButton(open(), at).label).toBe('Ended');
      expect(dropCardCountdown(open(), at)).toMatchObject({ label: null, live: false });
    }
  });
  it('keeps this clock while the drawing is open, upcoming or not read yet', () => {
    for (const status of ['open', 'upcoming', undefined] as const) {
      expect(drawingCardNow(open(), NOW, status)).toBe(NOW);
    }
    expect(dropCardButton(open(), NOW).label).toBe('Enter Drawing');
    // Past the close by this clock, the later time stays.
    const later = Date.parse('2025-02-21T00:00:00Z');
    expect(drawingCardNow(open(), later, 'closed')).toBe(later);
  });
});
