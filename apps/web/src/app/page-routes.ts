// The paths of the router's pages, in the order React Router ranks them, and the page modules whose code the
// server sends with the first HTML (issue #13: a page's code and data start with the first script). Pure data:
// the build (vite.config.ts) writes dist/.vite/page-preloads.json from it, the API's web host reads that file
// and adds `<link rel="modulepreload">` of the page's chunks to the HTML of a first load.
// page-routes.test.ts holds this list to the router: the same paths, and the first pattern that matches a
// path is the route React Router picks.

/** The pages whose chunks are preloaded, and their modules (under apps/web/src). */
export const PRELOADED_PAGE_MODULES = {
  home: 'features/home/HomePage',
  explore: 'features/catalog/explore/ExplorePage',
  item: 'features/catalog/item/ItemPage',
  collection: 'features/catalog/collection/CollectionPage',
  profile: 'features/catalog/profile/ProfilePage',
  storefront: 'features/catalog/storefront/StorefrontPage',
} as const;

export type PreloadedPage = keyof typeof PRELOADED_PAGE_MODULES;

export interface PageRoute {
  /** The route's path under `/` as router.tsx writes it ('' for the index route). */
  path: string;
  /** The preloaded page it shows, or null (a page without preload, a redirect). */
  page: PreloadedPage | null;
}

/** Every path of the router under `/`; a static path before the dynamic one it would also match. */
export const PAGE_ROUTES: readonly PageRoute[] = [
  { path: '', page: 'home' },
  { path: 'login', page: null },
  { path: 'new-login', page: null },
  { path: 'signup', page: null },
  { path: 'onboarding', page: null },
  { path: 'verify-email', page: null },
  { path: 'reset-password', page: null },
  { path: 'account/profile-validation', page: null },
  { path: 'account/offers', page: null },
  { path: 'account/settings/:section?', page: null },
  { path: 'dashboard', page: null },
  { path: 'dashboard/purchases-sales/:innertab?', page: null },
  { path: 'dashboard/transactions/:innertab?', page: null },
  { path: 'dashboard/active-discounts', page: null },
  { path: 'dashboard/deposit', page: null },
  { path: 'explore', page: null },
  { path: 'explore/:x', page: 'explore' },
  { path: 'marketplace/item/:contractAddress/:tokenId', page: 'item' },
  { path: 'marketplace/collection/*', page: 'collection' },
  { path: 'collections/:key', page: 'collection' },
  { path: 'profile/:profileUrl', page: 'profile' },
  { path: 'publishers', page: null },
  { path: 'makeglobaloffer', page: null },
  { path: 'auctionbid', page: null },
  { path: 'rankedbid', page: null },
  { path: 'buypage', page: null },
  { path: 'listing-checkout/:contractAddress/:tokenId', page: null },
  { path: 'checkout/:contractAddress/:niftyType', page: null },
  { path: 'marketplace', page: null },
  { path: 'drawing/:contractAddress/:niftyType', page: null },
  { path: 'publishers/:slug', page: null },
  { path: 'publishers/:slug/drops', page: null },
  { path: 'publishers/:slug/edit', page: null },
  { path: 'publish-drop/:collectionTemplate', page: null },
  { path: 'publishers/:slug/drops/:dropId', page: null },
  { path: 'about', page: null },
  { path: 'terms-of-use', page: null },
  { path: 'privacy-policy', page: null },
  { path: 'help-centre', page: null },
  { path: 'careers', page: null },
  { path: 'security-report', page: null },
  { path: ':slug', page: 'storefront' },
  { path: '*', page: null },
];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A route path as a regular expression over a URL's pathname (case-insensitive, like React Router). */
export function pathPattern(path: string): RegExp {
  let source = '';
  for (const segment of path.split('/').filter(Boolean)) {
    if (segment === '*') source += '(?:/.*)?';
    else if (segment.startsWith(':')) source += segment.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
    else source += `/${escapeRegExp(segment)}`;
  }
  return new RegExp(`^${source}/?$`, 'i');
}

/** The route of a pathname: the first in PAGE_ROUTES that matches. */
export function pageRouteOf(pathname: string): PageRoute | undefined {
  return PAGE_ROUTES.find((route) => pathPattern(route.path).test(pathname));
}
