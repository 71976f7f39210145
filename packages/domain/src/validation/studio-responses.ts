// Answers of the publisher studio (001 §7 "Publisher", 001 §3 field names; docs/decisions/017). The API
// validates and documents its responses with these schemas; the web app reads their inferred types with
// `import type` only. Imported as `@vitrine/domain/studio-responses`.
import { z } from 'zod';
import { DROP_STATUSES } from '../constants';
import { pageOf } from './catalog-responses';
import { nextActionSchema } from './trading-responses';

export const dropStatusLabels = ['Unpublished', 'Published', 'Live', 'Closed', 'Error'] as const;

export const personSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  userName: z.string(),
  profilePicUrl: z.string().nullable(),
});
/** A user as the studio shows a creator or a payee. */
export type StudioPerson = z.infer<typeof personSchema>;

export const studioCollectionSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  contractAddress: z.string(),
});

export const studioDropSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  introText: z.string(),
  dropMechanics: z.string(),
  collectionType: z.string(),
  chain: z.string(),
  coverAsset: z.string().nullable(),
  previewAsset: z.string().nullable(),
  customBanner: z.string().nullable(),
  customBannerAltText: z.string().nullable(),
  introVideo: z.string().nullable(),
  visibleStartDateTime: z.string().nullable(),
  visibleEndDateTime: z.string().nullable(),
  signerAddress: z.string().nullable(),
  externalOwnerAddress: z.string().nullable(),
  signerUserProfile: z
    .object({
      id: z.number().int(),
      userProfileName: z.string(),
      userProfileUrl: z.string(),
      userProfilePicUrl: z.string().nullable(),
    })
    .nullable(),
  /** The drop's sale window (from its visible window or its NFTs'), what the drop list shows. */
  saleStartDateTime: z.string(),
  saleEndDateTime: z.string(),
  dropStatus: z.enum(DROP_STATUSES),
  statusLabel: z.enum(dropStatusLabels),
  readOnly: z.boolean(),
  collections: z.array(studioCollectionSummary),
  /** The publisher's sales of this drop: editions sold (primary) and its proceeds in cents (90 % of each payment). */
  editionsSold: z.number().int(),
  proceedsInCents: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type StudioDrop = z.infer<typeof studioDropSchema>;

export const dropPageSchema = pageOf(studioDropSchema);

export const splitSchema = z.object({
  id: z.number().int(),
  user: personSchema.nullable(),
  ethAddress: z.string().nullable(),
  percentage: z.number(),
  isAuthorized: z.boolean(),
});
export type SalesSplit = z.infer<typeof splitSchema>;

export const studioNftSchema = z.object({
  id: z.number().int(),
  collectionId: z.number().int(),
  collectionTemplate: z.number().int().nullable(),
  contractAddress: z.string(),
  niftyType: z.number().int(),
  collectionType: z.string(),
  title: z.string(),
  description: z.string(),
  asset: z.string(),
  assetType: z.string(),
  ipfsCid: z.string().nullable(),
  staticThumbnail: z.string().nullable(),
  limitPerUser: z.number().int(),
  maxPurchaseQuantity: z.number().int(),
  editionSize: z.number().int(),
  primarySaleType: z.string(),
  price: z.string().nullable(),
  minimumBid: z.string().nullable(),
  minimumBidIncrement: z.string().nullable(),
  royaltyPercentage: z.number().int(),
  sourceCurrency: z.string(),
  startDateTime: z.string().nullable(),
  endDateTime: z.string().nullable(),
  isSafeForWork: z.boolean(),
  sortOrder: z.number().int(),
  enforceAllSpecialCriteria: z.boolean(),
  creators: z.array(personSchema),
  tags: z.array(z.string()),
  primarySalesSplit: z.array(splitSchema),
  secondarySalesSplit: z.array(splitSchema),
  onChainSalesSplit: z.array(splitSchema),
});
export type StudioNft = z.infer<typeof studioNftSchema>;
/** A collection's NFTs, in sort order. */
export const studioNftListSchema = z.object({ results: z.array(studioNftSchema) });
export type StudioNftList = z.infer<typeof studioNftListSchema>;

