/** What a collection path shows: one work of a collection, or the collection ('' when the path names none). */
export type CollectionTarget = { key: string; typeNumber: number } | { key: string; typeNumber: null };

/**
 * The target of /marketplace/collection/{slug}, /marketplace/collection/{contractAddress}/{type} and
 * /collections/{key} (001 §2), from the route's `key` or splat parameter.
 */
export function collectionTargetOf(params: { key?: string; '*'?: string }): CollectionTarget {
  const segments = (params.key ?? params['*'] ?? '').split('/').filter(Boolean);
  const [key = '', type] = segments;
  if (type !== undefined && /^\d{1,9}$/.test(type) && segments.length === 2) {
    return { key, typeNumber: Number(type) };
  }
  return { key: segments.length === 1 ? key : '', typeNumber: null };
}
