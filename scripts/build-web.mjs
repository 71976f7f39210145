// Builds the web app for serving: always a production bundle, whatever NODE_ENV the shell has (vite build
// takes its mode's NODE_ENV from the environment, so NODE_ENV=development would give React's development
// build). Used by `npm start` and the browser tests' global setup.
import { spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;

/** Runs `vite build` for apps/web (into `outDir` when given); answers the spawnSync result. */
export function buildWebApp({ outDir, stdio = 'inherit' } = {}) {
  const args = ['run', 'build', '--silent', '-w', '@vitrine/web'];
  if (outDir) args.push('--', '--outDir', outDir, '--emptyOutDir');
  return spawnSync('npm', args, {
    cwd: root,
    stdio,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}
