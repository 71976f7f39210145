// Builds the web app for serving: always a production bundle, whatever NODE_ENV the shell has (vite build
// takes its mode's NODE_ENV from the environment, so NODE_ENV=development would give React's development
// build). Used by `npm start` and the browser tests' global setup.
import { spawn, spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;

function command(outDir) {
  const args = ['run', 'build', '--silent', '-w', '@vitrine/web'];
  if (outDir) args.push('--', '--outDir', outDir, '--emptyOutDir');
  return { args, options: { cwd: root, env: { ...process.env, NODE_ENV: 'production' } } };
}

/** Runs `vite build` for apps/web (into `outDir` when given); answers the spawnSync result. */
export function buildWebApp({ outDir, stdio = 'inherit' } = {}) {
  const { args, options } = command(outDir);
  return spawnSync('npm', args, { ...options, stdio, encoding: 'utf8' });
}

/**
 * The same build, running while the caller goes on listening for signals. It has a process group of its
 * own (npm, its shell, vite and vite's helpers), so `process.kill(-build.pid, signal)` stops all of it.
 */
export function startWebBuild() {
  const { args, options } = command();
  return spawn('npm', args, { ...options, stdio: 'inherit', detached: true });
}
