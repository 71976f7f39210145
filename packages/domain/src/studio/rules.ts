// The publisher studio's rules (001 §5 "Drop and NFT", §9), written once for the web editor and the API.
// Pure and zod-free (the web shell imports @vitrine/domain; decision 011). Each validator answers a
// `{ field: message }` map: empty when the input passes. Field names are the API's JSON names (001 §3).

import { keccak_256 } from '@noble/hashes/sha3.js';
import { isAuctionSaleType } from '../catalog/sale-types';
import {
  COLLECTION_NAME_MAX_LENGTH,
  LIMIT_PER_USER_VALUES,
  MAX_DROP_DURATION_MS,
  MIN_BID_INCREMENT,
  MIN_BID_MINIMUM,
  MIN_PRICE,
  ROYALTY_PERCENT,
  SALES_SPLIT_TOTAL_PERCENT,
} from '../constants';
import { parseDecimal } from '../math/decimal';
import { type DateInput, toDate } from '../time/date';
import { parseUrl } from '../url/parse-url';

export type FieldErrors = Record<string, string>;

/** The messages of 001 §5 and §8, quoted exactly; the few the spec leaves open are ours (decision 017). */
export const STUDIO_MESSAGES = {
  required: 'Required input',
  ethPrimaryPrice: 'Primary sales cannot be priced in ETH yet: choose USD to publish',
  priceAboveZero: 'Enter a price above 0',
  editionSize: 'Please enter a number >= 1',
  limitPerUser: 'Invalid entry',
  minimumBid: 'Please enter a value 0 or greater',
  minimumBidIncrement: 'Please enter a value 1 or greater',
  royalty: 'Enter a value between 0 and 10',
  creators: 'Please add at least one artist',
  tags: 'Please add at least one tag',
  splitRecipients: 'Please add at least one recipient',
  splitTotal: 'Percentages must total 100',
  ethereumAddress: 'Please enter a valid ethereum address',
  startBeforeEnd: 'The start time must be earlier than the end time.',
  notInPast: 'The start and end times cannot be a date in the past.',
  youtube: 'Enter a valid YouTube URL',
  criteriaCount: 'Enter a value of 1 or more',
  collectionNameTaken: 'This name already exists. Please try a different one',
  // Ours (the spec names the rule, not its words):
  collectionNameTooLong: `The name cannot be longer than ${COLLECTION_NAME_MAX_LENGTH} characters`,
  invalidDate: 'Please enter a valid date',
  allowlistWithoutRule: 'Add an Account list rule: without one, this allowlist lets everyone buy',
  maxDuration: 'The start and end times cannot be more than 5 days apart.',
  isSafeForWork: 'Must be true or false',
  unauthorizedPayee: 'This recipient is not an authorized payee',
  splitPercentage: 'Enter a value between 0 and 100',
  nftStartsBeforeDrop: 'The NFT start time cannot be earlier than the drop start time.',
  nftEndsAfterDrop: 'The NFT end time cannot be later than the drop end time.',
  noNftStartsWithDrop: 'At least one NFT must start at the same time as the drop.',
  noNftEndsWithDrop: 'At least one NFT must end at the same time as the drop.',
  // 001 §8: publishing.
  publishFailedTitle: "Your drop couldn't be published because all inputs haven't been entered correctly",
  publishFailedDetail: 'Please check your inputs and try publishing again',
  publishServerErrorTitle: 'Oops. Something went wrong',
  publishServerErrorDetail: 'Try publishing your changes again',
  publishSucceeded: 'Latest changes successfully published.',
} as const;

/** 'There is 1 invalid entry' / 'There are N invalid entries' (001 §5 "Allowlist"); '' for none. */
export function invalidEntriesMessage(count: number): string {
  if (count <= 0) return '';
  return count === 1 ? 'There is 1 invalid entry' : `There are ${count} invalid entries`;
}

/** 'Please enter a value N or greater' with the currency's minimum price (001 §5: 1 USD, 0.001 ETH). */
export function minimumPriceMessage(currency: 'USD' | 'ETH'): string {
  return `Please enter a value ${MIN_PRICE[currency]} or greater`;
}

const ETHEREUM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/**
 * A 0x-prefixed 20-byte hex address (001 §5). A mixed-case address carries its EIP-55 checksum (a letter is upper
 * case where the keccak-256 of the lower-case hex has a nibble of 8 or more), which must hold: one mistyped
 * character is caught. All lower or all upper case carries none and passes on its form alone.
 */
