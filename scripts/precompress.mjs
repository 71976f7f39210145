// Precompressed copies of the built web app (issue #13 item 1): beside every text file above the threshold,
// `NAME.br` (brotli, quality 11) and `NAME.gz` (gzip, level 9), each kept only when it is smaller than the file.
// The server sends them as they are (@fastify/static `preCompressed`), so nothing is compressed per request.
// Run by the web build (apps/web/vite.config.ts) once the bundle is written; dot folders (.vite) are left alone.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Text types worth compressing; images and fonts are compressed already. */
export const PRECOMPRESSED_EXTENSIONS = ['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.xml'];

/** Files smaller than this gain too little to be worth a second request path. */
export const PRECOMPRESS_MIN_BYTES = 1024;

/** The brotli and gzip forms of a text, at their best compression. */
export function compressBest(data) {
  return {
    br: brotliCompressSync(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gzip: gzipSync(data, { level: constants.Z_BEST_COMPRESSION }),
  };
}

/** Writes the `.br` and `.gz` copies under `dir`; answers what it wrote (paths relative to `dir`). */
export function precompressDir(dir, { minBytes = PRECOMPRESS_MIN_BYTES } = {}) {
  const written = [];
  const walk = (folder, relative) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const path = join(folder, entry.name);
      const name = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        walk(path, name);
        continue;
      }
      if (!entry.isFile() || !PRECOMPRESSED_EXTENSIONS.includes(extname(entry.name))) continue;
      if (statSync(path).size < minBytes) continue;
      const data = readFileSync(path);
      const variants = compressBest(data);
      for (const [ext, bytes] of [
        ['.br', variants.br],
        ['.gz', variants.gzip],
      ]) {
        if (bytes.length >= data.length) continue;
        writeFileSync(path + ext, bytes);
        written.push(name + ext);
      }
    }
  };
  walk(dir, '');
  return written;
}
