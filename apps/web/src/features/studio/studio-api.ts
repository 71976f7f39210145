// The publisher studio's calls (001 §7 "Publisher", under /api): drops, their collection, its NFTs and their
// sales splits, publishing and the publisher agreement. Writes need the bearer token (withAuthRetry refreshes
// it once on a 401); writes that create carry an Idempotency-Key (decision 007).
import type { DropStatus } from '@vitrine/domain';
import type { Page } from '@vitrine/domain/catalog-responses';
import type {
  Criteria,
  PublishAnswer,
  PublisherFee,
  PublisherFeeAnswer,
  PublisherTerms,
  SalesSplit,
  SplitList,
  StudioCollection,
  StudioDrop,
  StudioNft,
  StudioNftList,
  StudioPerson,
  TosApproval,
} from '@vitrine/domain/studio-responses';
import { api } from '../../app/api-client';
import { withAuthRetry } from '../auth/authed-request';
import type { dropInput, nftPatch } from './studio-model';

export type { Criteria, PublisherFee, PublisherFeeAnswer, SalesSplit, StudioDrop, StudioNft, StudioPerson };

/** 001 §4 publisher drop status (draft, published_scheduled, published_live, published_closed, error). */
export type DropStatusCode = DropStatus;

/** What the drop editor sends: the drop form's fields that changed. */
export type DropChanges = Partial<ReturnType<typeof dropInput>>;
/** What the NFT editor sends: the NFT form's own fields that changed (splits go through their own calls). */
export type NftChanges = Partial<ReturnType<typeof nftPatch>>;

export type SplitKind = 'primarySalesSplits' | 'secondarySalesSplits' | 'onChainSalesSplits';

export interface CriteriaRule {
  kind: string;
  count: number;
  usernames: string[];
  artistIds: number[];
  contractAddresses: string[];
  niftyIds: number[];
}

export interface CriteriaBody {
  mode: 'all' | 'any';
  rules: CriteriaRule[];
  allowlist: { emailAddresses: string[]; usernames: string[] };
}

export type PublisherFeeMethod = 'stripe_card' | 'balance';

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
  patchDrop: (slug: string, id: number, fields: DropChanges) =>
    withAuthRetry(() => api.patch<StudioDrop>(`${base(slug)}/drops/${id}`, fields)),
  deleteDrop: (slug: string, id: number) =>
    withAuthRetry(() =>
      api.delete<{ id: number; deleted: true; publisherFeeRefundedInCents: number }>(
        `${base(slug)}/drops/${id}`,
      ),
    ),
  createCollection: (slug: string, dropId: number) =>
    withAuthRetry(() => api.post<StudioCollection>(`${base(slug)}/drops/${dropId}/collections`, {}, once())),
  patchCollection: (slug: string, collectionId: number, fields: { name?: string }) =>
    withAuthRetry(() => api.patch<StudioCollection>(`${base(slug)}/collections/${collectionId}`, fields)),
  listNfts: (slug: string, collectionId: number, signal?: AbortSignal) =>
    withAuthRetry(() =>
      api.get<StudioNftList>(`${base(slug)}/collections/${collectionId}/nfts`, signal ? { signal } : {}),
    ).then((answer) => answer.results),
  createNft: (slug: string, collectionId: number, fields: NftChanges = {}) =>
    withAuthRetry(() =>
      api.post<StudioNft>(`${base(slug)}/collections/${collectionId}/nfts`, fields, once()),
    ),
  patchNft: (slug: string, collectionId: number, nftId: number, fields: NftChanges) =>
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
  /** What Publish would check now (its rules, the terms), and whether the drop's publisher fee is paid. */
  publishCheck: (slug: string, dropId: number, signal?: AbortSignal) =>
    withAuthRetry(() =>
      api.get<{ publisherFeePaid: boolean }>(
        `${base(slug)}/drop/publish/${dropId}`,
        signal ? { signal } : {},
      ),
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
