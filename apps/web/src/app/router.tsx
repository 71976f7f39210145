import type { QueryClient } from '@tanstack/react-query';
import { legacyBuyPageTarget } from '@vitrine/domain';
import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router';
import {
  prefetchCollection,
  prefetchExplore,
  prefetchItem,
  prefetchProfile,
  prefetchStorefront,
  type RouteData,
} from '../features/catalog/route-data';
import { prefetchHome } from '../features/home/route-data';
import { prefetchListingCheckout, prefetchPrimaryCheckout } from '../features/trading/route-data';
import { AppLoading } from './AppLoading';
import { hasValidCredentials } from './credentials';
import { NotFoundPage } from './NotFoundPage';
import { RootLayout } from './RootLayout';
import { RouteErrorBoundary } from './RouteErrorBoundary';

// Pages load lazily (React Router `lazy`) so first-load JavaScript stays small.
const home = () => import('../features/home/HomePage').then((m) => ({ Component: m.HomePage }));
const login = () => import('../features/auth/LoginPage').then((m) => ({ Component: m.LoginPage }));
const signup = () => import('../features/auth/SignupPage').then((m) => ({ Component: m.SignupPage }));
const explore = () =>
  import('../features/catalog/explore/ExplorePage').then((m) => ({ Component: m.ExplorePage }));
const item = () => import('../features/catalog/item/ItemPage').then((m) => ({ Component: m.ItemPage }));
const collection = () =>
  import('../features/catalog/collection/CollectionPage').then((m) => ({ Component: m.CollectionPage }));
const profile = () =>
  import('../features/catalog/profile/ProfilePage').then((m) => ({ Component: m.ProfilePage }));
const storefront = () =>
  import('../features/catalog/storefront/StorefrontPage').then((m) => ({ Component: m.StorefrontPage }));
const info = () => import('../features/platform/InfoPage').then((m) => ({ Component: m.InfoPage }));
const onboarding = () =>
  import('../features/auth/OnboardingPage').then((m) => ({ Component: m.OnboardingPage }));
const verifyEmail = () =>
  import('../features/auth/VerifyEmailPage').then((m) => ({ Component: m.VerifyEmailPage }));
const resetPassword = () =>
  import('../features/auth/ResetPasswordPage').then((m) => ({ Component: m.ResetPasswordPage }));
const profileValidation = () =>
  import('../features/auth/ProfileValidationPage').then((m) => ({ Component: m.ProfileValidationPage }));
const accountSettings = () =>
  import('../features/account/AccountSettingsPage').then((m) => ({ Component: m.AccountSettingsPage }));
const dashboard = () =>
  import('../features/dashboard/DashboardPage').then((m) => ({ Component: m.DashboardPage }));

const publishers = () =>
  import('../features/publishers/PublishersPage').then((m) => ({ Component: m.PublishersPage }));
const publisherStorefront = () =>
  import('../features/publishers/PublishersPage').then((m) => ({ Component: m.PublisherStorefrontPage }));
const storefrontEditor = () =>
  import('../features/studio/storefront/StorefrontEditorPage').then((m) => ({
    Component: m.StorefrontEditorPage,
  }));
// The publisher studio (issue 16): its own lazy chunks, never the shell's.
const publisherDrops = () =>
  import('../features/studio/DropListPage').then((m) => ({ Component: m.DropListPage }));
const dropEditor = () =>
  import('../features/studio/DropEditorPage').then((m) => ({ Component: m.DropEditorPage }));
const publishDrop = () =>
  import('../features/studio/PublishDropPage').then((m) => ({ Component: m.PublishDropPage }));

const listingCheckout = () =>
  import('../features/trading/CheckoutPage').then((m) => ({ Component: m.CheckoutPage }));

const primaryCheckout = () =>
  import('../features/trading/PrimaryCheckoutPage').then((m) => ({ Component: m.PrimaryCheckoutPage }));

const makeGlobalOffer = () =>
  import('../features/offers/MakeGlobalOfferPage').then((m) => ({ Component: m.MakeGlobalOfferPage }));
const drawing = () => import('../features/drawings/DrawingPage').then((m) => ({ Component: m.DrawingPage }));
const myOffers = () => import('../features/offers/MyOffersPage').then((m) => ({ Component: m.MyOffersPage }));
const auctionBid = () => import('../features/bids/BidPages').then((m) => ({ Component: m.AuctionBidPage }));
const rankedBid = () => import('../features/bids/BidPages').then((m) => ({ Component: m.RankedBidPage }));

/** The footer's information pages; static paths rank above the storefront's `/:slug`. */
const INFO_PAGES: readonly { path: string; title: string }[] = [
  { path: 'about', title: 'About' },
  { path: 'terms-of-use', title: 'Terms of Use' },
  { path: 'privacy-policy', title: 'Privacy Policy' },
  { path: 'help-centre', title: 'Help Centre' },
  { path: 'careers', title: 'Careers' },
  { path: 'security-report', title: 'Security Report' },
];

