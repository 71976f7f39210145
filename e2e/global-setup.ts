// Builds the web app, starts one seeded server for the browser tests, and hands its URL to them.
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { buildWebApp } from '../scripts/build-web.mjs';
import { type RunningServer, startServer } from './support/server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    adminToken: string;
  }
}

let server: RunningServer | undefined;

export async function setup(project: TestProject): Promise<void> {
  // The production bundle, as `npm start` serves it, whatever NODE_ENV the shell has.
  const build = buildWebApp({ stdio: 'pipe' });
  if (build.status !== 0) throw new Error(`web build failed:\n${build.stdout}\n${build.stderr}`);
  const adminToken = randomBytes(24).toString('hex');
  // Funds added by card may be cashed out at once here: the browser tests add funds and cash out in one go, on the
  // server's own clock. The 7-day settling is tested through the API (balance.int.test.ts).
  server = await startServer({
    env: { ADMIN_TOKEN: adminToken, RATE_LIMITS: 'relaxed', CARD_FUNDS_CASHOUT_DAYS: '0' },
  });
  project.provide('baseUrl', server.url);
  project.provide('adminToken', adminToken);
}

export async function teardown(): Promise<void> {
  await server?.dispose();
}
