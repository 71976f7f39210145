// The publisher studio's calls (001 §7 "Publisher", under /api): drops, their collection, its NFTs and their
// sales splits, publishing and the publisher agreement. Writes need the bearer token (withAuthRetry refreshes
// it once on a 401); writes that create carry an Idempotency-Key (decision 007).
import type { DropStatus } from '@vitrine/domain';
import { api } from '../../app/api-client';
import { withAuthRetry } from '../auth/authed-request';

/** 001 §4 publisher drop status (draft, published_scheduled, published_live, published_closed, error). */
export type DropStatusCode = DropStatus;

export interface StudioDrop {
  id: number;
  slug: string;
  title: string;
  introText: string;
  dropStatus: DropStatusCode;
  /** The label of 001 §4 (Unpublished, Published, Live, Closed, Error), by the server's clock. */
  statusLabel?: string;
  /** Live and closed drops are view-only (001 §4). */
  readOnly?: boolean;
  /** The drop type (001 §3 dropMechanics): pack and pack drawing are told here. */
  dropMechanics?: string;
  chain: string;
  coverAsset: string | null;
  previewAsset: string | null;
  customBanner: string | null;
  customBannerAltText: string | null;
  introVideo: string | null;
  visibleStartDateTime: string | null;
  visibleEndDateTime: string | null;
  /** The sale window. */
  saleStartDateTime: string;
  saleEndDateTime: string;
  signerAddress: string | null;
  externalOwnerAddress: string | null;
  /** The publisher's sales of this drop (primary editions sold) and its proceeds in cents (decision 017). */
  editionsSold?: number;
  proceedsInCents?: number;
  /** The drop's collections; the editor builds the first. */
  collections?: { id: number; name: string; slug: string; contractAddress: string }[];
}

/** A user as the API shows a creator or a payee. */
export interface StudioPerson {
  id: number;
  name: string;
  userName: string;
  profilePicUrl: string | null;
}

export interface SalesSplit {
  id: number;
  /** The payee (primary and secondary; a username when sent), null for on-chain splits. */
  user?: StudioPerson | string | null;
  ethAddress?: string | null;
  percentage: number;
  isAuthorized?: boolean;
}

export type SplitKind = 'primarySalesSplits' | 'secondarySalesSplits' | 'onChainSalesSplits';

/** A split's list after a change: every recipient and the list's own errors (allowed while editing). */
export interface SplitList {
  results: SalesSplit[];
  errors: Record<string, string>;
}

export interface StudioNft {
  id: number;
  title: string;
  description: string;
  asset: string | null;
  ipfsCid: string | null;
  staticThumbnail: string | null;
  assetType: string;
  limitPerUser: number;
  maxPurchaseQuantity: number;
  editionSize: number;
  primarySaleType: string;
  /** Amounts in major units, as decimal text (or numbers). */
  minimumBid: string | number | null;
  price: string | number | null;
  minimumBidIncrement: string | number | null;
  royaltyPercentage: number;
  sourceCurrency: string;
  startDateTime: string | null;
  endDateTime: string | null;
  isSafeForWork: boolean;
  sortOrder: number;
  enforceAllSpecialCriteria: boolean;
  tags: string[];
  /** People in answers; usernames (or ids) when sent. */
  creators: (StudioPerson | string)[];
  primarySalesSplit: SalesSplit[];
  secondarySalesSplit: SalesSplit[];
  onChainSalesSplit: SalesSplit[];
}

export interface CriteriaRule {
  kind: string;
  count: number;
  usernames: string[];
  artistIds: number[];
  contractAddresses: string[];
  niftyIds: number[];
}

/** An NFT's participation criteria (001 §3): ALL / ANY, rules, the allowlist, and the expression shown. */
export interface Criteria {
  mode: 'all' | 'any';
  rules: (CriteriaRule & { id: number })[];
  allowlist: { id: number | null; emailAddresses: string[]; usernames: string[] };
  expression: string;
}

export interface CriteriaBody {
  mode: 'all' | 'any';
  rules: CriteriaRule[];
  allowlist: { emailAddresses: string[]; usernames: string[] };
}

export interface PublishAnswer {
  id: number;
  dropStatus: DropStatusCode;
  statusLabel: string;
  message: string;
}

