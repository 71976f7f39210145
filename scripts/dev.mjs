// `npm run dev`: the API in watch mode on API_PORT (default 3000) and Vite with hot reload on 5173,
// proxying /api and /search to the API.
import { spawn } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const apiPort = process.env.API_PORT ?? process.env.PORT ?? '3000';
const children = [
  spawn('npm', ['run', 'dev', '-w', '@vitrine/api'], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: apiPort,
      DATA_DIR: process.env.DATA_DIR ?? `${root}data`,
      // Wallet sign-in messages may name the page Vite serves (decision 003 "Link origins").
      DEV_WEB_ORIGIN: 'http://localhost:5173',
    },
  }),
  spawn('npm', ['run', 'dev', '-w', '@vitrine/web'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];
const stop = (signal) => {
  for (const child of children) child.kill(signal);
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const child of children)
  child.on('exit', (code) => {
    stop('SIGTERM');
    process.exitCode = code ?? 0;
  });
