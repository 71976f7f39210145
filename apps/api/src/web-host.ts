// Serves the built web app at `/`: hashed assets with long caching, every other GET path the SPA
// shell (index.html) with the runtime config injected. /api and /search never fall back to it.
// Files go out in the brotli or gzip copy the build made beside them (scripts/precompress.mjs) when the
// request accepts it; the shell is compressed once here (decision 010).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { keptText, sendKeptText } from './http/compression';
import { notFoundBody, send } from './http/errors';
import { webAppCsp } from './http/security-headers';
import { pageShells } from './web-preloads';

export interface WebHostOptions {
  webDist: string;
  apiUrl?: string;
  searchUrl?: string;
  /** Stripe's publishable key: the web app takes cards through Stripe.js (its hosts join the CSP). */
  stripePublishableKey?: string;
}

export async function registerWebHost(app: FastifyInstance, options: WebHostOptions): Promise<void> {
  const indexPath = join(options.webDist, 'index.html');
  if (!existsSync(indexPath)) {
    throw new Error(`The web app is not built: ${indexPath} is missing (run \`npm run build\`).`);
  }
  const runtimeConfig = JSON.stringify({
    apiUrl: options.apiUrl ?? '',
    searchUrl: options.searchUrl ?? '',
    ...(options.stripePublishableKey ? { stripePublishableKey: options.stripePublishableKey } : {}),
  })
    // Keep the JSON inert inside a <script> element.
    .replace(/</g, '\\u003c');
  const configScript = `window.__VITRINE__=${runtimeConfig}`;
  const shell = readFileSync(indexPath, 'utf8').replace('</head>', `<script>${configScript}</script></head>`);
  // A strict CSP (decision 003 "Headers"): the injected config script is allowed by its hash, no other inline script.
  const csp = webAppCsp({
    inlineScripts: [configScript],
    apiUrl: options.apiUrl,
    searchUrl: options.searchUrl,
    stripe: Boolean(options.stripePublishableKey),
  });

  await app.register(fastifyStatic, {
    root: options.webDist,
    prefix: '/',
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders: (res, path) => {
      res.header('content-security-policy', csp);
      if (path.includes(`${join(options.webDist, 'assets')}`)) {
        res.header('cache-control', 'public, max-age=31536000, immutable');
      }
    },
  });

  // The shell of each page's paths, with that page's preload links, compressed once at start.
  const shellOf = pageShells(options.webDist, shell, (html) => keptText(html, { best: true }));
  const sendShell = (reply: FastifyReply, path: string) =>
    sendKeptText(
      reply
        .header('cache-control', 'no-cache')
        .header('content-security-policy', csp)
        .type('text/html; charset=utf-8'),
      shellOf(path),
    );

  app.get('/', { schema: { hide: true } }, (_request, reply) => sendShell(reply, '/'));

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi =
      path === '/api' || path.startsWith('/api/') || path === '/search' || path.startsWith('/search/');
    const isAsset = path.startsWith('/assets/');
    if (request.method === 'GET' && !isApi && !isAsset) return sendShell(reply, path);
    return send(reply, notFoundBody(request.method, request.url));
  });
}
