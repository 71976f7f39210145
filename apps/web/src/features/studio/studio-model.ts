// Pure pieces of the publisher studio's screens (001 §3, §4): drop status labels, the editor's sale types,
// the duplicate's title, and the form values the editor keeps (text as typed) and what they send.
import {
  type DropStatus,
  type DropStatusLabel,
  type DropType,
  dropStatusLabel,
  ERROR_TYPES,
  SALE_TYPE_OF_DROP,
} from '@vitrine/domain';
import type { SalesSplit, StudioDrop, StudioNft, StudioPerson } from './studio-api';

const LABELS: readonly string[] = ['Unpublished', 'Published', 'Live', 'Closed', 'Error'];

/**
 * The drop's status label (001 §4): the API's (by the server's clock), else the label of its status code
 * (draft = Unpublished, published scheduled = Published, live = Live, closed = Closed, error = Error).
 */
export function studioStatusLabel(
  drop: Pick<StudioDrop, 'dropStatus'> & Partial<Pick<StudioDrop, 'statusLabel'>>,
): DropStatusLabel {
  if (drop.statusLabel && LABELS.includes(drop.statusLabel)) return drop.statusLabel as DropStatusLabel;
  return dropStatusLabel(drop.dropStatus as DropStatus) ?? 'Unpublished';
}

/** Live and closed drops are view-only: no edit, no delete (001 §4, §6). */
export function isReadOnly(label: DropStatusLabel): boolean {
  return label === 'Live' || label === 'Closed';
}

/** Only drafts are deleted from the list (the brief; live and closed cannot be, 001 §4). */
export function canDelete(label: DropStatusLabel): boolean {
  return label === 'Unpublished';
}

/** The editor's sale types (001 §4 "Sale types in the editor"), in the spec's order and words. */
export const EDITOR_SALE_TYPES: readonly { value: DropType; label: string }[] = [
  { value: 'fcfs', label: 'FCFS' },
  { value: 'auction', label: '1/1 Auction' },
  { value: 'drawing', label: 'Drawing' },
  { value: 'ranked_auction', label: 'Ranked Auction' },
  { value: 'silent_auction', label: 'Silent Auction' },
  { value: 'open_edition', label: 'Open Edition' },
  { value: 'blind_edition', label: 'Blind Edition' },
  { value: 'pack', label: 'Pack' },
  { value: 'pack_drawing', label: 'pack drawing' },
];

/** The sale type the API stores for an editor sale type (FCFS and Pack sell at a fixed price: 'standard'). */
export function apiSaleType(editorType: string): string {
  return SALE_TYPE_OF_DROP[editorType as DropType] ?? editorType;
}

/** The editor's sale type of an NFT: the drop's mechanics tell a pack from FCFS, a pack drawing from a drawing. */
export function editorSaleType(saleType: string, dropMechanics: string | undefined): string {
  if (saleType === 'standard') return dropMechanics === 'pack' ? 'pack' : 'fcfs';
  if (saleType === 'drawing' && dropMechanics === 'pack_drawing') return 'pack_drawing';
  return saleType;
}

/** Editor sale types that are the whole drop's mechanics (stored as 'standard' and 'drawing' on each NFT). */
const DROP_MECHANICS = ['pack', 'pack_drawing'];

/**
 * Why an NFT may not take `chosen` beside the drop's other NFTs' sale types, or null. Pack and pack drawing are the
 * drop's mechanics, not the NFT's: an FCFS NFT beside a Pack (both 'standard' on the NFT) would turn into a Pack
 * with nothing said, and a Pack beside an auction would turn into FCFS (QA 2026-12-07). A drop of packs holds packs
 * only, a drop of pack drawings pack drawings only.
 */
