// `npm start`: build the web app when its sources changed, then run the server
// (migrations and the demo seed run inside it). Signals pass through to the server.
// package.json runs it with `exec`: npm passes a SIGTERM on to its script shell, and a shell that is
// not replaced (dash) dies of it, leaving this process and the server running with the store locked.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { startWebBuild } from './build-web.mjs';

const root = new URL('..', import.meta.url).pathname;
const dist = join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/build',
  'apps/web/public',
  'packages/domain/src',
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

const builtAt = existsSync(dist) ? statSync(dist).mtimeMs : 0;
const changedAt = Math.max(...sources.map((s) => newestMtime(join(root, s))));
// With WEB_DIST set the server serves that folder, not apps/web/dist: nothing to build here.
if (!process.env.WEB_DIST && builtAt < changedAt) {
  process.stdout.write('Building the web app…\n');
  // A production bundle even with NODE_ENV=development in the shell (scripts/build-web.mjs). A stop
  // during the build stops the build too: it runs in its own process group, which the signal is passed to
  // (before, a SIGTERM ended this process and left the build running).
  const build = startWebBuild();
  let stoppedBy = null;
  const stop = (signal) => {
    stoppedBy = signal;
    try {
      process.kill(-build.pid, signal);
    } catch {
      // Already gone.
    }
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  const code = await new Promise((resolve) => build.on('exit', (c) => resolve(c)));
  if (stoppedBy) process.exit(0);
  if (code !== 0) process.exit(code ?? 1);
  process.off('SIGINT', stop);
  process.off('SIGTERM', stop);
}

const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/api/src/server.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