/** 000 §7 "Publisher fee": paid once per drop before it is published (decision 017). */
export interface PublisherFee {
  publisherFeeId: number;
  /** The drop's id. */
  collectionTemplate: number;
  publisherSlug: string;
  amountInCents: number;
  paymentMethod: string | null;
  paymentCurrency: string;
  paymentState: 'pending' | 'paid';
  paidAt: string | null;
}
export interface PublisherFeeAnswer {
  publisherFee: PublisherFee;
  /** A card payment waiting on the payer's second step (3-D Secure): finish it with `completePublisherFee`. */
  stripePaymentIntent?: {
    id: string;
    clientSecret: string | null;
    status: 'requires_action';
    nextAction: { type: string; url?: string };
  };
}
export type PublisherFeeMethod = 'stripe_card' | 'balance';

export interface TosApproval {
  approved: boolean;
  version: string | null;
  agreedAt: string | null;
  message?: string;
}

export interface PublisherTerms {
  title: string;
  version: string;
  markdown: string;
}

export interface Page<T> {
  count: number;
  page: number;
  page_size: number;
  total_pages: number;
  results: T[];
}

/** 001 §9: the drop list's page size. */
export const DROP_LIST_PAGE_SIZE = 20;

const seg = encodeURIComponent;
const once = () => ({ headers: { 'Idempotency-Key': crypto.randomUUID() } });
const base = (slug: string) => `/publisher/${seg(slug)}`;