export function isEthereumAddress(value: unknown): value is string {
  if (typeof value !== 'string' || !ETHEREUM_ADDRESS.test(value)) return false;
  const hex = value.slice(2);
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true;
  const lower = hex.toLowerCase();
  const hash = keccak_256(Uint8Array.from(lower, (c) => c.charCodeAt(0)));
  for (let i = 0; i < 40; i++) {
    const byte = hash[i >> 1] ?? 0;
    const nibble = i % 2 === 0 ? byte >> 4 : byte & 0x0f;
    const char = hex[i] ?? '';
    const expected = nibble >= 8 ? char.toUpperCase() : char.toLowerCase();
    if (char !== expected) return false;
  }
  return true;
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

/** A YouTube video URL: youtube.com/watch?v=, /embed/, /shorts/, /live/, or youtu.be/ (001 §5). */
export function isYouTubeUrl(value: unknown): boolean {
  if (typeof value !== 'string' || value.trim() === '') return false;
  const url = parseUrl(value.trim());
  if (!url) return false;
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  const host = url.hostname.toLowerCase();
  if (host === 'youtu.be') return YOUTUBE_ID.test(url.pathname.slice(1));
  if (
    ![
      'youtube.com',
      'www.youtube.com',
      'm.youtube.com',
      'youtube-nocookie.com',
      'www.youtube-nocookie.com',
    ].includes(host)
  )
    return false;
  if (url.pathname === '/watch') return YOUTUBE_ID.test(/(?:^\?|&)v=([^&]*)/.exec(url.search)?.[1] ?? '');
  const match = /^\/(?:embed|shorts|live|v)\/([^/]+)\/?$/.exec(url.pathname);
  return match !== null && YOUTUBE_ID.test(match[1] ?? '');
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const USERNAME = /^[A-Za-z0-9_.-]{1,64}$/;

/** The allowlist entries that are neither an email address nor a username (001 §5 "Allowlist"). */
export function invalidAllowlistEntries(entries: readonly string[]): string[] {
  return entries.filter((entry) => {
    const value = entry.trim();
    return !(EMAIL.test(value) || USERNAME.test(value.replace(/^@/, '')));
  });
}

function blank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

function numberOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = parseDecimal(value.trim());
    return parsed === null ? null : Number(value.trim());
  }
  return null;
}

function requireTexts(errors: FieldErrors, input: Record<string, unknown>, fields: readonly string[]): void {
  for (const field of fields) if (blank(input[field])) errors[field] = STUDIO_MESSAGES.required;
}

export interface DateWindowOptions {
  /** The server clock's now (the app clock on the API). */
  now: DateInput;
  /** Whether the 5-day span applies (001 §5: drops and Open Edition; 001 §9: any NFT). */
  maxSpan?: boolean;
}

/**
 * A start and end pair (001 §5 "Dates"): both required and valid, start earlier than end, neither in the
 * past, and at most 5 days apart. Messages go on `startField` (or `endField` for the end's own faults).
 */
export function validateWindow(
  start: DateInput | null | undefined,
  end: DateInput | null | undefined,
  options: DateWindowOptions,
  fields: { start: string; end: string } = { start: 'startDateTime', end: 'endDateTime' },
): FieldErrors {
  const errors: FieldErrors = {};
  const s = blank(start) ? null : toDate(start);
  const e = blank(end) ? null : toDate(end);
  if (blank(start)) errors[fields.start] = STUDIO_MESSAGES.required;
  else if (!s) errors[fields.start] = STUDIO_MESSAGES.invalidDate;
  if (blank(end)) errors[fields.end] = STUDIO_MESSAGES.required;
  else if (!e) errors[fields.end] = STUDIO_MESSAGES.invalidDate;
  if (!s || !e) return errors;
  const now = toDate(options.now)?.getTime() ?? Date.now();
  // An end in the past is the end's own fault: said on it, so that the editor holds it back rather than save it
  // while the message stands on the start (QA 2026-12-07: a past end was saved with no word on it).
  if (e.getTime() < now) errors[fields.end] = STUDIO_MESSAGES.notInPast;
  if (s.getTime() >= e.getTime()) errors[fields.start] = STUDIO_MESSAGES.startBeforeEnd;
  else if (s.getTime() < now || e.getTime() < now) errors[fields.start] = STUDIO_MESSAGES.notInPast;
  else if (options.maxSpan !== false && e.getTime() - s.getTime() > MAX_DROP_DURATION_MS)
    errors[fields.end] = STUDIO_MESSAGES.maxDuration;
  return errors;
}

