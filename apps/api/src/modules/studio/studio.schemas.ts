// The studio's request and answer shapes (001 §3 field names, camelCase; decision 017). The rules of
// 001 §5 are not here: they are @vitrine/domain's studio rules, run by the service, so the web editor and
// the API give the same messages. These schemas only check types and sizes.
import { CHAINS, DROP_STATUSES, DROP_TYPES, RESTRICTION_KINDS, SALE_TYPES } from '@vitrine/domain';
import { z } from 'zod';

const text = (max: number) => z.string().max(max);
const url = text(2000);
const dateTime = z.string().max(64);
/** An amount in the currency's major unit (12.5 or '0.001'). */
const decimal = z.union([z.number(), z.string().max(40)]);

export const slugParams = z.object({ slug: z.string().min(1).max(200) });
export const dropParams = slugParams.extend({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
export const collectionParams = dropParams;
export const nftParams = collectionParams.extend({
  nftId: z.coerce.number().int().min(1).max(2_147_483_647),
});
export const splitKindSegments = [
  'primarySalesSplits',
  'secondarySalesSplits',
  'onChainSalesSplits',
] as const;
export const splitParams = nftParams.extend({ splitId: z.coerce.number().int().min(1).max(2_147_483_647) });

export const dropStatusLabels = ['Unpublished', 'Published', 'Live', 'Closed', 'Error'] as const;

export const personSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  userName: z.string(),
  profilePicUrl: z.string().nullable(),
});

export const dropBody = z
  .object({
    title: text(200),
    slug: text(200),
    introText: text(10_000),
    dropMechanics: z.enum(DROP_TYPES),
    chain: z.enum(CHAINS),
    coverAsset: url.nullable(),
    previewAsset: url.nullable(),
    customBanner: url.nullable(),
    customBannerAltText: text(500).nullable(),
    introVideo: url.nullable(),
    visibleStartDateTime: dateTime.nullable(),
    visibleEndDateTime: dateTime.nullable(),
    signerAddress: text(100).nullable(),
    externalOwnerAddress: text(100).nullable(),
  })
  .partial()
  .strict();
export type DropBody = z.infer<typeof dropBody>;

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

export const dropPageSchema = z.object({
  count: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  total_pages: z.number().int(),
  results: z.array(studioDropSchema),
});

export const collectionBody = z
  .object({
    name: text(200),
    description: text(10_000),
    tags: z.array(text(50)).max(50),
  })
  .partial()
  .strict();
export type CollectionBody = z.infer<typeof collectionBody>;

export const splitSchema = z.object({
  id: z.number().int(),
  user: personSchema.nullable(),
  ethAddress: z.string().nullable(),
  percentage: z.number(),
  isAuthorized: z.boolean(),
});

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

/** A user as a creator or a payee: a user id or a profile URL (username). */
const userRef = z.union([z.number().int().min(1).max(2_147_483_647), z.string().min(1).max(200)]);

export const nftBody = z
  .object({
    title: text(200),
    description: text(10_000),
    asset: url,
    assetType: z.enum([
      'Image',
      'Video',
      'AnimatedImage',
      'Audio',
      'ThreeDimensional',
      'RawSVG',
      'Iframe',
      'External',
    ]),
    ipfsCid: text(200).nullable(),
    staticThumbnail: url.nullable(),
    limitPerUser: z.number().int().min(-1_000_000).max(1_000_000),
    maxPurchaseQuantity: z.number().int().min(-1_000_000).max(1_000_000),
    editionSize: z.number().int().min(-1_000_000).max(100_000_000),
    primarySaleType: z.enum(SALE_TYPES),
    price: decimal,
    minimumBid: decimal,
    minimumBidIncrement: decimal,
    royaltyPercentage: z.number().min(-1000).max(1000),
    sourceCurrency: z.enum(['USD', 'ETH']),
    startDateTime: dateTime.nullable(),
    endDateTime: dateTime.nullable(),
    isSafeForWork: z.boolean(),
    sortOrder: z.number().int().min(0).max(1_000_000),
    creators: z.array(userRef).max(20),
    tags: z.array(text(50)).max(50),
  })
  .partial()
  .strict();
export type NftBody = z.infer<typeof nftBody>;

export const splitBody = z
  .object({
    user: userRef,
    ethAddress: text(100),
    percentage: z.number().min(-1000).max(1000),
  })
  .partial()
  .strict();
export type SplitBody = z.infer<typeof splitBody>;

export const splitListSchema = z.object({
  results: z.array(splitSchema),
  /** The list's own errors (`split`: 'Percentages must total 100', …): allowed while editing, refused at publish. */
  errors: z.record(z.string(), z.string()),
});

export const criteriaBody = z.object({
  mode: z.enum(['all', 'any']),
  rules: z
    .array(
      z.object({
        kind: z.enum(RESTRICTION_KINDS),
        count: z.number().int().min(-1_000_000).max(1_000_000),
        usernames: z.array(text(200)).max(1000).default([]),
        artistIds: z.array(z.number().int().min(1)).max(100).default([]),
        contractAddresses: z.array(text(100)).max(100).default([]),
        niftyIds: z.array(z.number().int().min(1)).max(100).default([]),
      }),
    )
    .max(20),
  allowlist: z
    .object({
      emailAddresses: z.array(text(320)).max(10_000).default([]),
      usernames: z.array(text(200)).max(10_000).default([]),
    })
    .default({ emailAddresses: [], usernames: [] }),
});
export type CriteriaBody = z.infer<typeof criteriaBody>;

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

export const tosApprovalSchema = z.object({
  approved: z.boolean(),
  version: z.string().nullable(),
  agreedAt: z.string().nullable(),
  message: z.string().optional(),
});

export const publisherTermsSchema = z.object({
  title: z.string(),
  version: z.string(),
  markdown: z.string(),
});