export const studioCollectionSchema = z.object({
  id: z.number().int(),
  dropId: z.number().int().nullable(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  contractAddress: z.string(),
  chain: z.string(),
  tags: z.array(z.string()),
  readOnly: z.boolean(),
  nfts: z.array(studioNftSchema),
});
export type StudioCollection = z.infer<typeof studioCollectionSchema>;

export const splitListSchema = z.object({
  results: z.array(splitSchema),
  /** The list's own errors (`split`: 'Percentages must total 100', …): allowed while editing, refused at publish. */
  errors: z.record(z.string(), z.string()),
});
export type SplitList = z.infer<typeof splitListSchema>;

export const criteriaSchema = z.object({
  mode: z.enum(['all', 'any']),
  rules: z.array(
    z.object({
      id: z.number().int(),
      kind: z.string(),
      count: z.number().int(),
      usernames: z.array(z.string()),
      artistIds: z.array(z.number().int()),
      contractAddresses: z.array(z.string()),
      niftyIds: z.array(z.number().int()),
    }),
  ),
  allowlist: z.object({
    id: z.number().int().nullable(),
    emailAddresses: z.array(z.string()),
    usernames: z.array(z.string()),
  }),
  expression: z.string(),
});
export type Criteria = z.infer<typeof criteriaSchema>;

export const publishCheckSchema = z.object({
  id: z.number().int(),
  dropStatus: z.enum(DROP_STATUSES),
  statusLabel: z.enum(dropStatusLabels),
  canPublish: z.boolean(),
  tosApprovalRequired: z.boolean(),
  /** Whether the drop's publisher fee is paid (publishing needs it: 402 publisher_fee_required). */
  publisherFeePaid: z.boolean(),
  /** Every errored field, flat: `drop.title`, `collections.{id}.name`, `nfts.{id}.price`. */
  fields: z.record(z.string(), z.string()),
});

export const publishedSchema = z.object({
  id: z.number().int(),
  dropStatus: z.enum(DROP_STATUSES),
  statusLabel: z.enum(dropStatusLabels),
  message: z.string(),
});
export type PublishAnswer = z.infer<typeof publishedSchema>;

export const tosApprovalSchema = z.object({
  approved: z.boolean(),
  version: z.string().nullable(),
  agreedAt: z.string().nullable(),
  message: z.string().optional(),
});
export type TosApproval = z.infer<typeof tosApprovalSchema>;

export const publisherTermsSchema = z.object({
  title: z.string(),
  version: z.string(),
  markdown: z.string(),
});
export type PublisherTerms = z.infer<typeof publisherTermsSchema>;

/** 000 §7 "Publisher fee": paid once per drop before it is published (decision 017 "Publisher fee"). */
export const publisherFeeSchema = z.object({
  publisherFeeId: z.number().int(),
  /** The drop's id (001 §7 collection_template). */
  collectionTemplate: z.number().int(),
  /** The drop's publisher (where the studio publishes it). */
  publisherSlug: z.string(),
  amountInCents: z.number().int(),
  paymentMethod: z.string().nullable(),
  paymentCurrency: z.string(),
  paymentState: z.enum(['pending', 'paid']),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
});
export type PublisherFee = z.infer<typeof publisherFeeSchema>;

export const publisherFeeAnswerSchema = z.object({
  publisherFee: publisherFeeSchema,
  /**
   * The card payment waiting on the payer's second step (3-D Secure), as Stripe's PaymentIntent in
   * requires_action: finish it with `POST v2/publisher-fee/{id}/complete-action`.
   */
  stripePaymentIntent: z
    .object({
      id: z.string(),
      clientSecret: z.string().nullable(),
      status: z.literal('requires_action'),
      nextAction: nextActionSchema,
    })
    .optional(),
});
export type PublisherFeeAnswer = z.infer<typeof publisherFeeAnswerSchema>;