/** A drop template as the editor and the API pass it (001 §3 "Drop template"). */
export interface StudioDropInput {
  title?: string | null;
  slug?: string | null;
  introText?: string | null;
  previewAsset?: string | null;
  coverAsset?: string | null;
  customBanner?: string | null;
  customBannerAltText?: string | null;
  introVideo?: string | null;
  chain?: string | null;
  visibleStartDateTime?: DateInput | null;
  visibleEndDateTime?: DateInput | null;
  signerAddress?: string | null;
  externalOwnerAddress?: string | null;
}

/** Every drop-level rule: required texts, dates, intro video, addresses. */
export function validateDrop(drop: StudioDropInput, options: { now: DateInput }): FieldErrors {
  const errors: FieldErrors = {};
  requireTexts(errors, drop as Record<string, unknown>, [
    'title',
    'slug',
    'introText',
    'previewAsset',
    'coverAsset',
  ]);
  Object.assign(
    errors,
    validateWindow(drop.visibleStartDateTime, drop.visibleEndDateTime, options, {
      start: 'visibleStartDateTime',
      end: 'visibleEndDateTime',
    }),
  );
  if (!blank(drop.introVideo) && !isYouTubeUrl(drop.introVideo)) errors.introVideo = STUDIO_MESSAGES.youtube;
  for (const field of ['signerAddress', 'externalOwnerAddress'] as const) {
    if (!blank(drop[field]) && !isEthereumAddress(drop[field]))
      errors[field] = STUDIO_MESSAGES.ethereumAddress;
  }
  return errors;
}

/** A collection of a drop (001 §5 "Collection name"). */
export interface StudioCollectionInput {
  name?: string | null;
}

/**
 * The collection name: required, at most 30 characters, unique (case-insensitive) among `takenNames`
 * (the other collections' names; the API reads them from the store).
 */
export function validateCollection(
  collection: StudioCollectionInput,
  options: { takenNames?: readonly string[] } = {},
): FieldErrors {
  const errors: FieldErrors = {};
  const name = collection.name?.trim() ?? '';
  if (name === '') errors.name = STUDIO_MESSAGES.required;
  else if (name.length > COLLECTION_NAME_MAX_LENGTH) errors.name = STUDIO_MESSAGES.collectionNameTooLong;
  else if (options.takenNames?.some((taken) => taken.trim().toLowerCase() === name.toLowerCase()))
    errors.name = STUDIO_MESSAGES.collectionNameTaken;
  return errors;
}

/** One recipient of a primary or secondary split (user) or of the on-chain split (ethAddress). */
export interface StudioSplitInput {
  user?: string | number | null;
  ethAddress?: string | null;
  percentage?: number | string | null;
  isAuthorized?: boolean | null;
}

/**
 * A sales split (001 §5): at least one recipient, percentages total 100, each between 0 and 100;
 * on-chain recipients need valid ethereum addresses; an unauthorised payee only when the publisher is
 * verified or curated. Errors: `{ split: message }` for the list, `{ '<index>.<field>': message }` for one.
 */
export function validateSplit(
  split: readonly StudioSplitInput[],
  options: { onChain?: boolean; allowUnauthorizedPayees?: boolean } = {},
): FieldErrors {
  const errors: FieldErrors = {};
  if (split.length === 0) return { split: STUDIO_MESSAGES.splitRecipients };
  let total = 0;
  split.forEach((recipient, index) => {
    const percentage = numberOf(recipient.percentage);
    if (percentage === null || percentage < 0 || percentage > 100)
      errors[`${index}.percentage`] = STUDIO_MESSAGES.splitPercentage;
    else total += percentage;
    if (options.onChain) {
      if (!isEthereumAddress(recipient.ethAddress))
        errors[`${index}.ethAddress`] = STUDIO_MESSAGES.ethereumAddress;
    } else {
      if (blank(recipient.user)) errors[`${index}.user`] = STUDIO_MESSAGES.required;
      else if (recipient.isAuthorized === false && !options.allowUnauthorizedPayees)
        errors[`${index}.user`] = STUDIO_MESSAGES.unauthorizedPayee;
    }
  });
  if (Object.keys(errors).length === 0 && Math.abs(total - SALES_SPLIT_TOTAL_PERCENT) > 1e-9)
    errors.split = STUDIO_MESSAGES.splitTotal;
  return errors;
}

