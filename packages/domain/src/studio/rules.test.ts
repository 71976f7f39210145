import { describe, expect, it } from 'vitest';
import {
  flattenPublishErrors,
  invalidEntriesMessage,
  isEthereumAddress,
  isYouTubeUrl,
  STUDIO_MESSAGES as M,
  publishCurrencyErrors,
  type StudioNftInput,
  validateAllowlist,
  validateCollection,
  validateCriteriaRule,
  validateDrop,
  validateDropForPublish,
  validateNft,
  validateNftWindows,
  validateSplit,
  validateWindow,
} from './rules';

const now = '2030-01-01T00:00:00.000Z';
const at = (hours: number) => new Date(Date.parse(now) + hours * 3_600_000).toISOString();
const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
const me = { user: 'maker', percentage: 100, isAuthorized: true };

const goodDrop = {
  title: 'Night Garden',
  slug: 'night-garden',
  introText: 'Flowers at night',
  previewAsset: '/api/media/p.png',
  coverAsset: '/api/media/c.png',
  visibleStartDateTime: at(1),
  visibleEndDateTime: at(49),
};

const auction: StudioNftInput = {
  title: 'Moth',
  description: 'A moth',
  asset: '/api/media/a.png',
  ipfsCid: 'bafy',
  editionSize: 1,
  limitPerUser: 1,
  primarySaleType: 'auction',
  minimumBid: 0,
  minimumBidIncrement: 1,
  royaltyPercentage: 10,
  sourceCurrency: 'USD',
  startDateTime: at(1),
  endDateTime: at(49),
  isSafeForWork: true,
  creators: [1],
  tags: ['art'],
  primarySalesSplit: [me],
  secondarySalesSplit: [me],
};
const fcfs: StudioNftInput = {
  ...auction,
  primarySaleType: 'standard',
  price: 1,
  startDateTime: null,
  endDateTime: null,
};

describe('required texts', () => {
  it("answers 'Required input' for each empty required text of a drop", () => {
    const errors = validateDrop(
      { ...goodDrop, title: ' ', slug: '', introText: null, previewAsset: undefined, coverAsset: '' },
      { now },
    );
    for (const f of ['title', 'slug', 'introText', 'previewAsset', 'coverAsset'])
      expect(errors[f]).toBe('Required input');
  });
  it('passes a complete drop', () => {
    expect(validateDrop(goodDrop, { now })).toEqual({});
  });
  it("answers 'Required input' for an NFT's title, description, asset and ipfsCid", () => {
    const errors = validateNft({ ...auction, title: '', description: '', asset: '', ipfsCid: '' }, { now });
    for (const f of ['title', 'description', 'asset', 'ipfsCid']) expect(errors[f]).toBe('Required input');
  });
});