export const studioApi = {
  listDrops: (slug: string, page: number, signal?: AbortSignal) =>
    withAuthRetry(() =>
      api.get<Page<StudioDrop>>(`${base(slug)}/drops`, {
        query: { page, page_size: DROP_LIST_PAGE_SIZE },
        ...(signal ? { signal } : {}),
      }),
    ),
  createDrop: (slug: string) => withAuthRetry(() => api.post<StudioDrop>(`${base(slug)}/drops`, {}, once())),
  getDrop: (slug: string, id: number, signal?: AbortSignal) =>
    withAuthRetry(() => api.get<StudioDrop>(`${base(slug)}/drops/${id}`, signal ? { signal } : {})),
  patchDrop: (slug: string, id: number, fields: Partial<StudioDrop>) =>
    withAuthRetry(() => api.patch<StudioDrop>(`${base(slug)}/drops/${id}`, fields)),
  deleteDrop: (slug: string, id: number) =>
    withAuthRetry(() => api.delete<void>(`${base(slug)}/drops/${id}`)),
  createCollection: (slug: string, dropId: number) =>
    withAuthRetry(() => api.post<{ id: number }>(`${base(slug)}/drops/${dropId}/collections`, {}, once())),
  patchCollection: (slug: string, collectionId: number, fields: { name?: string }) =>
    withAuthRetry(() =>
      api.patch<{ id: number; name: string }>(`${base(slug)}/collections/${collectionId}`, fields),
    ),
  listNfts: (slug: string, collectionId: number, signal?: AbortSignal) =>
    withAuthRetry(() =>
      api.get<Page<StudioNft> | StudioNft[]>(
        `${base(slug)}/collections/${collectionId}/nfts`,
        signal ? { signal } : {},
      ),
    ).then((answer) => (Array.isArray(answer) ? answer : answer.results)),
  createNft: (slug: string, collectionId: number, fields: Partial<StudioNft> = {}) =>
    withAuthRetry(() =>
      api.post<StudioNft>(`${base(slug)}/collections/${collectionId}/nfts`, fields, once()),
    ),
  patchNft: (slug: string, collectionId: number, nftId: number, fields: Partial<StudioNft>) =>
    withAuthRetry(() =>
      api.patch<StudioNft>(`${base(slug)}/collections/${collectionId}/nfts/${nftId}`, fields),
    ),
  duplicateNft: (slug: string, collectionId: number, nftId: number) =>
    withAuthRetry(() =>
      api.post<StudioNft>(`${base(slug)}/collections/${collectionId}/nfts/${nftId}/duplicate`, {}, once()),
    ),
  deleteNft: (slug: string, collectionId: number, nftId: number) =>
    withAuthRetry(() => api.delete<void>(`${base(slug)}/collections/${collectionId}/nfts/${nftId}`)),
  addSplit: (
    slug: string,
    collectionId: number,
    nftId: number,
    kind: SplitKind,
    split: { user?: string; ethAddress?: string; percentage: number },
  ) =>
    withAuthRetry(() =>
      api.post<SplitList>(`${base(slug)}/collections/${collectionId}/nfts/${nftId}/${kind}`, split, once()),
    ),
  patchSplit: (
    slug: string,
    collectionId: number,
    nftId: number,
    kind: SplitKind,
    splitId: number,
    split: { user?: string; ethAddress?: string; percentage?: number },
  ) =>
    withAuthRetry(() =>
      api.patch<SplitList>(
        `${base(slug)}/collections/${collectionId}/nfts/${nftId}/${kind}/${splitId}`,
        split,
      ),
    ),
  deleteSplit: (slug: string, collectionId: number, nftId: number, kind: SplitKind, splitId: number) =>
    withAuthRetry(() =>
      api.delete<SplitList>(`${base(slug)}/collections/${collectionId}/nfts/${nftId}/${kind}/${splitId}`),
    ),
  getCriteria: (slug: string, collectionId: number, nftId: number, signal?: AbortSignal) =>
    withAuthRetry(() =>
      api.get<Criteria>(
        `${base(slug)}/collections/${collectionId}/nfts/${nftId}/criteria`,
        signal ? { signal } : {},
      ),
    ),
  putCriteria: (slug: string, collectionId: number, nftId: number, body: CriteriaBody) =>
    withAuthRetry(() =>
      api.put<Criteria>(`${base(slug)}/collections/${collectionId}/nfts/${nftId}/criteria`, body),
    ),
  publish: (slug: string, dropId: number) =>
    withAuthRetry(() => api.patch<PublishAnswer>(`${base(slug)}/drop/publish/${dropId}`, {}, once())),
  createPublisherFee: (dropId: number) =>
    withAuthRetry(() =>
      api.post<PublisherFeeAnswer>('/v2/publisher-fee', { collection_template: dropId }, once()),
    ),
  publisherFee: (id: number, signal?: AbortSignal) =>
    withAuthRetry(() => api.get<PublisherFeeAnswer>(`/v2/publisher-fee/${id}`, signal ? { signal } : {})),
  payPublisherFee: (id: number, method: PublisherFeeMethod, paymentToken?: string) =>
    withAuthRetry(() =>
      api.post<PublisherFeeAnswer>(
        `/v2/publisher-fee/${id}/pay`,
        { payment_method: method, ...(paymentToken ? { payment_token: paymentToken } : {}) },
        once(),
      ),
    ),
  completePublisherFee: (id: number) =>
    withAuthRetry(() =>
      api.post<PublisherFeeAnswer>(`/v2/publisher-fee/${id}/complete-action`, undefined, once()),
    ),
  tosApproval: (slug: string, signal?: AbortSignal) =>
    withAuthRetry(() => api.get<TosApproval>(`${base(slug)}/tos_approval`, signal ? { signal } : {})),
  approveTos: (slug: string) =>
    withAuthRetry(() => api.post<TosApproval>(`${base(slug)}/tos_approval`, {}, once())),
  publisherTerms: (signal?: AbortSignal) =>
    api.get<PublisherTerms>('/v1/publisher-terms/', signal ? { signal } : {}),
};

export const studioKeys = {
  all: () => ['studio'] as const,
  drops: (slug: string) => [...studioKeys.all(), 'drops', slug.toLowerCase()] as const,
  dropPage: (slug: string, page: number) => [...studioKeys.drops(slug), 'page', page] as const,
  drop: (slug: string, id: number) => [...studioKeys.drops(slug), 'drop', id] as const,
  nftsOf: (slug: string) => [...studioKeys.all(), 'nfts', slug.toLowerCase()] as const,
  nfts: (slug: string, collectionId: number) => [...studioKeys.nftsOf(slug), collectionId] as const,
  tos: (slug: string) => [...studioKeys.all(), 'tos', slug.toLowerCase()] as const,
  terms: () => [...studioKeys.all(), 'publisher-terms'] as const,
  publisherFee: (id: number) => [...studioKeys.all(), 'publisher-fee', id] as const,
};
