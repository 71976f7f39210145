// Security headers on every answer (issue #11 finding 5; docs/decisions/003-accounts-api.md "Headers").
// @fastify/helmet sets the fixed ones: nosniff, X-Frame-Options DENY, Referrer-Policy, HSTS when the public origin is
// https, and its other defaults. The Content-Security-Policy depends on what is answered, so one onSend hook picks it:
//  - an answer that chose its own keeps it (the web app's shell and files, the API docs, stored media);
//  - a server-rendered page (the dev outbox, the one-touch page): no script, inline styles, forms to itself;
//  - everything else (JSON, errors): nothing may load, nothing may frame it.
// The same hook sends Cache-Control: no-store on token and account answers.
import { createHash } from 'node:crypto';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** API answers (JSON, errors, files that are not pages): nothing loads, nothing frames. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";
const SERVER_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

// Token answers (the token call, JSON and wallet login, two-factor verify, signup, email verification) and per-user
// account answers (profile, preferences, sessions, two-factor settings, password, phone, wallet nonces), by route.
export const NO_STORE_ROUTES = /^\/api\/(o|oauth2|users|user)\//;

export interface SecurityHeadersOptions {
  /** The origin users reach the app at (PUBLIC_ORIGIN): HSTS is sent only when it is https. */
  publicOrigin?: string;
}

export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: SecurityHeadersOptions = {},
): Promise<void> {
  await app.register(helmet, {
    // Chosen per answer below.
    contentSecurityPolicy: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: isHttps(options.publicOrigin)
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
    // Stored media is read as <img> by web apps on other origins when the hosts are split (API_URL).
    crossOriginResourcePolicy: false,
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (!reply.hasHeader('content-security-policy')) {
      const type = String(reply.getHeader('content-type') ?? '');
      reply.header('content-security-policy', type.startsWith('text/html') ? SERVER_PAGE_CSP : API_CSP);
    }
    if (NO_STORE_ROUTES.test(request.routeOptions.url ?? '')) reply.header('cache-control', 'no-store');
    return payload;
  });
}

/**
 * Stripe.js and what it opens, as Stripe asks (docs.stripe.com/security/guide#content-security-policy): its script,
 * the card fields' and 3-D Secure frames, and its API.
 */
export const STRIPE_CSP = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
} as const;

/**
 * The web app's policy: its own scripts plus the inline scripts of the shell (by hash), calls to its hosts; with
 * `stripe`, Stripe.js's hosts (the card form of a deployment with Stripe).
 */
export function webAppCsp(options: {
  inlineScripts: string[];
  apiUrl?: string;
  searchUrl?: string;
  stripe?: boolean;
}): string {
  const hosts = [originOf(options.apiUrl), originOf(options.searchUrl)].filter(
    (origin): origin is string => origin !== null,
  );
  const unique = [...new Set(hosts)];
  const hashes = options.inlineScripts.map(
    (script) => `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`,
  );
  // Artwork may be an absolute https URL (000 §5) or a data:/blob: URL made in the page; media of a split API host.
  const media = [
    "'self'",
    'data:',
    'blob:',
    'https:',
    ...unique.filter((origin) => origin.startsWith('http:')),
  ];
  const stripe = (hosts: readonly string[]) => (options.stripe ? hosts : []);
  return [
    "default-src 'self'",
    ["script-src 'self'", ...hashes, ...stripe(STRIPE_CSP.script)].join(' '),
    "style-src 'self'",
    `img-src ${media.join(' ')}`,
    `media-src ${media.join(' ')}`,
    "font-src 'self' data:",
    `connect-src ${["'self'", ...unique, ...stripe(STRIPE_CSP.connect)].join(' ')}`,
    ...(options.stripe ? [`frame-src ${STRIPE_CSP.frame.join(' ')}`] : []),
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The API docs (Swagger UI) keep the plugin's own policy (its scripts by hash), without being framed; the UI sets
 * inline styles as it renders, so styles (only) are allowed inline there.
 */
export function docsCsp(pluginPolicy: string): string {
  return pluginPolicy
    .replace(/frame-ancestors [^;]*/, "frame-ancestors 'none'")
    .replace(/style-src [^;]*/, "style-src 'self' 'unsafe-inline'");
}

function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

function isHttps(origin: string | undefined): boolean {
  return originOf(origin)?.startsWith('https:') ?? false;
}