describe('numbers of an NFT', () => {
  it.each([0, -1, 1.5, 'x'])('editionSize %s is refused', (editionSize) => {
    expect(validateNft({ ...auction, editionSize }, { now }).editionSize).toBe('Please enter a number >= 1');
  });
  it.each([2, -1, 'a'])('limitPerUser %s is refused, 0 and 1 pass', (limitPerUser) => {
    expect(validateNft({ ...auction, limitPerUser }, { now }).limitPerUser).toBe('Invalid entry');
    expect(validateNft({ ...auction, limitPerUser: 0 }, { now }).limitPerUser).toBeUndefined();
  });
  it('minimum bid >= 0 and increment >= 1 for auctions', () => {
    const errors = validateNft({ ...auction, minimumBid: -1, minimumBidIncrement: 0.5 }, { now });
    expect(errors.minimumBid).toBe('Please enter a value 0 or greater');
    expect(errors.minimumBidIncrement).toBe('Please enter a value 1 or greater');
    expect(validateNft(auction, { now })).toEqual({});
  });
  it('an ETH price may be saved, not published: checkout takes USD until ETH payments arrive', () => {
    expect(publishCurrencyErrors({ primarySaleType: 'fcfs', sourceCurrency: 'ETH' })).toEqual({
      sourceCurrency: 'Primary sales cannot be priced in ETH yet: choose USD to publish',
    });
    expect(publishCurrencyErrors({ primarySaleType: 'fcfs', sourceCurrency: 'USD' })).toEqual({});
    // Bids are in USD whatever the currency field says; a work not for sale has no price.
    expect(publishCurrencyErrors({ primarySaleType: 'auction', sourceCurrency: 'ETH' })).toEqual({});
    expect(publishCurrencyErrors({ primarySaleType: 'not_for_sale', sourceCurrency: 'ETH' })).toEqual({});
  });
  it('price per currency: USD >= 1, ETH >= 0.001', () => {
    expect(validateNft({ ...fcfs, price: 0.99 }, { now }).price).toBe('Please enter a value 1 or greater');
    expect(validateNft({ ...fcfs, sourceCurrency: 'ETH', price: 0.0009 }, { now }).price).toBe(
      'Please enter a value 0.001 or greater',
    );
    expect(validateNft({ ...fcfs, sourceCurrency: 'ETH', price: '0.001' }, { now })).toEqual({});
    expect(validateNft({ ...fcfs, price: 1 }, { now })).toEqual({});
  });
  it.each([-1, 11, 10.5])('royalty %s is outside 0 to 10', (royaltyPercentage) => {
    expect(validateNft({ ...auction, royaltyPercentage }, { now }).royaltyPercentage).toBe(
      'Enter a value between 0 and 10',
    );
  });
  it('royalty 0 and 10 pass', () => {
    expect(validateNft({ ...auction, royaltyPercentage: 0 }, { now }).royaltyPercentage).toBeUndefined();
    expect(validateNft({ ...auction, royaltyPercentage: 10 }, { now }).royaltyPercentage).toBeUndefined();
  });
  it('isSafeForWork must be a boolean', () => {
    expect(validateNft({ ...auction, isSafeForWork: 'yes' }, { now }).isSafeForWork).toBe(M.isSafeForWork);
    expect(validateNft({ ...auction, isSafeForWork: false }, { now }).isSafeForWork).toBeUndefined();
  });
  it('creators and tags: at least one', () => {
    const errors = validateNft({ ...auction, creators: [], tags: [] }, { now });
    expect(errors.creators).toBe('Please add at least one artist');
    expect(errors.tags).toBe('Please add at least one tag');
  });
});

