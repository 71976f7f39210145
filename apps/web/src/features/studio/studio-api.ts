// The publisher studio's calls (001 §7 "Publisher", under /api): drops, their collection, its NFTs and their
// sales splits, publishing and the publisher agreement. Writes need the bearer token (withAuthRetry refreshes
// it once on a 401); writes that create carry an Idempotency-Key (decision 007).
import { api } from '../../app/api-client';
import { withAuthRetry } from '../auth/authed-request';

/** 001 §4 publisher drop status: what the API stores (live and closed come from the times). */
export type DropStatusCode = 'draft' | 'published' | 'error';

export interface StudioDrop {
  id: number;
  slug: string;
  title: string;
  introText: string;
  dropStatus: DropStatusCode;
  /** The label of 001 §4 when the API gives it (Unpublished, Published, Live, Closed, Error). */
  status?: string;
  chain: string;
  coverAsset: string | null;
  previewAsset: string | null;
  customBanner: string | null;
  customBannerAltText: string | null;
  introVideo: string | null;
  visibleStartDateTime: string | null;
  visibleEndDateTime: string | null;
  signerAddress: string | null;
  externalOwnerAddress: string | null;
  /** The drop's collection (the one the editor builds), when created. */
  collectionId?: number | null;
  collectionName?: string | null;
}

export interface SalesSplit {
  id: number;
  /** A username or profile url (primary and secondary), null for on-chain splits. */
  user?: string | null;
  ethAddress?: string | null;
  percentage: number;
  isAuthorized?: boolean;
}

export type SplitKind = 'primarySalesSplits' | 'secondarySalesSplits' | 'onChainSalesSplits';

export interface StudioNft {
  id: number;
  title: string;
  description: string;
  asset: string | null;
  ipfsCid: string | null;
  staticThumbnail: string | null;
  limitPerUser: number;
  maxPurchaseQuantity: number;
  editionSize: number;
  primarySaleType: string;
  minimumBid: number | null;
  price: number | null;
  minimumBidIncrement: number | null;
  royaltyPercentage: number;
  sourceCurrency: 'USD' | 'ETH';
  startDateTime: string | null;
  endDateTime: string | null;
  isSafeForWork: boolean;
  sortOrder: number;
  enforceAllSpecialCriteria: boolean;
  tags: string[];
  creators: string[];
  primarySalesSplit: SalesSplit[];
  secondarySalesSplit: SalesSplit[];
  onChainSalesSplit: SalesSplit[];
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
  deleteNft: (slug: string, collectionId: number, nftId: number) =>
    withAuthRetry(() => api.delete<void>(`${base(slug)}/collections/${collectionId}/nfts/${nftId}`)),
  addSplit: (
    slug: string,
    collectionId: number,
    nftId: number,
    kind: SplitKind,
    split: Omit<SalesSplit, 'id'>,
  ) =>
    withAuthRetry(() =>
      api.post<SalesSplit>(`${base(slug)}/collections/${collectionId}/nfts/${nftId}/${kind}`, split, once()),
    ),
  patchSplit: (
    slug: string,
    collectionId: number,
    nftId: number,
    kind: SplitKind,
    splitId: number,
    split: Partial<SalesSplit>,
  ) =>
    withAuthRetry(() =>
      api.patch<SalesSplit>(
        `${base(slug)}/collections/${collectionId}/nfts/${nftId}/${kind}/${splitId}`,
        split,
      ),
    ),
  deleteSplit: (slug: string, collectionId: number, nftId: number, kind: SplitKind, splitId: number) =>
    withAuthRetry(() =>
      api.delete<void>(`${base(slug)}/collections/${collectionId}/nfts/${nftId}/${kind}/${splitId}`),
    ),
  publish: (slug: string, dropId: number) =>
    withAuthRetry(() => api.patch<StudioDrop>(`${base(slug)}/drop/publish/${dropId}`, {}, once())),
  tosApproval: (slug: string, signal?: AbortSignal) =>
    withAuthRetry(() =>
      api.get<{ approved: boolean }>(`${base(slug)}/tos_approval`, signal ? { signal } : {}),
    ),
  approveTos: (slug: string) =>
    withAuthRetry(() => api.post<{ approved: boolean }>(`${base(slug)}/tos_approval`, {}, once())),
  publisherTerms: (signal?: AbortSignal) =>
    api.get<{ markdown?: string; text?: string } | { markdown?: string; text?: string }[]>(
      '/v1/publisher-terms/',
      signal ? { signal } : {},
    ),
};

export const studioKeys = {
  all: () => ['studio'] as const,
  drops: (slug: string) => [...studioKeys.all(), 'drops', slug.toLowerCase()] as const,
  dropPage: (slug: string, page: number) => [...studioKeys.drops(slug), 'page', page] as const,
  drop: (slug: string, id: number) => [...studioKeys.drops(slug), 'drop', id] as const,
  nfts: (slug: string, collectionId: number) =>
    [...studioKeys.all(), 'nfts', slug.toLowerCase(), collectionId] as const,
  tos: (slug: string) => [...studioKeys.all(), 'tos', slug.toLowerCase()] as const,
  terms: () => [...studioKeys.all(), 'publisher-terms'] as const,
};
