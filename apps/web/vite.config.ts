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

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [pagePreloads(), precompress()],
  resolve: { alias: preactCompat },
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
        // zod and the switch to its jitless mode (src/app/zod-jitless.ts) share a chunk, so the switch runs before
        // any schema of the shared rules is built: under the CSP (no 'unsafe-eval') zod must never probe for eval.
        codeSplitting: {
          groups: [
            { name: (id: string) => (/[\\/]node_modules[\\/]zod[\\/]|zod-jitless/.test(id) ? 'zod' : null) },
          ],
        },
      },
    },
  },
});
