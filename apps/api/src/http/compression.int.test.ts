// Compressed answers (issue #13 item 1; decision 010): the web app's files in the brotli or gzip copy the build made
// (scripts/precompress.mjs, run here on a small dist as the build runs it), the SPA shell compressed once, API answers
// above 1 KB compressed per Accept-Encoding; identity without it; the caching and security headers kept.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../../../scripts/precompress.mjs';
import { accountsTestApp, bearer, COLLECTOR, signIn } from '../modules/auth/testing/auth-kit';
import type { TestApp } from '../testing/test-app';

type Headers = Record<string, string | string[] | number | undefined>;

const webDist = mkdtempSync(join(tmpdir(), 'vitrine-web-'));
const ENTRY = '/assets/index-C0mpr3ss.js';
const TINY = '/assets/tiny-T1ny0001.js';
mkdirSync(join(webDist, 'assets'));
writeFileSync(
  join(webDist, 'index.html'),
  `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Vitrine</title><script type="module" crossorigin src="${ENTRY}"></script></head><body><div id="root"></div>${'<!-- shell -->'.repeat(80)}</body></html>`,
);
// A bundle-like file of 40 KB: repetitive enough to compress well, like real code.
writeFileSync(
  join(webDist, ENTRY),
  Array.from({ length: 800 }, (_, i) => `export const value${i} = { id: ${i}, label: "card ${i}" };`).join(
    '\n',
  ),
);
writeFileSync(join(webDist, TINY), 'export const tiny = 1;\n');

let t: TestApp;
beforeAll(async () => {
  // What `npm run build` does after Vite writes the bundle.
  expect(precompressDir(webDist).sort()).toEqual([
    'assets/index-C0mpr3ss.js.br',
    'assets/index-C0mpr3ss.js.gz',
    'index.html.br',
    'index.html.gz',
  ]);
  t = await accountsTestApp({}, { webDist });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

function varies(headers: Headers): boolean {
  return String(headers.vary ?? '')
    .toLowerCase()
    .split(/\s*,\s*/)
    .includes('accept-encoding');
}

function expectSecurityHeaders(headers: Headers, csp: RegExp) {
  expect(headers['content-security-policy']).toMatch(csp);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
}

const WEB_CSP = /^default-src 'self'; script-src 'self' 'sha256-/;
const API_CSP = /^default-src 'none'; frame-ancestors 'none'$/;

describe('the web app files', () => {
  const original = readFileSync(join(webDist, ENTRY));

  it('come in brotli to a browser that accepts it, decoding to the built file, cached for a year', async () => {
    const res = await get(ENTRY, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(varies(res.headers)).toBe(true);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The build's copy as it is (nothing compressed per request), with its length.
    const built = readFileSync(join(webDist, `${ENTRY}.br`));
    expect(res.rawPayload.equals(built)).toBe(true);
    expect(Number(res.headers['content-length'])).toBe(built.length);
    expect(built.length).toBeLessThan(original.length / 5);
    expect(brotliDecompressSync(res.rawPayload).equals(original)).toBe(true);
    expectSecurityHeaders(res.headers, WEB_CSP);
  });

  it('come in gzip to a client that accepts only gzip, or prefers it', async () => {
    for (const accept of ['gzip', 'gzip;q=1, br;q=0.5']) {
      const res = await get(ENTRY, { 'accept-encoding': accept });
      expect(res.headers['content-encoding'], accept).toBe('gzip');
      expect(res.rawPayload.equals(readFileSync(join(webDist, `${ENTRY}.gz`))), accept).toBe(true);
      expect(gunzipSync(res.rawPayload).equals(original), accept).toBe(true);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('come as they are without Accept-Encoding, still cached for a year', async () => {
    const res = await get(ENTRY);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.equals(original)).toBe(true);
    expect(Number(res.headers['content-length'])).toBe(original.length);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(varies(res.headers)).toBe(true);
    expectSecurityHeaders(res.headers, WEB_CSP);
  });

  it('come as they are to a client that refuses both encodings', async () => {
    const res = await get(ENTRY, { 'accept-encoding': 'deflate, br;q=0, gzip;q=0' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.equals(original)).toBe(true);
  });
});

describe('the SPA shell', () => {
  it('comes compressed on every page path, decoding to the shell with its config script', async () => {
    const plain = await get('/');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<script>window.__VITRINE__=');
    for (const path of ['/', '/explore/nfts', '/marketplace/item/0xabc/1']) {
      const br = await get(path, { 'accept-encoding': 'br, gzip' });
      expect(br.headers['content-encoding'], path).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString(), path).toBe(plain.body);
      expect(br.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(br.headers['cache-control']).toBe('no-cache');
      expect(varies(br.headers)).toBe(true);
      expectSecurityHeaders(br.headers, WEB_CSP);
      expect(br.headers['content-security-policy']).toBe(plain.headers['content-security-policy']);

      const gzip = await get(path, { 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding'], path).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString(), path).toBe(plain.body);
    }
  });
});

describe('API answers', () => {
  it('above 1 KB come compressed per Accept-Encoding, decoding to the plain answer', async () => {
    // A shared answer (kept compressed with the cached answer) and one computed per request (the OpenAPI document).
    for (const url of ['/api/v1/explore/nfts/?page_size=20', '/api/docs/json']) {
      const plain = await get(url);
      expect(plain.statusCode, url).toBe(200);
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(plain.rawPayload.length, url).toBeGreaterThan(5_000);

      const br = await get(url, { 'accept-encoding': 'br' });
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(br.headers['content-type'], url).toBe('application/json; charset=utf-8');
      expect(varies(br.headers), url).toBe(true);
      expect(br.rawPayload.length, url).toBeLessThan(plain.rawPayload.length / 3);
      expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString()), url).toEqual(plain.json());

      const gzip = await get(url, { 'accept-encoding': 'gzip, deflate' });
      expect(gzip.headers['content-encoding'], url).toBe('gzip');
      expect(JSON.parse(gunzipSync(gzip.rawPayload).toString()), url).toEqual(plain.json());
    }
  });

  it('keep their API CSP and security headers when compressed', async () => {
    const res = await get('/api/v1/drops/', { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    expectSecurityHeaders(res.headers, API_CSP);
  });

  it('a second request for a shared answer gets the same bytes (compressed once)', async () => {
    const url = '/api/v1/explore/collections/';
    const first = await get(url, { 'accept-encoding': 'br' });
    const second = await get(url, { 'accept-encoding': 'br' });
    expect(first.headers['content-encoding']).toBe('br');
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('under 1 KB come as they are', async () => {
    const res = await get('/api/health', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ status: 'ok' });
  });

  it('without Accept-Encoding come as they are', async () => {
    const res = await get('/api/v1/explore/nfts/?page_size=20');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toHaveProperty('results');
  });

  it('of accounts (Cache-Control: no-store) come as they are, even above 1 KB', async () => {
    let token = '';
    for (let i = 0; i < 8; i++)
      token = (await signIn(t.app, COLLECTOR.email, COLLECTOR.password)).access_token;
    const res = await get('/api/user/sessions/', { ...bearer(token), 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.length).toBeGreaterThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect((res.json() as { count: number }).count).toBeGreaterThanOrEqual(8);
  });
});
