// The studio's request and answer shapes (001 §3 field names, camelCase; decision 017). The rules of
// 001 §5 are not here: they are @vitrine/domain's studio rules, run by the service, so the web editor and
// the API give the same messages. These schemas only check types and sizes.
import { CHAINS, DROP_TYPES, RESTRICTION_KINDS, SALE_TYPES } from '@vitrine/domain';
import { z } from 'zod';
import { rowId } from '../../http/schemas';

const text = (max: number) => z.string().max(max);
const url = text(2000);
const dateTime = z.string().max(64);
/** An amount in the currency's major unit (12.5 or '0.001'). */
const decimal = z.union([z.number(), z.string().max(40)]);

export const slugParams = z.object({ slug: z.string().min(1).max(200) });
export const dropParams = slugParams.extend({ id: rowId });
export const collectionParams = dropParams;
export const nftParams = collectionParams.extend({
  nftId: rowId,
});
export const splitKindSegments = [
  'primarySalesSplits',
  'secondarySalesSplits',
  'onChainSalesSplits',
] as const;
export const splitParams = nftParams.extend({ splitId: rowId });

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

export const collectionBody = z
  .object({
    name: text(200),
    description: text(10_000),
    tags: z.array(text(50)).max(50),
  })
  .partial()
  .strict();
export type CollectionBody = z.infer<typeof collectionBody>;

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