/**
 * A loader that starts a page's data and returns at once: React Router runs it beside the page's `lazy`, at the
 * first load and at every navigation, so the data's request leaves with the code's (issue #13). The page reads
 * the same queries; it shows its skeleton meanwhile, as before.
 */
function startData(queryClient: QueryClient, start: (data: RouteData) => void) {
  return ({ params, request }: LoaderFunctionArgs) => {
    start({ queryClient, params, url: new URL(request.url), signedIn: hasValidCredentials() });
    return null;
  };
}

/** The app's routes; page loaders start their data on `queryClient`, the client the pages read. */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  const data = (start: (data: RouteData) => void) => startData(queryClient, start);
  return [
    {
      path: '/',
      Component: RootLayout,
      errorElement: <RouteErrorBoundary />,
      HydrateFallback: AppLoading,
      children: [
        {
          // Errors inside a page render within the layout, so the navigation stays usable.
          errorElement: <RouteErrorBoundary />,
          children: [
            { index: true, lazy: home, loader: data(prefetchHome) },
            { path: 'login', lazy: login },
            { path: 'new-login', lazy: login },
            { path: 'signup', lazy: signup },
            { path: 'onboarding', lazy: onboarding },
            { path: 'verify-email', lazy: verifyEmail },
            { path: 'reset-password', lazy: resetPassword },
            { path: 'account/profile-validation', lazy: profileValidation },
            { path: 'account/offers', lazy: myOffers },
            { path: 'account/settings/:section?', lazy: accountSettings },
            // 000 §2 dashboard tabs; /dashboard shows Sales.
            { path: 'dashboard', lazy: dashboard },
            { path: 'dashboard/purchases-sales/:innertab?', lazy: dashboard },
            { path: 'dashboard/transactions/:innertab?', lazy: dashboard },
            { path: 'dashboard/active-discounts', lazy: dashboard },
            { path: 'dashboard/deposit', lazy: dashboard },
            { path: 'explore', loader: () => redirect('/explore/drops') },
            { path: 'explore/:x', lazy: explore, loader: data(prefetchExplore) },
            { path: 'marketplace/item/:contractAddress/:tokenId', lazy: item, loader: data(prefetchItem) },
            { path: 'marketplace/collection/*', lazy: collection, loader: data(prefetchCollection) },
            { path: 'collections/:key', lazy: collection, loader: data(prefetchCollection) },
            { path: 'profile/:profileUrl', lazy: profile, loader: data(prefetchProfile) },
            { path: 'publishers', lazy: publishers },
            { path: 'makeglobaloffer', lazy: makeGlobalOffer },
            { path: 'auctionbid', lazy: auctionBid },
            { path: 'rankedbid', lazy: rankedBid },
            // 000 §2's legacy buy path: the item (secondary) or the nifty type's page (primary), decision 009.
            {
              path: 'buypage',
              loader: ({ request }) => redirect(legacyBuyPageTarget(new URL(request.url).searchParams)),
              // Never drawn (the loader redirects): named so the router does not warn of a leaf without one (QA).
              Component: () => null,
            },
            {
              path: 'listing-checkout/:contractAddress/:tokenId',
              lazy: listingCheckout,
              loader: data(prefetchListingCheckout),
            },
            {
              path: 'checkout/:contractAddress/:niftyType',
              lazy: primaryCheckout,
              loader: data(prefetchPrimaryCheckout),
            },
            // 001 §2: /marketplace?categories[{name}]=true is the marketplace filtered by category.
            {
              path: 'marketplace',
              loader: ({ request }) => redirect(`/explore/nfts${new URL(request.url).search}`),
            },
            { path: 'drawing/:contractAddress/:niftyType', lazy: drawing },
            { path: 'publishers/:slug', lazy: publisherStorefront },
            { path: 'publishers/:slug/drops', lazy: publisherDrops },
            { path: 'publishers/:slug/edit', lazy: storefrontEditor },
            { path: 'publishers/:slug/drops/:dropId', lazy: dropEditor },
            // 000 §2: the publisher fee, then publishing (decision 017).
            { path: 'publish-drop/:collectionTemplate', lazy: publishDrop },
            ...INFO_PAGES.map(({ path, title }) => ({ path, lazy: info, handle: { title } })),
            { path: ':slug', lazy: storefront, loader: data(prefetchStorefront) },
            { path: '*', Component: NotFoundPage },
          ],
        },
      ],
    },
  ];
}

export function createRouter(queryClient: QueryClient) {
  return createBrowserRouter(createRoutes(queryClient));
}
