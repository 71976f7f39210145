// Compressed transfers from the built server (issue #13 item 1; decision 010): Chromium gets the shell, the app's
// code and its API answers compressed and runs the app from them; the build's brotli copy of the entry script is
// what a brotli client receives, and decodes to the script itself.
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Response } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { newPage } from './support/accounts';
import { useBrowser } from './support/browser';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

/** The bytes as sent (no decoding) and the headers of a GET. */
function rawGet(url: string, headers: Record<string, string> = {}) {
  return new Promise<{
    status: number;
    headers: Record<string, string | string[] | undefined>;
    body: Buffer;
  }>((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

describe('compression', () => {
  it('Chromium receives the shell, the scripts and the drop list compressed and runs the home page', async () => {
    const page = await newPage(browser);
    const responses: Response[] = [];
    page.on('response', (res) => responses.push(res));
    await page.goto(`${baseUrl}/`);
    await page.getByTestId('section-live').getByTestId('drop-card').first().waitFor();

    const encodingOf = async (res: Response) => (await res.allHeaders())['content-encoding'];
    const shell = responses.find((res) => res.url() === `${baseUrl}/`);
    expect(shell && (await encodingOf(shell))).toMatch(/^(br|gzip)$/);
    const scripts = responses.filter((res) => /\/assets\/.+\.js$/.test(res.url()));
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      const size = Number((await script.allHeaders())['content-length'] ?? 0);
      // The build compresses files above 1 KB; smaller ones may go either way.
      if (size === 0 || size >= 1024) expect(await encodingOf(script), script.url()).toMatch(/^(br|gzip)$/);
    }
    const drops = responses.find((res) => res.url().includes('/api/v1/drops/'));
    expect(drops && (await encodingOf(drops))).toMatch(/^(br|gzip)$/);
    await page.context().close();
  });

  it("sends the build's brotli and gzip copies of the entry script, decoding to the script", async () => {
    const shell = await rawGet(`${baseUrl}/`);
    // The shell's biggest script (the entry may be a few bytes that import the shell's chunk).
    const named = [...shell.body.toString().matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map(
      (m) => m[1],
    );
    expect(named.length).toBeGreaterThan(0);
    const sized = await Promise.all(
      named.map(async (path) => ({ path, size: (await rawGet(`${baseUrl}${path}`)).body.length })),
    );
    const entry = sized.sort((a, b) => b.size - a.size)[0]?.path;
    expect(entry).toBeDefined();
    const plain = await rawGet(`${baseUrl}${entry}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const br = await rawGet(`${baseUrl}${entry}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(br.body.length).toBeLessThan(plain.body.length / 2);

    const gzip = await rawGet(`${baseUrl}${entry}`, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
  });

  it('serves a real robots.txt and sitemap beside the app', async () => {
    const robots = await rawGet(`${baseUrl}/robots.txt`);
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(robots.body.toString()).toMatch(/^Sitemap: http:\/\/\S+\/sitemap\.xml$/m);
    const sitemap = await rawGet(`${baseUrl}/sitemap.xml`);
    expect(sitemap.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(sitemap.body.toString()).toMatch(/<loc>http:\/\/\S+\/marketplace\/item\/0x[0-9a-f]+\/\d+<\/loc>/);
  });
});