/** An NFT of a drop as the editor and the API pass it (001 §3 "NFT in a drop"). */
export interface StudioNftInput {
  title?: string | null;
  description?: string | null;
  asset?: string | null;
  ipfsCid?: string | null;
  editionSize?: number | string | null;
  limitPerUser?: number | string | null;
  maxPurchaseQuantity?: number | string | null;
  primarySaleType?: string | null;
  price?: number | string | null;
  minimumBid?: number | string | null;
  minimumBidIncrement?: number | string | null;
  royaltyPercentage?: number | string | null;
  sourceCurrency?: string | null;
  startDateTime?: DateInput | null;
  endDateTime?: DateInput | null;
  isSafeForWork?: unknown;
  creators?: readonly unknown[] | null;
  tags?: readonly unknown[] | null;
  primarySalesSplit?: readonly StudioSplitInput[] | null;
  secondarySalesSplit?: readonly StudioSplitInput[] | null;
  onChainSalesSplit?: readonly StudioSplitInput[] | null;
}

/** A drop's window (its visible start and end). */
export interface DropWindow {
  start: DateInput | null | undefined;
  end: DateInput | null | undefined;
}

export interface NftRuleOptions {
  now: DateInput;
  /** The NFT's drop window; its dates must lie inside it. */
  dropWindow?: DropWindow;
  /** Verified and curated publishers may pay unauthorised payees (001 §6). */
  allowUnauthorizedPayees?: boolean;
}

/** FCFS (a fixed-price 'standard' sale) skips the date checks (001 §5). */
export function skipsDateChecks(saleType: string | null | undefined): boolean {
  return saleType === 'standard' || saleType === 'fcfs' || saleType === 'not_for_sale';
}

function prefixed(prefix: string, errors: FieldErrors): FieldErrors {
  const out: FieldErrors = {};
  for (const [key, message] of Object.entries(errors))
    out[key === 'split' ? prefix : `${prefix}.${key}`] = message;
  return out;
}

/** Every rule of one NFT, given its drop's window and its sale type (001 §5). */
export function validateNft(nft: StudioNftInput, options: NftRuleOptions): FieldErrors {
  const errors: FieldErrors = {};
  requireTexts(errors, nft as Record<string, unknown>, ['title', 'description', 'asset', 'ipfsCid']);
  const saleType = nft.primarySaleType ?? 'standard';
  if (blank(nft.primarySaleType)) errors.primarySaleType = STUDIO_MESSAGES.required;

  const editionSize = numberOf(nft.editionSize);
  if (editionSize === null || !Number.isInteger(editionSize) || editionSize < 1)
    errors.editionSize = STUDIO_MESSAGES.editionSize;
  const maxPurchase = numberOf(nft.maxPurchaseQuantity ?? 1);
  if (maxPurchase === null || !Number.isInteger(maxPurchase) || maxPurchase < 1)
    errors.maxPurchaseQuantity = STUDIO_MESSAGES.editionSize;
  const limit = numberOf(nft.limitPerUser);
  if (limit === null || !(LIMIT_PER_USER_VALUES as readonly number[]).includes(limit))
    errors.limitPerUser = STUDIO_MESSAGES.limitPerUser;

  if (isAuctionSaleType(saleType)) {
    const minimumBid = numberOf(nft.minimumBid);
    if (minimumBid === null || minimumBid < MIN_BID_MINIMUM) errors.minimumBid = STUDIO_MESSAGES.minimumBid;
    const increment = numberOf(nft.minimumBidIncrement);
    if (increment === null || increment < MIN_BID_INCREMENT)
      errors.minimumBidIncrement = STUDIO_MESSAGES.minimumBidIncrement;
  } else if (saleType !== 'not_for_sale') {
    const currency = nft.sourceCurrency === 'ETH' ? 'ETH' : 'USD';
    if (nft.sourceCurrency !== 'USD' && nft.sourceCurrency !== 'ETH' && !blank(nft.sourceCurrency))
      errors.sourceCurrency = STUDIO_MESSAGES.limitPerUser;
    const price = numberOf(nft.price);
    if (price === null || price < MIN_PRICE[currency]) errors.price = minimumPriceMessage(currency);
  }

  const royalty = numberOf(nft.royaltyPercentage);
  // A whole percentage: the royalty is stored as one (a fractional one would fail the save).
  if (
    royalty === null ||
    !Number.isInteger(royalty) ||
    royalty < ROYALTY_PERCENT.min ||
    royalty > ROYALTY_PERCENT.max
  )
    errors.royaltyPercentage = STUDIO_MESSAGES.royalty;
  if (typeof nft.isSafeForWork !== 'boolean') errors.isSafeForWork = STUDIO_MESSAGES.isSafeForWork;
  if (!nft.creators || nft.creators.length === 0) errors.creators = STUDIO_MESSAGES.creators;
  if (!nft.tags || nft.tags.length === 0) errors.tags = STUDIO_MESSAGES.tags;

  if (!skipsDateChecks(saleType)) {
    const windowErrors = validateWindow(nft.startDateTime, nft.endDateTime, { now: options.now });
    Object.assign(errors, windowErrors);
    if (Object.keys(windowErrors).length === 0 && options.dropWindow)
      Object.assign(errors, nftWindowInsideDrop(nft, options.dropWindow));
  }

  const payees = { allowUnauthorizedPayees: options.allowUnauthorizedPayees };
  Object.assign(errors, prefixed('primarySalesSplit', validateSplit(nft.primarySalesSplit ?? [], payees)));
  Object.assign(
    errors,
    prefixed('secondarySalesSplit', validateSplit(nft.secondarySalesSplit ?? [], payees)),
  );
  if (nft.onChainSalesSplit && nft.onChainSalesSplit.length > 0)
    Object.assign(
      errors,
      prefixed('onChainSalesSplit', validateSplit(nft.onChainSalesSplit, { onChain: true })),
    );
  return errors;
}