export function saleTypeMixRefusal(chosen: string, others: readonly string[]): string | null {
  const label = (type: string) => EDITOR_SALE_TYPES.find((t) => t.value === type)?.label ?? type;
  if (DROP_MECHANICS.includes(chosen)) {
    if (others.every((t) => t === chosen)) return null;
    return `Every NFT of a ${label(chosen)} drop is a ${label(chosen)}: change the drop's other NFTs first, or sell them in another drop.`;
  }
  const mechanics = others.find((t) => DROP_MECHANICS.includes(t));
  if (mechanics === undefined) return null;
  return `Every NFT of a ${label(mechanics)} drop is a ${label(mechanics)}: sell this NFT in another drop, or change the other NFTs first.`;
}

/** 001 §3 defaults. */
export const DEFAULT_COLLECTION_TITLE = 'Untitled Collection';
export const DEFAULT_NFT_TITLE = 'Untitled NFT';
export const CHAINS = ['ethereum', 'immutablex', 'polygon', 'rinkeby', 'mumbai'] as const;

/** 001 §4: a duplicate is titled with the COPY OF prefix. */
export function copyTitle(title: string): string {
  return `COPY OF ${title}`;
}

/** An ISO time as a `datetime-local` input's value (the viewer's zone), '' for none. */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A `datetime-local` value as an ISO time, null for empty, the text itself when it is no date. */
export function fromLocalInput(value: string): string | null {
  if (value.trim() === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

/** The drop form: every field as its input holds it. */
export interface DropForm {
  title: string;
  slug: string;
  introText: string;
  coverAsset: string;
  previewAsset: string;
  customBanner: string;
  customBannerAltText: string;
  introVideo: string;
  chain: string;
  visibleStartDateTime: string;
  visibleEndDateTime: string;
  signerAddress: string;
  externalOwnerAddress: string;
  /** Set by the NFT editor's sale type (Pack, pack drawing), not a field of its own. */
  dropMechanics: string;
}

export function dropForm(drop: StudioDrop): DropForm {
  return {
    title: drop.title ?? DEFAULT_COLLECTION_TITLE,
    slug: drop.slug ?? '',
    introText: drop.introText ?? '',
    coverAsset: drop.coverAsset ?? '',
    previewAsset: drop.previewAsset ?? '',
    customBanner: drop.customBanner ?? '',
    customBannerAltText: drop.customBannerAltText ?? '',
    introVideo: drop.introVideo ?? '',
    chain: drop.chain || 'ethereum',
    visibleStartDateTime: toLocalInput(drop.visibleStartDateTime),
    visibleEndDateTime: toLocalInput(drop.visibleEndDateTime),
    signerAddress: drop.signerAddress ?? '',
    externalOwnerAddress: drop.externalOwnerAddress ?? '',
    dropMechanics: drop.dropMechanics ?? 'fcfs',
  };
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** What the drop form sends (and what the shared rules check). */
export function dropInput(form: DropForm) {
  return {
    title: form.title,
    slug: form.slug.trim(),
    introText: form.introText,
    coverAsset: orNull(form.coverAsset),
    previewAsset: orNull(form.previewAsset),
    customBanner: orNull(form.customBanner),
    customBannerAltText: orNull(form.customBannerAltText),
    introVideo: orNull(form.introVideo),
    chain: form.chain,
    visibleStartDateTime: fromLocalInput(form.visibleStartDateTime),
    visibleEndDateTime: fromLocalInput(form.visibleEndDateTime),
    signerAddress: orNull(form.signerAddress),
    externalOwnerAddress: orNull(form.externalOwnerAddress),
    dropMechanics: form.dropMechanics,
  };
}

/** One split recipient as typed; `id` once the API has it. */
export interface SplitForm {
  key: string;
  id: number | null;
  /** Username (primary, secondary) or ethereum address (on-chain). */
  payee: string;
  percentage: string;
  isAuthorized?: boolean;
}

export interface NftForm {
  title: string;
  description: string;
  asset: string;
  ipfsCid: string;
  /** A still image for a video or 3D asset (the upload's poster). */
  staticThumbnail: string;
  /** The asset's kind (001 §3 Asset type), read from an upload's bytes. */
  assetType: string;
  editionSize: string;
  limitPerUser: string;
  maxPurchaseQuantity: string;
  primarySaleType: string;
  price: string;
  minimumBid: string;
  minimumBidIncrement: string;
  royaltyPercentage: string;
  sourceCurrency: 'USD' | 'ETH';
  startDateTime: string;
  endDateTime: string;
  isSafeForWork: boolean;
  sortOrder: string;
  enforceAllSpecialCriteria: boolean;
  tags: string;
  creators: string;
  primarySalesSplit: SplitForm[];
  secondarySalesSplit: SplitForm[];
  onChainSalesSplit: SplitForm[];
}

let keys = 0;
/** A local key for a split row (stable across renders, before the API gives an id). */
export function newKey(): string {
  keys += 1;
  return `split-${keys}`;
}

const text = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);
/** '1.00' → '1', '0.250' → '0.25': an amount as a person types it. */
const amount = (value: string | number | null | undefined) => {
  if (value === null || value === undefined || value === '') return '';
  const n = Number(value);
  return Number.isFinite(n) ? String(n) : String(value);
};

const personName = (person: StudioPerson | string | null | undefined) =>
  person === null || person === undefined ? '' : typeof person === 'string' ? person : person.userName;

function splitForms(splits: readonly SalesSplit[] | undefined, onChain: boolean): SplitForm[] {
  return (splits ?? []).map((s) => ({
    key: s.id ? `split-id-${s.id}` : newKey(),
    id: s.id ?? null,
    payee: (onChain ? s.ethAddress : personName(s.user)) ?? '',
    percentage: String(s.percentage),
    ...(s.isAuthorized === undefined ? {} : { isAuthorized: s.isAuthorized }),
  }));
}

export function nftForm(nft: StudioNft, dropMechanics?: string): NftForm {
  return {
    title: nft.title ?? DEFAULT_NFT_TITLE,
    description: nft.description ?? '',
    asset: nft.asset ?? '',
    ipfsCid: nft.ipfsCid ?? '',
    staticThumbnail: nft.staticThumbnail ?? '',
    assetType: nft.assetType ?? 'Image',
    editionSize: text(nft.editionSize ?? 1),
    limitPerUser: text(nft.limitPerUser ?? 1),
    maxPurchaseQuantity: text(nft.maxPurchaseQuantity ?? 1),
    primarySaleType: editorSaleType(nft.primarySaleType || 'standard', dropMechanics),
    price: amount(nft.price),
    minimumBid: amount(nft.minimumBid),
    minimumBidIncrement: amount(nft.minimumBidIncrement),
    royaltyPercentage: text(nft.royaltyPercentage ?? 10),
    sourceCurrency: nft.sourceCurrency === 'ETH' ? 'ETH' : 'USD',
    startDateTime: toLocalInput(nft.startDateTime),
    endDateTime: toLocalInput(nft.endDateTime),
    isSafeForWork: nft.isSafeForWork ?? true,
    sortOrder: text(nft.sortOrder ?? 1),
    enforceAllSpecialCriteria: nft.enforceAllSpecialCriteria ?? false,
    tags: (nft.tags ?? []).join(', '),
    creators: (nft.creators ?? []).map(personName).join(', '),
    primarySalesSplit: splitForms(nft.primarySalesSplit, false),
    secondarySalesSplit: splitForms(nft.secondarySalesSplit, false),
    onChainSalesSplit: splitForms(nft.onChainSalesSplit, true),
  };
}

/** Comma-separated text as a list of its non-empty items. */
export function listOf(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** A number as typed, or the text itself when it is none (so the shared rules report it), null for empty. */
function numberOrText(value: string): number | string | null {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : trimmed;
}

function splitInput(splits: readonly SplitForm[], onChain: boolean) {
  return splits.map((s) => ({
    ...(onChain ? { ethAddress: s.payee.trim() } : { user: s.payee.trim() }),
    percentage: numberOrText(s.percentage),
    ...(s.isAuthorized === undefined ? {} : { isAuthorized: s.isAuthorized }),
  }));
}

/** What the NFT form means for the shared rules (splits included). */
export function nftInput(form: NftForm) {
  return {
    title: form.title,
    description: form.description,
    asset: orNull(form.asset),
    ipfsCid: orNull(form.ipfsCid),
    staticThumbnail: orNull(form.staticThumbnail),
    assetType: form.assetType,
    editionSize: numberOrText(form.editionSize),
    limitPerUser: numberOrText(form.limitPerUser),
    maxPurchaseQuantity: numberOrText(form.maxPurchaseQuantity),
    primarySaleType: apiSaleType(form.primarySaleType),
    price: numberOrText(form.price),
    minimumBid: numberOrText(form.minimumBid),
    minimumBidIncrement: numberOrText(form.minimumBidIncrement),
    royaltyPercentage: numberOrText(form.royaltyPercentage),
    sourceCurrency: form.sourceCurrency,
    startDateTime: fromLocalInput(form.startDateTime),
    endDateTime: fromLocalInput(form.endDateTime),
    isSafeForWork: form.isSafeForWork,
    sortOrder: numberOrText(form.sortOrder),
    tags: listOf(form.tags),
    creators: listOf(form.creators),
    primarySalesSplit: splitInput(form.primarySalesSplit, false),
    secondarySalesSplit: splitInput(form.secondarySalesSplit, false),
    onChainSalesSplit: splitInput(form.onChainSalesSplit, true),
  };
}

/** The NFT's own fields as the API's PATCH takes them (splits go through their own calls). */
export function nftPatch(form: NftForm) {
  const { primarySalesSplit: _p, secondarySalesSplit: _s, onChainSalesSplit: _o, ...fields } = nftInput(form);
  return fields;
}

export const SPLIT_KINDS = [
  { field: 'primarySalesSplit', path: 'primarySalesSplits', label: 'Primary sales split', onChain: false },
  {
    field: 'secondarySalesSplit',
    path: 'secondarySalesSplits',
    label: 'Secondary sales split',
    onChain: false,
  },
  { field: 'onChainSalesSplit', path: 'onChainSalesSplits', label: 'On-chain sales split', onChain: true },
] as const;

/** The sum of a split's percentages as typed (numbers only), for the 'Total' line. */
export function splitTotal(splits: readonly SplitForm[]): number {
  return splits.reduce((sum, s) => {
    const n = Number(s.percentage);
    return Number.isFinite(n) ? sum + n : sum;
  }, 0);
}

/**
 * What an autosave sends: the fields of `next` that differ from `saved`, except those the shared rules refuse
 * (`errors`): those stay in the editor, with their message, until they pass (the API would refuse them too).
 */
export function changedFields<T extends object>(
  next: T,
  saved: T,
  errors: Record<string, string>,
): { send: Partial<T>; held: string[] } {
  const send: Partial<T> = {};
  const held: string[] = [];
  for (const key of Object.keys(next) as (keyof T & string)[]) {
    if (JSON.stringify(next[key]) === JSON.stringify(saved[key])) continue;
    if (errors[key] !== undefined) held.push(key);
    else send[key] = next[key];
  }
  return { send, held };
}

/** What a failed Publish means (001 §8). */
export type PublishOutcome =
  | { kind: 'terms' }
  | { kind: 'fee' }
  | { kind: 'server' }
  | { kind: 'invalid'; fields: Record<string, string> };

/**
 * tos_approval_required opens the terms dialog; a 5xx (or no answer) is 'Oops. Something went wrong'; any other
 * failure is 'Your drop couldn't be published…' with the errored fields the API named.
 */
export function publishOutcome(error: unknown): PublishOutcome {
  const e = (typeof error === 'object' && error !== null ? error : {}) as {
    statusCode?: number;
    errorType?: string;
    fields?: Record<string, string>;
  };
  if (e.errorType === ERROR_TYPES.tosApprovalRequired) return { kind: 'terms' };
  // The drop's publisher fee is not paid yet (decision 017): the studio goes to the fee page.
  if (e.errorType === ERROR_TYPES.publisherFeeRequired) return { kind: 'fee' };
  if (e.statusCode === undefined || e.statusCode === 0 || e.statusCode >= 500) return { kind: 'server' };
  return { kind: 'invalid', fields: e.fields ?? {} };
}
