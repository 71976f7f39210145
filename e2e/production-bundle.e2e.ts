// `npm start` and the browser tests serve React's production build even when the shell says
// NODE_ENV=development (vite build takes NODE_ENV from the environment).
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { buildWebApp } from '../scripts/build-web.mjs';

const outDir = mkdtempSync(join(tmpdir(), 'vitrine-web-build-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

// Text only React's development build carries (its warnings); the production build has error codes.
const DEVELOPMENT_MARKERS = ['Each child in a list should have a unique', 'jsxDEV'];

describe('the web build of npm start', () => {
  it('is a production bundle with NODE_ENV=development in the shell', { timeout: 240_000 }, () => {
    const before = process.env.NODE_ENV;
    process.env.NODE_ENV = 'development';
    let result: ReturnType<typeof buildWebApp>;
    try {
      result = buildWebApp({ outDir, stdio: 'pipe' });
    } finally {
      process.env.NODE_ENV = before;
    }
    expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
    const assets = join(outDir, 'assets');
    const code = readdirSync(assets)
      .filter((name) => name.endsWith('.js'))
      .map((name) => readFileSync(join(assets, name), 'utf8'))
      .join('\n');
    expect(code.length).toBeGreaterThan(100_000);
    for (const marker of DEVELOPMENT_MARKERS) expect(code, marker).not.toContain(marker);
  });

  it('carries a brotli and a gzip copy of every script, style sheet and page above 1 KB (decision 010)', () => {
    // The build of the test above.
    const files = [
      join(outDir, 'index.html'),
      ...readdirSync(join(outDir, 'assets')).map((n) => join(outDir, 'assets', n)),
    ];
    const texts = files.filter((path) => ['.js', '.css', '.html'].includes(extname(path)));
    const large = texts.filter((path) => readFileSync(path).length >= 1024);
    expect(large.length).toBeGreaterThan(10);
    for (const path of large) {
      const original = readFileSync(path);
      expect(existsSync(`${path}.br`), path).toBe(true);
      expect(brotliDecompressSync(readFileSync(`${path}.br`)).equals(original), path).toBe(true);
      expect(gunzipSync(readFileSync(`${path}.gz`)).equals(original), path).toBe(true);
    }
    const small = texts.filter((path) => readFileSync(path).length < 1024);
    for (const path of small) expect(existsSync(`${path}.br`), path).toBe(false);
  });
});
