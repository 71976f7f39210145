// The checkout page's loader: the listing match and the item start with the page's code (issue #13).
import { itemQuery } from '../catalog/catalog-queries';
import type { RouteData } from '../catalog/route-data';
import { listingMatchQuery, parsePiid, purchaseIntentQuery } from './checkout-queries';

/** /listing-checkout/{contractAddress}/{tokenId}/?piid=: the intent (signed in only) and the item. */
export function prefetchListingCheckout({ queryClient, params, url, signedIn }: RouteData): void {
  const { contractAddress, tokenId } = params;
  if (!contractAddress || !tokenId) return;
  void queryClient.prefetchQuery(itemQuery(contractAddress, tokenId, signedIn));
  const piid = parsePiid(url.searchParams.get('piid'));
  if (signedIn && piid !== null) void queryClient.prefetchQuery(listingMatchQuery(piid));
}

/** /checkout/{contractAddress}/{niftyType}?piid=: the primary purchase intent (signed in only). */
export function prefetchPrimaryCheckout({ queryClient, url, signedIn }: RouteData): void {
  const piid = parsePiid(url.searchParams.get('piid'));
  if (signedIn && piid !== null) void queryClient.prefetchQuery(purchaseIntentQuery(piid));
}