function nftWindowInsideDrop(nft: StudioNftInput, drop: DropWindow): FieldErrors {
  const errors: FieldErrors = {};
  const start = toDate(nft.startDateTime);
  const end = toDate(nft.endDateTime);
  const dropStart = toDate(drop.start);
  const dropEnd = toDate(drop.end);
  if (start && dropStart && start.getTime() < dropStart.getTime())
    errors.startDateTime = STUDIO_MESSAGES.nftStartsBeforeDrop;
  if (end && dropEnd && end.getTime() > dropEnd.getTime())
    errors.endDateTime = STUDIO_MESSAGES.nftEndsAfterDrop;
  return errors;
}

/** A dated NFT's window as the drop sees it: FCFS NFTs take the drop's own window. */
function effectiveWindow(
  nft: StudioNftInput,
  drop: DropWindow,
): { start: number | null; end: number | null } {
  if (skipsDateChecks(nft.primarySaleType ?? 'standard'))
    return { start: toDate(drop.start)?.getTime() ?? null, end: toDate(drop.end)?.getTime() ?? null };
  return {
    start: toDate(nft.startDateTime)?.getTime() ?? null,
    end: toDate(nft.endDateTime)?.getTime() ?? null,
  };
}

/**
 * The drop-level NFT window rules (001 §5): with at least one NFT, one of them must start with the drop
 * and one must end with it (FCFS NFTs run for the drop's whole window). Errors on the drop's fields.
 */
export function validateNftWindows(drop: DropWindow, nfts: readonly StudioNftInput[]): FieldErrors {
  const errors: FieldErrors = {};
  const dropStart = toDate(drop.start)?.getTime();
  const dropEnd = toDate(drop.end)?.getTime();
  if (nfts.length === 0 || dropStart === undefined || dropEnd === undefined) return errors;
  const windows = nfts.map((nft) => effectiveWindow(nft, drop));
  if (!windows.some((w) => w.start === dropStart))
    errors.visibleStartDateTime = STUDIO_MESSAGES.noNftStartsWithDrop;
  if (!windows.some((w) => w.end === dropEnd)) errors.visibleEndDateTime = STUDIO_MESSAGES.noNftEndsWithDrop;
  return errors;
}

/** A criteria rule's count (001 §5 'Enter a value of 1 or more'). */
export function validateCriteriaRule(rule: { count?: number | string | null }): FieldErrors {
  const count = numberOf(rule.count);
  return count === null || !Number.isInteger(count) || count < 1
    ? { count: STUDIO_MESSAGES.criteriaCount }
    : {};
}

/** An allowlist's entries (usernames and email addresses): `{ entries: 'There are N invalid entries' }`. */
export function validateAllowlist(entries: readonly string[], unknown: readonly string[] = []): FieldErrors {
  const invalid = new Set([...invalidAllowlistEntries(entries), ...unknown]);
  return invalid.size > 0 ? { entries: invalidEntriesMessage(invalid.size) } : {};
}

