// Runtime configuration. The server injects
//   <script>window.__VITRINE__={"apiUrl":"…","searchUrl":"…","stripePublishableKey":"pk_…"}</script>
// into index.html: the API or search host when it lives on another origin (ARCHITECTURE §1 "split hosts"), and
// Stripe's publishable key when cards go through Stripe (the card forms then use Stripe.js, decision 009).
// Without it (Vite dev server, same-origin deployment) calls go to `/api/...` and `/search/...`.

import { upgradeToHttps } from '@vitrine/domain';

export interface RuntimeConfig {
  /** Origin of the API host, '' for same-origin. Requests go to `${apiUrl}/api/...`. */
  apiUrl: string;
  /** Origin of the search host, '' for same-origin. Requests go to `${searchUrl}/search/...`. */
  searchUrl: string;
  /** Stripe's publishable key: card forms take cards through Stripe.js; '' takes them with the simulated processor. */
  stripePublishableKey: string;
}

declare global {
  interface Window {
    __VITRINE__?: Partial<Record<keyof RuntimeConfig, unknown>>;
  }
}

/** Accepts an origin with or without the base path (`https://api.example.com` or `…/api`). */
function normaliseOrigin(value: unknown, basePath: string): string {
  if (typeof value !== 'string') return '';
  let origin = value.trim().replace(/\/+$/, '');
  if (origin.endsWith(basePath)) origin = origin.slice(0, -basePath.length);
  return origin;
}

export function readRuntimeConfig(
  source: Window['__VITRINE__'] = globalThis.window?.__VITRINE__,
): RuntimeConfig {
  return {
    apiUrl: normaliseOrigin(source?.apiUrl, '/api'),
    searchUrl: normaliseOrigin(source?.searchUrl, '/search'),
    stripePublishableKey:
      typeof source?.stripePublishableKey === 'string' &&
      /^pk_(test|live)_\w+$/.test(source.stripePublishableKey)
        ? source.stripePublishableKey
        : '',
  };
}

export const config: RuntimeConfig = readRuntimeConfig();

/** Full URL of an API path of the spec (`/v1/drops/` → `/api/v1/drops/`). */
export function apiUrl(path: string): string {
  return `${config.apiUrl}/api${path.startsWith('/') ? path : `/${path}`}`;
}

/** Full URL of a search-host path (`/api/v2/indexes/products/search` → `/search/api/v2/…`). */
export function searchUrl(path: string): string {
  return `${config.searchUrl}/search${path.startsWith('/') ? path : `/${path}`}`;
}

/**
 * Media paths served by the API host (`/api/media/…`) follow the API origin. Absolute http URLs are
 * upgraded to https (000 §5, 001 §5) when the page itself is on https (a plain-http local setup keeps them).
 */
export function mediaUrl(src: string): string {
  if (src.startsWith('/api/')) return `${config.apiUrl}${src}`;
  return globalThis.location?.protocol === 'https:' ? upgradeToHttps(src) : src;
}
