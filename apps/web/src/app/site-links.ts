// Links of the navigation bar and the footer (000 §2, 001 §2). Internal links open in the same tab,
// external links in a new tab.

export interface SiteLink {
  label: string;
  to: string;
}

export interface ExternalLink {
  label: string;
  href: string;
}

export const EXPLORE_LINKS: readonly SiteLink[] = [
  { label: 'Drops', to: '/explore/drops' },
  { label: 'NFTs', to: '/explore/nfts' },
  { label: 'Collections', to: '/explore/collections' },
  { label: 'Publishers', to: '/explore/publishers' },
];

export const RESOURCE_LINKS: readonly SiteLink[] = [
  { label: 'About', to: '/about' },
  { label: 'Help Centre', to: '/help-centre' },
  { label: 'Careers', to: '/careers' },
];

export interface NavMenu {
  label: string;
  /** Paths under which the menu shows as active. */
  activePrefix?: string;
  links: readonly SiteLink[];
}

export const NAV_MENUS: readonly NavMenu[] = [
  { label: 'Explore', activePrefix: '/explore', links: EXPLORE_LINKS },
  { label: 'Resources', links: RESOURCE_LINKS },
];

/** The Publishers menu of a user with one publisher permission (001 §2 routes). */
export function publisherMenu(slug: string): NavMenu {
  const base = `/publishers/${encodeURIComponent(slug)}`;
  return {
    label: 'Publishers',
    activePrefix: '/publishers',
    links: [
      { label: 'Create a Drop', to: `${base}/drops` },
      { label: 'View your Storefront', to: base },
      { label: 'Visit the Publisher Hub', to: '/publishers' },
    ],
  };
}

/** The footer's company and legal links (000 §2 "Footer links"). */
export const FOOTER_COMPANY_LINKS: readonly SiteLink[] = [
  { label: 'About', to: '/about' },
  { label: 'Careers', to: '/careers' },
  { label: 'Security Report', to: '/security-report' },
];

export const FOOTER_SUPPORT_LINKS: readonly SiteLink[] = [
  { label: 'Help Centre', to: '/help-centre' },
  { label: 'Terms of Use', to: '/terms-of-use' },
  { label: 'Privacy Policy', to: '/privacy-policy' },
];

export type SocialNetwork = 'X' | 'Instagram' | 'Discord';

export const SOCIAL_LINKS: readonly (ExternalLink & { network: SocialNetwork })[] = [
  { network: 'X', label: 'X', href: 'https://x.com/vitrine' },
  { network: 'Instagram', label: 'Instagram', href: 'https://www.instagram.com/vitrine' },
  { network: 'Discord', label: 'Discord', href: 'https://discord.gg/vitrine' },
];

/** "The product is owned by a parent company, with a link" (001 §2 "Footer"). */
export const PARENT_COMPANY: ExternalLink = {
  label: 'Vitrine Labs, Inc.',
  href: 'https://vitrine.art/company',
};

export const LOGIN_PATH = '/login';
export const SIGNUP_PATH = '/signup';
/** Enter in the search box goes to the NFT search page (001 §4 "Enter navigates to the search page"). */
export const SEARCH_PAGE_PATH = '/explore/nfts';