/**
 * An allowlist is read by Account list rules alone: entries without such a rule restrict nobody, which a publisher
 * who typed them does not expect (QA 2026-12-07: a drop published with an allowlist and no rule sold to everyone).
 */
export function validateAllowlistRule(entries: readonly string[], kinds: readonly string[]): FieldErrors {
  return entries.length > 0 && !kinds.includes('account_list')
    ? { entries: STUDIO_MESSAGES.allowlistWithoutRule }
    : {};
}

/** A whole drop for publishing: the drop's, each collection's and each NFT's errors. */
export interface DropPublishInput {
  drop: StudioDropInput;
  collections: readonly {
    id: number | string;
    collection: StudioCollectionInput;
    takenNames?: readonly string[];
    nfts: readonly { id: number | string; nft: StudioNftInput }[];
  }[];
}

export interface DropPublishErrors {
  drop: FieldErrors;
  collections: Record<string, FieldErrors>;
  nfts: Record<string, FieldErrors>;
}

/** Every rule of a drop at once (what Publish checks; 001 §4, §5). */
/**
 * What a published NFT's price currency cannot be yet: a primary sale priced in ETH, which checkout cannot take
 * until ETH payments arrive (the chain issue; QA 2026-12-07: such an NFT published, showed 'FREE' and could not be
 * bought). Saving an ETH price stays allowed (001 §5); publishing it is refused, at the Currency field.
 */
export function publishCurrencyErrors(
  nft: Pick<StudioNftInput, 'primarySaleType' | 'sourceCurrency'>,
): FieldErrors {
  const saleType = nft.primarySaleType ?? '';
  if (isAuctionSaleType(saleType) || saleType === 'not_for_sale') return {};
  return nft.sourceCurrency === 'ETH' ? { sourceCurrency: STUDIO_MESSAGES.ethPrimaryPrice } : {};
}

export function validateDropForPublish(
  input: DropPublishInput,
  options: { now: DateInput; allowUnauthorizedPayees?: boolean },
): DropPublishErrors {
  const dropWindow = { start: input.drop.visibleStartDateTime, end: input.drop.visibleEndDateTime };
  const drop = validateDrop(input.drop, options);
  const collections: Record<string, FieldErrors> = {};
  const nfts: Record<string, FieldErrors> = {};
  const all: StudioNftInput[] = [];
  for (const entry of input.collections) {
    const errors = validateCollection(entry.collection, { takenNames: entry.takenNames });
    if (Object.keys(errors).length > 0) collections[String(entry.id)] = errors;
    for (const { id, nft } of entry.nfts) {
      all.push(nft);
      const nftErrors = { ...validateNft(nft, { ...options, dropWindow }), ...publishCurrencyErrors(nft) };
      if (Object.keys(nftErrors).length > 0) nfts[String(id)] = nftErrors;
    }
  }
  if (all.length === 0) drop.nfts = STUDIO_MESSAGES.required;
  else if (!drop.visibleStartDateTime && !drop.visibleEndDateTime)
    Object.assign(drop, validateNftWindows(dropWindow, all));
  return { drop, collections, nfts };
}

/** The publish errors as one flat `{ 'drop.title', 'collections.3.name', 'nfts.7.price' }` map (the API's `fields`). */
export function flattenPublishErrors(errors: DropPublishErrors): FieldErrors {
  const out: FieldErrors = {};
  for (const [field, message] of Object.entries(errors.drop)) out[`drop.${field}`] = message;
  for (const [id, fields] of Object.entries(errors.collections))
    for (const [field, message] of Object.entries(fields)) out[`collections.${id}.${field}`] = message;
  for (const [id, fields] of Object.entries(errors.nfts))
    for (const [field, message] of Object.entries(fields)) out[`nfts.${id}.${field}`] = message;
  return out;
}

/** True when a validator's map has no errors. */
export function isValid(errors: FieldErrors): boolean {
  return Object.keys(errors).length === 0;
}

/**
 * The publisher fee of one drop (001 §7 `v2/publisher-fee`; the spec leaves the value open: "Fee values beyond
 * those above: not shown"). Ours: $49.00, paid once per drop before its first publish (decision 017).
 */
export const PUBLISHER_FEE_CENTS = 4_900;
