import { createBrowserRouter, type RouteObject, redirect } from 'react-router';
import { AppLoading } from './AppLoading';
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

const publishers = () =>
  import('../features/publishers/PublishersPage').then((m) => ({ Component: m.PublishersPage }));
const publisherStorefront = () =>
  import('../features/publishers/PublishersPage').then((m) => ({ Component: m.PublisherStorefrontPage }));
const publisherDrops = () =>
  import('../features/publishers/PublishersPage').then((m) => ({ Component: m.PublisherDropsPage }));

const makeGlobalOffer = () =>
  import('../features/offers/MakeGlobalOfferPage').then((m) => ({ Component: m.MakeGlobalOfferPage }));

/** The footer's information pages; static paths rank above the storefront's `/:slug`. */
const INFO_PAGES: readonly { path: string; title: string }[] = [
  { path: 'about', title: 'About' },
  { path: 'terms-of-use', title: 'Terms of Use' },
  { path: 'privacy-policy', title: 'Privacy Policy' },
  { path: 'help-centre', title: 'Help Centre' },
  { path: 'careers', title: 'Careers' },
  { path: 'security-report', title: 'Security Report' },
];

export const routes: RouteObject[] = [
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
          { index: true, lazy: home },
          { path: 'login', lazy: login },
          { path: 'new-login', lazy: login },
          { path: 'signup', lazy: signup },
          { path: 'onboarding', lazy: onboarding },
          { path: 'verify-email', lazy: verifyEmail },
          { path: 'reset-password', lazy: resetPassword },
          { path: 'account/profile-validation', lazy: profileValidation },
          { path: 'account/settings/:section?', lazy: accountSettings },
          { path: 'explore', loader: () => redirect('/explore/drops') },
          { path: 'explore/:x', lazy: explore },
          { path: 'marketplace/item/:contractAddress/:tokenId', lazy: item },
          { path: 'marketplace/collection/*', lazy: collection },
          { path: 'collections/:key', lazy: collection },
          { path: 'profile/:profileUrl', lazy: profile },
          { path: 'publishers', lazy: publishers },
          { path: 'makeglobaloffer', lazy: makeGlobalOffer },
          // 001 §2: /marketplace?categories[{name}]=true is the marketplace filtered by category.
          {
            path: 'marketplace',
            loader: ({ request }) => redirect(`/explore/nfts${new URL(request.url).search}`),
          },
          { path: 'publishers/:slug', lazy: publisherStorefront },
          { path: 'publishers/:slug/drops', lazy: publisherDrops },
          ...INFO_PAGES.map(({ path, title }) => ({ path, lazy: info, handle: { title } })),
          { path: ':slug', lazy: storefront },
          { path: '*', Component: NotFoundPage },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
