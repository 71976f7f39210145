// Follow and favourites (000 §7; docs/decisions/004-catalog-api.md §5).
import { favoriteCollectionSchema, favoriteNiftySchema, pageOf } from '@vitrine/domain/catalog-responses';
import { z } from 'zod';
import { pageQuery } from '../../http/pagination';
import { typeNumber } from '../../http/schemas';
import { addressParam, keyParam, tokenIdParam } from '../catalog/catalog.schemas';

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

// Responses: @vitrine/domain/catalog-responses (shared with the web app's types).
export const favoriteNiftiesPage = pageOf(favoriteNiftySchema);
export const favoriteCollectionsPage = pageOf(favoriteCollectionSchema);
