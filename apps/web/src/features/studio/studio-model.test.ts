import { DROP_TYPES } from '@vitrine/domain';
import { describe, expect, it } from 'vitest';
import type { StudioNft } from './studio-api';
import {
  canDelete,
  copyTitle,
  dropStatusLabel,
  EDITOR_SALE_TYPES,
  fromLocalInput,
  isReadOnly,
  listOf,
  nftForm,
  nftInput,
  splitTotal,
  toLocalInput,
} from './studio-model';

const NOW = Date.parse('2026-11-24T12:00:00Z');
const drop = (dropStatus: 'draft' | 'published' | 'error', start: string | null, end: string | null) => ({
  dropStatus,
  visibleStartDateTime: start,
  visibleEndDateTime: end,
});

describe('dropStatusLabel (001 §4)', () => {
  it('reads Unpublished, Published, Live, Closed and Error', () => {
    expect(dropStatusLabel(drop('draft', null, null), NOW)).toBe('Unpublished');
    expect(dropStatusLabel(drop('error', null, null), NOW)).toBe('Error');
    expect(dropStatusLabel(drop('published', '2026-11-25T00:00:00Z', '2026-11-26T00:00:00Z'), NOW)).toBe(
      'Published',
    );
    expect(dropStatusLabel(drop('published', '2026-11-24T00:00:00Z', '2026-11-26T00:00:00Z'), NOW)).toBe(
      'Live',
    );
    expect(dropStatusLabel(drop('published', '2026-11-20T00:00:00Z', '2026-11-24T12:00:00Z'), NOW)).toBe(
      'Closed',
    );
  });

  it("takes the API's label when it gives one", () => {
    expect(dropStatusLabel({ ...drop('published', null, null), status: 'Live' }, NOW)).toBe('Live');
  });

  it('makes live and closed drops read-only and lets only drafts be deleted', () => {
    expect(isReadOnly('Live')).toBe(true);
    expect(isReadOnly('Closed')).toBe(true);
    expect(isReadOnly('Published')).toBe(false);
    expect(canDelete('Unpublished')).toBe(true);
    expect(canDelete('Published')).toBe(false);
    expect(canDelete('Live')).toBe(false);
  });
});

describe('editor values', () => {
  it('offers every drop type of the reference list, in the words of 001 §4', () => {
    expect(EDITOR_SALE_TYPES.map((t) => t.value).sort()).toEqual([...DROP_TYPES].sort());
    expect(EDITOR_SALE_TYPES.map((t) => t.label)).toEqual([
      'FCFS',
      '1/1 Auction',
      'Drawing',
      'Ranked Auction',
      'Silent Auction',
      'Open Edition',
      'Blind Edition',
      'Pack',
      'pack drawing',
    ]);
  });

  it("titles a duplicate 'COPY OF …'", () => {
    expect(copyTitle('Harbour at Dawn')).toBe('COPY OF Harbour at Dawn');
  });

  it('round-trips a time through a datetime-local value', () => {
    const iso = '2026-11-30T09:15:00.000Z';
    expect(fromLocalInput(toLocalInput(iso))).toBe(iso);
    expect(fromLocalInput('')).toBeNull();
    expect(toLocalInput(null)).toBe('');
  });

  it('reads lists and split totals as typed', () => {
    expect(listOf(' art, photography ,, ')).toEqual(['art', 'photography']);
    expect(
      splitTotal([
        { key: 'a', id: null, payee: 'x', percentage: '70' },
        { key: 'b', id: null, payee: 'y', percentage: '30' },
        { key: 'c', id: null, payee: 'z', percentage: 'abc' },
      ]),
    ).toBe(100);
  });

  it('keeps 001 §3 defaults and passes text the rules must refuse as text', () => {
    const nft = {
      id: 1,
      title: 'Untitled NFT',
      description: '',
      asset: null,
      ipfsCid: null,
      staticThumbnail: null,
      limitPerUser: 1,
      maxPurchaseQuantity: 1,
      editionSize: 1,
      primarySaleType: 'fcfs',
      minimumBid: null,
      price: 1,
      minimumBidIncrement: null,
      royaltyPercentage: 10,
      sourceCurrency: 'USD',
      startDateTime: null,
      endDateTime: null,
      isSafeForWork: true,
      sortOrder: 1,
      enforceAllSpecialCriteria: false,
      tags: [],
      creators: [],
      primarySalesSplit: [{ id: 4, user: 'jordanashby', percentage: 100 }],
      secondarySalesSplit: [],
      onChainSalesSplit: [],
    } satisfies StudioNft;
    const form = nftForm(nft);
    expect(form.royaltyPercentage).toBe('10');
    expect(form.primarySalesSplit[0]?.payee).toBe('jordanashby');
    const input = nftInput({ ...form, editionSize: 'ten', price: '' });
    expect(input.editionSize).toBe('ten');
    expect(input.price).toBeNull();
    expect(input.primarySalesSplit).toEqual([{ user: 'jordanashby', percentage: 100 }]);
  });
});
