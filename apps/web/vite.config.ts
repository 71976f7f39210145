import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { precompressDir } from '../../scripts/precompress.mjs';
import { pagePreloads } from './build/page-preloads';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;
const proxied = { target: apiTarget, changeOrigin: false };

/** `.br` and `.gz` copies of the built text files, for the server to send as they are (scripts/precompress.mjs). */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'vitrine-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      precompressDir(outDir);
    },
  };
}

/**
 * The app is written against React's API and types, and runs on Preact's compatibility layer (decision 011): the
 * same code, about 50 KB less to send (brotli) before the first paint (issue #13 item 3).
 */
const preactCompat = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
];

/** `zod` means zod in jitless mode (src/app/zod.ts), whichever module the bundler evaluates first. */
const jitlessZod = {
  find: /^zod$/,
  replacement: fileURLToPath(new URL('./src/app/zod.ts', import.meta.url)),
};

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [pagePreloads(), precompress()],
  resolve: { alias: [...preactCompat, jitlessZod] },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': proxied,
      '/search': proxied,
      '/dev': proxied,
    },
  },
  preview: { port: 4173 },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    // dist/.vite/manifest.json: `npm run bench` reads it for first-load JavaScript per route.
    manifest: true,
    rolldownOptions: {
      onLog(level, log, handler) {
        // React Router reads React 19's `use` and `useOptimistic` only when the renderer has them; Preact's compat
        // layer has not, and React Router takes its own way then. The build's warning about it says nothing new.
        if (
          log.code === 'IMPORT_IS_UNDEFINED' &&
          /[\\/]node_modules[\\/]react-router[\\/]/.test(log.id ?? '')
        )
          return;
        handler(level, log);
      },
      // @vitrine/domain is pure rules without I/O (ARCHITECTURE §2-3): modules of it that the app does not
      // use are dropped even though its package.json does not declare `sideEffects: false`.
      treeshake: { moduleSideEffects: (id: string) => !id.includes('/packages/domain/') },
      output: {
        codeSplitting: {
          // zod in a chunk of its own, loaded only by pages with forms (never by the shell); src/app/zod.ts
          // switches it to jitless mode before any schema exists (under the CSP zod must never probe for eval).
          groups: [
            {
              name: (id: string) =>
                /[\\/]node_modules[\\/]zod[\\/]|[\\/]src[\\/]app[\\/]zod\.ts$/.test(id) ? 'zod' : null,
            },
          ],
          // Small modules that several pages share go into each page's chunk instead of chunks of their own:
          // a first load of explore fetched 34 scripts and 13 style sheets over a phone's six connections, now
          // 5 and 2 (decision 011, "Few files").
          experimentalInlineCommonChunks: { maxSize: 30000 },
        },
      },
    },
  },
});
