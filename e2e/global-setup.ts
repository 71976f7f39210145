// Builds the web app, starts one seeded server for the browser tests, and hands its URL to them.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { type RunningServer, repoRoot, startServer } from './support/server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    adminToken: string;
  }
}

let server: RunningServer | undefined;

export async function setup(project: TestProject): Promise<void> {
  const build = spawnSync('npm', ['run', 'build', '--silent', '-w', '@vitrine/web'], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`web build failed:\n${build.stdout}\n${build.stderr}`);
  const adminToken = randomBytes(24).toString('hex');
  server = await startServer({ env: { ADMIN_TOKEN: adminToken, RATE_LIMITS: 'relaxed' } });
  project.provide('baseUrl', server.url);
  project.provide('adminToken', adminToken);
}

export async function teardown(): Promise<void> {
  await server?.dispose();
}
