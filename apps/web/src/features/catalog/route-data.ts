// The data of the catalog's pages, started by their routes' loaders (app/router.tsx) while the page's code loads:
// the same queries (same keys) the pages then read, so a page finds its answer on the way or already there
// (issue #13 "Data waits for code"). Nothing here waits or throws: a failed prefetch leaves the page to ask again
// and show its error.
import type { QueryClient } from '@tanstack/react-query';
import { toExploreApiQuery } from '@vitrine/domain';
import type { Params } from 'react-router';
import {
  collectionNiftyQuery,
  collectionQuery,
  exploreQuery,
  itemQuery,
  storefrontQuery,
  userProfileQuery,
} from './catalog-queries';
import { collectionTargetOf } from './collection/collection-target';
import { exploreStateOf, exploreViewOf, isExploreTab } from './explore/useExploreState';
import { profileUrlOfSlug } from './storefront/storefront-slug';

export interface RouteData {
  queryClient: QueryClient;
  params: Params;
  url: URL;
  signedIn: boolean;
}

/** /explore/{tab}: the tab's list with the filters of the URL (the publishers tab asks the search host itself). */
export function prefetchExplore({ queryClient, params, url, signedIn }: RouteData): void {
  const tab = params.x;
  if (!isExploreTab(tab) || tab === 'publishers') return;
  const view = exploreViewOf(tab);
  const query = toExploreApiQuery(exploreStateOf(url.search, view));
  void queryClient.prefetchQuery(exploreQuery(view, query, signedIn));
}

/** /marketplace/item/{contractAddress}/{tokenId}. */
export function prefetchItem({ queryClient, params, signedIn }: RouteData): void {
  const { contractAddress, tokenId } = params;
  if (!contractAddress || !tokenId) return;
  void queryClient.prefetchQuery(itemQuery(contractAddress, tokenId, signedIn));
}

/** A collection, or one work of it. */
export function prefetchCollection({ queryClient, params, signedIn }: RouteData): void {
  const target = collectionTargetOf(params);
  if (target.key === '') return;
  if (target.typeNumber === null) void queryClient.prefetchQuery(collectionQuery(target.key, signedIn));
  else void queryClient.prefetchQuery(collectionNiftyQuery(target.key, target.typeNumber, signedIn));
}

/** /profile/{profileUrl}. */
export function prefetchProfile({ queryClient, params }: RouteData): void {
  if (params.profileUrl) void queryClient.prefetchQuery(userProfileQuery(params.profileUrl));
}

/** /{slug}: a storefront, or a collector's profile for /@{userSlug}. */
export function prefetchStorefront({ queryClient, params, signedIn }: RouteData): void {
  const slug = params.slug ?? '';
  const profileUrl = profileUrlOfSlug(slug);
  if (profileUrl !== null) void queryClient.prefetchQuery(userProfileQuery(profileUrl));
  else if (slug !== '') void queryClient.prefetchQuery(storefrontQuery(slug, signedIn));
}
