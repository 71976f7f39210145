import { dropCardButton } from '@vitrine/domain';
import { describe, expect, it } from 'vitest';
import { LIMIT_REACHED } from '../trading/quantity-limit';
import {
  cardDropType,
  domainCard,
  dropSoldOutLabel,
  entriesLine,
  quantityLine,
  type SaleCard,
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
