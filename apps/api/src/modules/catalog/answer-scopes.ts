// The scopes of browsing answers (docs/decisions/004-catalog-api.md §7): a page narrowed to one
// collection, storefront, artist or owner is kept under that scope, and a write through the API touches
// the scopes of what it changed (`pages.scopesOfToken`, `pages.scopesOfCollection`). Scopes are named
// by the handles requests carry (lowercased), so a cached answer is found without a lookup.

export const scope = {
  collection: (contractAddress: string) => `collection:${contractAddress.toLowerCase()}`,
  publisher: (slug: string) => `publisher:${slug.toLowerCase()}`,
  creator: (profileUrl: string) => `creator:${profileUrl.toLowerCase()}`,
  /** A user's NFTs, by the key of their path: the numeric id or the profile_url. */
  owner: (key: string | number) => `owner:${String(key).toLowerCase()}`,
  /** A drop page (`GET /v1/drops/:slug/`), by its slug. */
  drop: (slug: string) => `drop:${slug.toLowerCase()}`,
  /** Every list of drops with sale cards (drops lists, explore drops): what a bid changes in any of them. */
  dropCards: 'drop-cards',
};

/** The scopes an explore list narrowed by these filters shows; `[]` for the cross-catalog lists. */
export function exploreScopes(q: {
  contractAddress?: string;
  publisher?: string;
  creator?: string;
  owner?: string;
}): string[] {
  const out: string[] = [];
  if (q.contractAddress !== undefined) out.push(scope.collection(q.contractAddress));
  if (q.publisher !== undefined) out.push(scope.publisher(q.publisher));
  if (q.creator !== undefined) out.push(scope.creator(q.creator));
  if (q.owner !== undefined) out.push(scope.owner(q.owner));
  return out;
}
