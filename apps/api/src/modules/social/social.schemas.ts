// Follow and favourites (000 §7; docs/decisions/004-catalog-api.md §5).
import { z } from 'zod';
import { pageOf, pageQuery } from '../../http/pagination';
import {
  addressParam,
  assetSchema,
  collectionCardSchema,
  creatorSchema,
  keyParam,
  likesSchema,
  tokenIdParam,
} from '../catalog/catalog.schemas';

const commaList = <T extends z.ZodType<string, string>>(item: T, max: number) =>
  z
    .string()
    .max(5000)
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== ''),
    )
    .pipe(z.array(item).max(max, `At most ${max} values`));

export const publisherSubscriptionsQuery = z.object({
  slugs: commaList(z.string().max(100), 50).default([]),
});
export const contractSubscriptionsQuery = z.object({
  contractAddress: commaList(addressParam, 50).default([]),
});
export const publisherParams = z.object({ slug: keyParam });
export const contractParams = z.object({ address: addressParam });
export const boardParams = z.object({ id: keyParam });
export const boardQuery = pageQuery;

export const publisherSubscriptionSchema = z.object({
  slug: z.string(),
  totalCount: z.number().int(),
  isSubscribed: z.boolean(),
});
export const contractSubscriptionSchema = z.object({
  contractAddress: z.string(),
  totalCount: z.number().int(),
  isSubscribed: z.boolean(),
});

const typeNumber = z.coerce.number().int().min(0).max(2_147_483_647);

/** A token (a like) or an edition (001 §3 "Saved nifty"). */
export const saveNiftyBody = z.union([
  z.object({ contractAddress: addressParam, tokenId: z.coerce.string().pipe(tokenIdParam) }).strict(),
  z.object({ niftyContractAddress: addressParam, niftyType: typeNumber }).strict(),
]);
export type SaveNiftyBody = z.infer<typeof saveNiftyBody>;

export const saveCollectionBody = z.union([
  z.object({ contractAddress: addressParam }).strict(),
  z.object({ slug: keyParam }).strict(),
]);
export type SaveCollectionBody = z.infer<typeof saveCollectionBody>;

export const saveAnswer = z.object({ saved: z.boolean(), likes: likesSchema });

export const favoriteNiftySchema = z.object({
  savedAt: z.string(),
  kind: z.enum(['token', 'edition']),
  contractAddress: z.string(),
  typeNumber: z.number().int(),
  tokenId: z.string().nullable(),
  name: z.string(),
  asset: assetSchema,
  project: z.object({ name: z.string(), slug: z.string() }),
  creators: z.array(creatorSchema),
  priceInCents: z.number().int().nullable(),
  floorPriceInCents: z.number().int().nullable(),
  likes: likesSchema,
});
export type FavoriteNifty = z.infer<typeof favoriteNiftySchema>;

export const favoriteNiftiesPage = pageOf(favoriteNiftySchema);
export const favoriteCollectionSchema = collectionCardSchema.extend({ savedAt: z.string() });
export type FavoriteCollection = z.infer<typeof favoriteCollectionSchema>;
export const favoriteCollectionsPage = pageOf(favoriteCollectionSchema);