describe('dates', () => {
  it('valid, start before end, not in the past, 5 days at most', () => {
    expect(validateWindow('not a date', at(2), { now }).startDateTime).toBe(M.invalidDate);
    expect(validateWindow(at(3), at(2), { now }).startDateTime).toBe(
      'The start time must be earlier than the end time.',
    );
    expect(validateWindow(at(-1), at(2), { now }).startDateTime).toBe(
      'The start and end times cannot be a date in the past.',
    );
    // An end in the past is said on the end too (the editor holds back a field with a message, and saves the others).
    expect(validateWindow(at(-3), at(-1), { now })).toEqual({
      startDateTime: 'The start and end times cannot be a date in the past.',
      endDateTime: 'The start and end times cannot be a date in the past.',
    });
    expect(validateWindow(at(1), at(-1), { now })).toEqual({
      startDateTime: 'The start time must be earlier than the end time.',
      endDateTime: 'The start and end times cannot be a date in the past.',
    });
    expect(validateWindow(at(1), at(1 + 120), { now })).toEqual({});
    expect(validateWindow(at(1), at(1 + 120.01), { now }).endDateTime).toBe(M.maxDuration);
    expect(validateWindow(null, '', { now })).toEqual({
      startDateTime: 'Required input',
      endDateTime: 'Required input',
    });
  });
  it('a drop longer than 5 days is refused on its end', () => {
    expect(validateDrop({ ...goodDrop, visibleEndDateTime: at(1 + 121) }, { now }).visibleEndDateTime).toBe(
      M.maxDuration,
    );
  });
  it('an open edition longer than 5 days is refused', () => {
    const oe = { ...fcfs, primarySaleType: 'open_edition', startDateTime: at(1), endDateTime: at(200) };
    expect(validateNft(oe, { now }).endDateTime).toBe(M.maxDuration);
  });
  it('FCFS NFTs skip the date checks', () => {
    expect(validateNft({ ...fcfs, startDateTime: 'garbage', endDateTime: at(-5) }, { now })).toEqual({});
  });
  it('an NFT window must lie inside the drop window', () => {
    const dropWindow = { start: at(2), end: at(10) };
    const errors = validateNft(
      { ...auction, startDateTime: at(1), endDateTime: at(11) },
      { now, dropWindow },
    );
    expect(errors.startDateTime).toBe('The NFT start time cannot be earlier than the drop start time.');
    expect(errors.endDateTime).toBe('The NFT end time cannot be later than the drop end time.');
  });
  it('one NFT must start with the drop and one must end with it', () => {
    const drop = { start: at(2), end: at(10) };
    const a = { ...auction, startDateTime: at(3), endDateTime: at(10) };
    const b = { ...auction, startDateTime: at(2), endDateTime: at(9) };
    expect(validateNftWindows(drop, [a])).toEqual({ visibleStartDateTime: M.noNftStartsWithDrop });
    expect(validateNftWindows(drop, [b])).toEqual({ visibleEndDateTime: M.noNftEndsWithDrop });
    expect(validateNftWindows(drop, [a, b])).toEqual({});
    expect(validateNftWindows(drop, [a, fcfs])).toEqual({});
  });
});

describe('splits', () => {
  it("needs a recipient: 'Please add at least one recipient'", () => {
    expect(validateSplit([])).toEqual({ split: 'Please add at least one recipient' });
  });
  it("'Percentages must total 100'", () => {
    expect(
      validateSplit([
        { ...me, percentage: 70 },
        { ...me, user: 'b', percentage: 20 },
      ]),
    ).toEqual({
      split: 'Percentages must total 100',
    });
    expect(
      validateSplit([
        { ...me, percentage: 70 },
        { ...me, user: 'b', percentage: 30 },
      ]),
    ).toEqual({});
  });
  it('an unauthorised payee only for verified or curated publishers', () => {
    const split = [{ user: 'stranger', percentage: 100, isAuthorized: false }];
    expect(validateSplit(split)['0.user']).toBe(M.unauthorizedPayee);
    expect(validateSplit(split, { allowUnauthorizedPayees: true })).toEqual({});
  });
  it('on-chain recipients need ethereum addresses', () => {
    expect(validateSplit([{ ethAddress: '0x123', percentage: 100 }], { onChain: true })['0.ethAddress']).toBe(
      'Please enter a valid ethereum address',
    );
    expect(validateSplit([{ ethAddress: ADDRESS, percentage: 100 }], { onChain: true })).toEqual({});
  });
  it("an NFT's split errors are named by the split", () => {
    const errors = validateNft(
      { ...auction, primarySalesSplit: [], secondarySalesSplit: [{ ...me, percentage: 50 }] },
      { now },
    );
    expect(errors.primarySalesSplit).toBe(M.splitRecipients);
    expect(errors.secondarySalesSplit).toBe(M.splitTotal);
  });
});

