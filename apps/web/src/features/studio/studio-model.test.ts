import { DROP_TYPES } from '@vitrine/domain';
import { describe, expect, it } from 'vitest';
import type { StudioNft } from './studio-api';
import {
  apiSaleType,
  canDelete,
  changedFields,
  copyTitle,
  EDITOR_SALE_TYPES,
  editorSaleType,
  fromLocalInput,
  isReadOnly,
  listOf,
  nftForm,
  nftInput,
  publishOutcome,
  saleTypeMixRefusal,
  splitTotal,
  studioStatusLabel,
  toLocalInput,
} from './studio-model';

describe('studioStatusLabel (001 §4)', () => {
  it('reads Unpublished, Published, Live, Closed and Error', () => {
    expect(studioStatusLabel({ dropStatus: 'draft' })).toBe('Unpublished');
    expect(studioStatusLabel({ dropStatus: 'published_scheduled' })).toBe('Published');
    expect(studioStatusLabel({ dropStatus: 'published_live' })).toBe('Live');
    expect(studioStatusLabel({ dropStatus: 'published_closed' })).toBe('Closed');
    expect(studioStatusLabel({ dropStatus: 'error' })).toBe('Error');
  });

  it("takes the API's label (the server's clock) when it gives one", () => {
    expect(studioStatusLabel({ dropStatus: 'published_scheduled', statusLabel: 'Live' })).toBe('Live');
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

describe('sale types and autosave fields', () => {
  it('stores FCFS and Pack as fixed-price sales and tells them apart by the drop mechanics', () => {
    expect(apiSaleType('fcfs')).toBe('standard');
    expect(apiSaleType('pack')).toBe('standard');
    expect(apiSaleType('pack_drawing')).toBe('drawing');
    expect(apiSaleType('ranked_auction')).toBe('ranked_auction');
    expect(editorSaleType('standard', 'fcfs')).toBe('fcfs');
    expect(editorSaleType('standard', 'pack')).toBe('pack');
    expect(editorSaleType('drawing', 'pack_drawing')).toBe('pack_drawing');
    expect(editorSaleType('auction', 'fcfs')).toBe('auction');
  });

  it('sends only changed fields the rules pass, and holds the others', () => {
    const saved = { title: 'A', price: 1, tags: ['art'] };
    const next = { title: 'B', price: 0, tags: ['art'] };
    expect(changedFields(next, saved, { price: 'Please enter a value 1 or greater' })).toEqual({
      send: { title: 'B' },
      held: ['price'],
    });
    expect(changedFields(saved, saved, {})).toEqual({ send: {}, held: [] });
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
      collectionId: 3,
      collectionTemplate: 2,
      contractAddress: '0xabc',
      niftyType: 1,
      collectionType: 'default',
      title: 'Untitled NFT',
      description: '',
      asset: '',
      ipfsCid: null,
      staticThumbnail: null,
      assetType: 'Image',
      limitPerUser: 1,
      maxPurchaseQuantity: 1,
      editionSize: 1,
      primarySaleType: 'standard',
      minimumBid: null,
      price: '1.00',
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
      primarySalesSplit: [
        {
          id: 4,
          user: { id: 2, name: 'Jordan', userName: 'jordanashby', profilePicUrl: null },
          ethAddress: null,
          percentage: 100,
          isAuthorized: true,
        },
      ],
      secondarySalesSplit: [],
      onChainSalesSplit: [],
    } satisfies StudioNft;
    const form = nftForm(nft);
    expect(form.royaltyPercentage).toBe('10');
    expect(form.primarySalesSplit[0]?.payee).toBe('jordanashby');
    const input = nftInput({ ...form, editionSize: 'ten', price: '' });
    expect(input.editionSize).toBe('ten');
    expect(input.price).toBeNull();
    expect(input.primarySalesSplit).toEqual([{ user: 'jordanashby', percentage: 100, isAuthorized: true }]);
  });
});

describe('publishOutcome (001 §8)', () => {
  it('an unpaid publisher fee sends the publisher to the fee page', () => {
    expect(publishOutcome({ statusCode: 402, errorType: 'publisher_fee_required' })).toEqual({ kind: 'fee' });
  });
  it('opens the terms for tos_approval_required, says so for 5xx, lists the fields otherwise', () => {
    expect(publishOutcome({ statusCode: 403, errorType: 'tos_approval_required' })).toEqual({
      kind: 'terms',
    });
    expect(publishOutcome({ statusCode: 500, errorType: 'unknown-error' })).toEqual({ kind: 'server' });
    expect(publishOutcome({ statusCode: 0, errorType: 'unknown-error' })).toEqual({ kind: 'server' });
    expect(publishOutcome(new Error('boom'))).toEqual({ kind: 'server' });
    expect(
      publishOutcome({
        statusCode: 400,
        errorType: 'PUBLISH_ATTEMPT_ERROR',
        fields: { 'nfts.7.price': 'Please enter a value 1 or greater' },
      }),
    ).toEqual({ kind: 'invalid', fields: { 'nfts.7.price': 'Please enter a value 1 or greater' } });
  });
});

describe("saleTypeMixRefusal (Pack and pack drawing are the drop's mechanics)", () => {
  it('lets a drop mix FCFS, auctions and drawings, and a drop of packs hold packs', () => {
    expect(saleTypeMixRefusal('fcfs', ['auction', 'open_edition'])).toBeNull();
    expect(saleTypeMixRefusal('pack', ['pack', 'pack'])).toBeNull();
    expect(saleTypeMixRefusal('pack', [])).toBeNull();
    expect(saleTypeMixRefusal('auction', [])).toBeNull();
  });

  it('refuses a Pack beside other sale types, and another sale type in a drop of packs', () => {
    expect(saleTypeMixRefusal('pack', ['fcfs'])).toBe(
      "Every NFT of a Pack drop is a Pack: change the drop's other NFTs first, or sell them in another drop.",
    );
    expect(saleTypeMixRefusal('pack_drawing', ['drawing'])).toMatch(/^Every NFT of a pack drawing drop/);
    expect(saleTypeMixRefusal('fcfs', ['pack'])).toBe(
      'Every NFT of a Pack drop is a Pack: sell this NFT in another drop, or change the other NFTs first.',
    );
    expect(saleTypeMixRefusal('auction', ['pack_drawing', 'pack_drawing'])).toMatch(/pack drawing drop/);
  });
});
