// robots.txt and the sitemap (issue #13 item 5): crawlers may read the public pages, never the API, the
// accounts pages or a checkout; the sitemap lists the public pages with absolute URLs at the web origin
// (PUBLIC_ORIGIN, lib/origins.ts). It is read from the store at most once an hour.
import { collectionPath, itemPath, storefrontPath } from '@vitrine/domain';
import type { Clock } from '../../lib/clock';
import type { SiteRepo } from './site.repo';

/** A new sitemap is read this long after the last one at the latest. */
export const SITEMAP_TTL_MS = 60 * 60 * 1000;

/** Per kind (drops, collections, storefronts, items): five kinds stay under the protocol's 50,000 URLs. */
export const SITEMAP_LIMIT_PER_KIND = 9_000;

/**
 * Paths no crawler should read (000 §2, 001 §2): the API and search hosts, the dev outbox, accounts and sign-in
 * pages, checkout, bid and offer pages, and the publisher tools.
 */
export const PRIVATE_PATHS = [
  '/api/',
  '/search/',
  '/dev/',
  '/account/',
  '/login',
  '/new-login',
  '/signup',
  '/onboarding',
  '/verify-email',
  '/reset-password',
  '/checkout/',
  '/listing-checkout/',
  '/buypage',
  '/publish-drop/',
  '/makeglobaloffer',
  '/auctionbid',
  '/rankedbid',
  '/publishers',
];

/** Pages every visitor sees: home, the explore tabs and the footer's information pages. */
export const PUBLIC_PAGES = [
  '/',
  '/explore/drops',
  '/explore/nfts',
  '/explore/collections',
  '/explore/publishers',
  '/about',
  '/terms-of-use',
  '/privacy-policy',
  '/help-centre',
  '/careers',
  '/security-report',
];

export function createSiteService(deps: { repo: SiteRepo; clock: Clock; webOrigin: () => string }) {
  let kept: { origin: string; at: number; xml: Promise<string> } | null = null;

  async function readSitemap(origin: string): Promise<string> {
    const rows = await deps.repo.sitemapRows(SITEMAP_LIMIT_PER_KIND);
    // A creator's storefront is /{profile_url}: not a full URL or a number (those name no storefront).
    const creators = rows.creators.filter((url) => !/^https?:\/\//i.test(url) && !/^\d+$/.test(url));
    const storefronts = [...new Set([...rows.publishers, ...creators].map(storefrontPath))];
    const paths = [
      ...PUBLIC_PAGES,
      ...rows.drops.map((slug) => `/collections/${encodeURIComponent(slug)}`),
      ...rows.collections.map((slug) => collectionPath(slug)),
      ...storefronts,
      ...rows.items.map((item) => itemPath(item.contractAddress, item.tokenId)),
    ];
    // A storefront slug may begin like a closed path (/publishers-weekly): robots.txt wins.
    const open = paths.filter((path) => !PRIVATE_PATHS.some((closed) => path.startsWith(closed)));
    return sitemapXml(open.map((path) => origin + path));
  }

  return {
    robotsTxt(): string {
      return robotsTxt(deps.webOrigin());
    },

    /** The sitemap, read again once it is SITEMAP_TTL_MS old; concurrent requests share one read. */
    sitemap(): Promise<string> {
      const origin = deps.webOrigin();
      const now = deps.clock.now().getTime();
      if (kept && kept.origin === origin && now >= kept.at && now - kept.at < SITEMAP_TTL_MS) return kept.xml;
      const entry = { origin, at: now, xml: readSitemap(origin) };
      kept = entry;
      entry.xml.catch(() => {
        if (kept === entry) kept = null;
      });
      return entry.xml;
    },
  };
}

export type SiteService = ReturnType<typeof createSiteService>;

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

export function sitemapXml(urls: readonly string[]): string {
  const entries = urls.map((url) => `<url><loc>${escapeXml(url)}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}

const XML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => XML_ENTITIES[c] ?? c);
}