describe('addresses, video, criteria, allowlist, collection names', () => {
  it('ethereum addresses', () => {
    expect(isEthereumAddress(ADDRESS)).toBe(true);
    expect(isEthereumAddress('0xZZ08400098527886E0F7030069857D2E4169EE7')).toBe(false);
    // EIP-55: a mixed-case address carries a checksum, which must hold (the EIP's own examples).
    for (const good of [
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
      '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
      '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
    ])
      expect(isEthereumAddress(good)).toBe(true);
    // One letter's case changed: a typo the checksum catches.
    expect(isEthereumAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toBe(false);
    expect(isEthereumAddress('0xfb6916095ca1df60bB79Ce92cE3Ea74c37c5d359')).toBe(false);
    // All lower or all upper case: no checksum to check.
    expect(isEthereumAddress('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBe(true);
    expect(isEthereumAddress('0x5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED')).toBe(true);
    expect(
      validateDrop({ ...goodDrop, signerAddress: 'nope', externalOwnerAddress: ADDRESS }, { now }),
    ).toEqual({
      signerAddress: 'Please enter a valid ethereum address',
    });
  });
  it('YouTube URLs', () => {
    for (const url of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtu.be/dQw4w9WgXcQ',
      'https://youtube.com/embed/dQw4w9WgXcQ',
      'https://m.youtube.com/shorts/dQw4w9WgXcQ',
    ])
      expect(isYouTubeUrl(url)).toBe(true);
    for (const url of [
      'https://vimeo.com/1',
      'https://youtube.com/watch?v=x',
      'javascript:alert(1)',
      'youtube',
    ])
      expect(isYouTubeUrl(url)).toBe(false);
    expect(validateDrop({ ...goodDrop, introVideo: 'https://vimeo.com/1' }, { now }).introVideo).toBe(
      'Enter a valid YouTube URL',
    );
  });
  it("criteria count: 'Enter a value of 1 or more'", () => {
    expect(validateCriteriaRule({ count: 0 })).toEqual({ count: 'Enter a value of 1 or more' });
    expect(validateCriteriaRule({ count: 1 })).toEqual({});
  });
  it('allowlist invalid entries', () => {
    expect(invalidEntriesMessage(1)).toBe('There is 1 invalid entry');
    expect(invalidEntriesMessage(3)).toBe('There are 3 invalid entries');
    expect(validateAllowlist(['ok_name', 'a@b.co', 'not valid!'])).toEqual({
      entries: 'There is 1 invalid entry',
    });
    expect(validateAllowlist(['ok', 'bad one', 'a@@b'], ['ok'])).toEqual({
      entries: 'There are 3 invalid entries',
    });
    expect(validateAllowlist(['ok'])).toEqual({});
  });
  it('collection name: required, 30 characters at most, unique', () => {
    expect(validateCollection({ name: '' })).toEqual({ name: 'Required input' });
    expect(validateCollection({ name: 'x'.repeat(30) })).toEqual({});
    expect(validateCollection({ name: 'x'.repeat(31) }).name).toBe(M.collectionNameTooLong);
    expect(validateCollection({ name: 'Moths' }, { takenNames: ['moths'] })).toEqual({
      name: 'This name already exists. Please try a different one',
    });
  });
});

describe('publishing a whole drop', () => {
  it('collects the errors of the drop, its collections and its NFTs', () => {
    const errors = validateDropForPublish(
      {
        drop: { ...goodDrop, title: '' },
        collections: [{ id: 3, collection: { name: '' }, nfts: [{ id: 7, nft: { ...fcfs, price: 0 } }] }],
      },
      { now },
    );
    expect(flattenPublishErrors(errors)).toEqual({
      'drop.title': 'Required input',
      'collections.3.name': 'Required input',
      'nfts.7.price': 'Please enter a value 1 or greater',
    });
  });
  it('passes a drop whose NFTs start and end with it', () => {
    const errors = validateDropForPublish(
      {
        drop: goodDrop,
        collections: [
          {
            id: 1,
            collection: { name: 'Moths' },
            nfts: [
              { id: 1, nft: auction },
              { id: 2, nft: fcfs },
            ],
          },
        ],
      },
      { now },
    );
    expect(flattenPublishErrors(errors)).toEqual({});
  });
  it('a drop without NFTs cannot be published', () => {
    const errors = validateDropForPublish({ drop: goodDrop, collections: [] }, { now });
    expect(errors.drop.nfts).toBe('Required input');
  });
});
